// The live DEFINED_IN relationships of some symbols (to move them when a symbol changes file).
// Params: $ids LIST<STRING>. Returns: id, type, source_id, target_id, path.
// READ
UNWIND $ids AS wanted
MATCH (s:Symbol {id: wanted})-[r:DEFINED_IN]->(f:File)
WHERE r.retired_at IS NULL
RETURN r.id AS id, type(r) AS type, s.id AS source_id, f.id AS target_id, f.path AS path
