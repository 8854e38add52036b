// Marks one reference stale: what it points at changed its signature and needs review.
// Params: $source_id STRING, $target_id STRING, $id STRING, $reason STRING. Returns: id.
// WRITE
MATCH (a:Node {id: $source_id})-[r]->(b:Node {id: $target_id})
WHERE r.id = $id
SET r.stale = true, r.stale_reason = $reason
RETURN r.id AS id
