// Units the vector index cannot see yet because they have no embedding.
// Params: none. Returns: count.
// READ
MATCH (m:Memory) WHERE m.embedding IS NULL
RETURN count(m) AS count
