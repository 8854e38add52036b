// Open review tasks of one reason about a unit (e.g. 'unlinked', closed once it is linked).
// Params: $id STRING, $reason STRING. Returns: id.
// READ
MATCH (t:Task {status: 'open'})-[r:INVOLVES]->(m:Node {id: $id})
WHERE t.reason = $reason AND r.retired_at IS NULL
RETURN t.id AS id
