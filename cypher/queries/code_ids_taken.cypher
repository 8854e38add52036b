// Which of some ids already name a code node (a re-key never takes an id that is in use).
// Params: $ids LIST<STRING>. Returns: id.
// READ
UNWIND $ids AS wanted
MATCH (n:Node {id: wanted})
WHERE n:File OR n:Symbol
RETURN n.id AS id
