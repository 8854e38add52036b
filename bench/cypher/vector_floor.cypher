// Bench only: the bare vector index query, the physical floor of the semantic voice.
// Params: $embedding LIST<FLOAT>, $limit INTEGER.
// Returns: id, score.
// READ
CALL db.index.vector.queryNodes('memory_embedding', $limit, $embedding) YIELD node, score
RETURN node.id AS id, score
