// Retires (or, with null, restores) one relationship; edges are never deleted.
// Params: $source_id STRING, $target_id STRING, $id STRING, $retired_at DATETIME|null.
// Returns: before (the previous retired_at, read after the edge is locked, as update_node does).
// WRITE
MATCH (a:Node {id: $source_id})-[r]->(b:Node {id: $target_id})
WHERE r.id = $id
SET r.lock_ = true
WITH r, r.retired_at AS before
SET r.retired_at = $retired_at
REMOVE r.lock_
RETURN before
