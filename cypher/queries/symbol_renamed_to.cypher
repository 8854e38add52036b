// What a retired symbol of this file, asked for by its old name, is called now: the live
// symbols it was renamed, moved or re-signed into (RENAMED_FROM), for pre-edit's answer to a
// name the file no longer has.
// Params: $project STRING, $path STRING, $name STRING. Returns: qualified_name, file_path.
// READ
MATCH (old:Symbol {file_path: $path})
WHERE old.project = $project AND old.retired_at IS NOT NULL
  AND (old.name = $name OR old.qualified_name = $name)
MATCH (now:Symbol)-[:RENAMED_FROM*1..10]->(old)
WHERE now.retired_at IS NULL
RETURN DISTINCT now.qualified_name AS qualified_name, now.file_path AS file_path
ORDER BY qualified_name
