// Retires (or, with null, restores) relationships; edges are never deleted. One row per
// relationship; give each once.
// Params: $rows LIST<MAP{source_id STRING, target_id STRING, id STRING}>,
// $retired_at DATETIME|null.
// Returns: id, before (the previous retired_at, read after the edge is locked, as update_node
// does); no row for an unknown relationship.
// WRITE
UNWIND $rows AS row
MATCH (a:Node {id: row.source_id})-[r]->(b:Node {id: row.target_id})
WHERE r.id = row.id
SET r.lock_ = true
WITH row, r, r.retired_at AS before
SET r.retired_at = $retired_at
REMOVE r.lock_
RETURN row.id AS id, before
