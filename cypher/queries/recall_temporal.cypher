// Temporal voice: the most recently recorded or used active units.
// Params: $since DATETIME, $limit INTEGER, $branches LIST<STRING>, $scope STRING|null,
// $kinds LIST<STRING>|null. Returns: id, score (newer is higher).
// READ
MATCH (m:Memory)
WHERE m.recorded_at >= $since AND m.branch IN $branches
  AND m.valid_until IS NULL AND m.retired_at IS NULL
  AND ($scope IS NULL OR m.scope = $scope)
  AND ($kinds IS NULL OR m.kind IN $kinds)
WITH m, coalesce(m.last_used_at, m.recorded_at) AS touched
RETURN m.id AS id, toFloat(touched.epochSeconds) AS score
ORDER BY score DESC
LIMIT $limit
