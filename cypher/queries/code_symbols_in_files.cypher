// Live symbols defined in some files of a project (each file found through the file_path index).
// Params: $project STRING, $paths LIST<STRING>. Returns: symbol MAP.
// READ
UNWIND $paths AS path
MATCH (s:Symbol {file_path: path})
WHERE s.project = $project AND s.retired_at IS NULL
RETURN s {.*} AS symbol
