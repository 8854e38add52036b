// An open task already recorded for the same need (no duplicate tasks for one question).
// Params: $query_key STRING, $reason STRING. Returns: id.
// READ
MATCH (t:Task {status: 'open'})
WHERE t.query_key = $query_key AND t.reason = $reason
RETURN t.id AS id
LIMIT 1
