// An open task already recorded for the same need in the same scope (no duplicate tasks for
// one question).
// Params: $query_key STRING, $reason STRING, $scope STRING. Returns: id, scope.
// READ
MATCH (t:Task {status: 'open'})
WHERE t.query_key = $query_key AND t.reason = $reason AND t.scope = $scope
RETURN t.id AS id, t.scope AS scope
LIMIT 1
