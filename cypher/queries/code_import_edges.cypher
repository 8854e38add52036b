// The live IMPORTS relationships from some files of a project.
// Params: $project STRING, $paths LIST<STRING>.
// Returns: id, type, source_id, target_id, target (the imported file's path).
// READ
MATCH (a:File {project: $project})-[r:IMPORTS]->(b:File)
WHERE a.path IN $paths AND r.retired_at IS NULL
RETURN r.id AS id, type(r) AS type, a.id AS source_id, b.id AS target_id, b.path AS target
