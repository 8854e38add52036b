// Which of the given ids already exist, and whether they were retired (re-imports are idempotent
// and revive what an undo or rollback retired).
// Params: $ids LIST<STRING>. Returns: id, retired BOOLEAN.
// READ
UNWIND $ids AS wanted
MATCH (n:Node {id: wanted})
RETURN n.id AS id, n.retired_at IS NOT NULL AS retired
