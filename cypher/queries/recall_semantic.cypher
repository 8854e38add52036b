// Semantic voice: k nearest units by embedding through the vector index (never a scan).
// Params: $embedding LIST<FLOAT>, $fetch INTEGER, $limit INTEGER,
// $branches LIST<STRING>, $scope STRING|null, $kinds LIST<STRING>|null.
// Returns: id, score (cosine similarity mapped to 0-1, best first).
// READ
CALL db.index.vector.queryNodes('memory_embedding', $fetch, $embedding) YIELD node, score
WHERE node.branch IN $branches
  AND ($scope IS NULL OR node.scope = $scope)
  AND ($kinds IS NULL OR node.kind IN $kinds)
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $limit
