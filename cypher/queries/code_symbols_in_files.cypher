// Live symbols defined in some files of a project.
// Params: $project STRING, $paths LIST<STRING>. Returns: symbol MAP.
// READ
MATCH (s:Symbol)
WHERE s.project = $project AND s.file_path IN $paths AND s.retired_at IS NULL
RETURN s {.*} AS symbol
