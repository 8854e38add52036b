// Which of the given ids already exist (to make re-imports idempotent).
// Params: $ids LIST<STRING>. Returns: id.
// READ
UNWIND $ids AS wanted
MATCH (n:Node {id: wanted})
RETURN n.id AS id
