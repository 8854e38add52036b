// Bench only: the bare full-text index query, the physical floor of the lexical voice.
// Params: $q STRING (Lucene, the same string recall builds), $limit INTEGER.
// Returns: id, score.
// READ
CALL db.index.fulltext.queryNodes('memory_search', $q, {limit: $limit}) YIELD node, score
RETURN node.id AS id, score
