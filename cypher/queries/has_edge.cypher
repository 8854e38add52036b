// Whether a live relationship of a type already links two nodes.
// Params: $source_id STRING, $target_id STRING, $type STRING. Returns: n INTEGER.
// READ
MATCH (a:Node {id: $source_id})-[r]->(b:Node {id: $target_id})
WHERE type(r) = $type AND r.retired_at IS NULL
RETURN count(r) AS n
