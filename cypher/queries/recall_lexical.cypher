// Lexical voice: BM25 over the full-text index, filtered to what the caller may see.
// Params: $query STRING (escaped Lucene), $fetch INTEGER, $limit INTEGER,
// $branches LIST<STRING>, $scope STRING|null, $kinds LIST<STRING>|null.
// Returns: id, score (best first).
// READ
CALL db.index.fulltext.queryNodes('memory_search', $query, {limit: $fetch}) YIELD node, score
WHERE node.branch IN $branches
  AND ($scope IS NULL OR node.scope = $scope)
  AND ($kinds IS NULL OR node.kind IN $kinds)
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $limit
