// The live CALLS edges from some symbols, so that an index completing the links of a run that
// stopped draws none twice.
// Params: $ids LIST<STRING> (symbol ids).
// Returns: calls LIST<LIST<STRING>> ([caller id, callee id]), one row.
// READ PLAIN
UNWIND $ids AS id
MATCH (s:Symbol {id: id})-[r:CALLS]->(t:Symbol)
WHERE r.retired_at IS NULL
RETURN collect([s.id, t.id]) AS calls
