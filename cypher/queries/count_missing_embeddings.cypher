// Units the vector index cannot see yet because they have no embedding, and turns embedded
// as "speaker: words" before recall counted speakers apart (the `embed` job redoes both).
// A purged unit (its text a placeholder, its embedding removed) stays without one.
// Params: none. Returns: count.
// READ
MATCH (m:Memory)
WHERE (m.embedding IS NULL
       OR (m.kind = 'episode' AND m.speaker IS NOT NULL AND m.embedding_of IS NULL))
  AND m.purged_at IS NULL
RETURN count(m) AS count
