// Nearest active units of one kind by embedding (the vector index, never a scan),
// for near-duplicate detection.
// Params: $embedding LIST<FLOAT>, $k INTEGER, $kind STRING, $scope STRING,
// $branches LIST<STRING>, $min_score FLOAT.
// Returns: id, score, text.
// READ
CALL db.index.vector.queryNodes('memory_embedding', $k, $embedding) YIELD node, score
WITH node AS m, score
WHERE score >= $min_score AND m.kind = $kind AND m.scope = $scope AND m.branch IN $branches
  AND m.valid_until IS NULL AND m.retired_at IS NULL AND m.dedup_key IS NOT NULL
RETURN m.id AS id, score, m.text AS text
ORDER BY score DESC
