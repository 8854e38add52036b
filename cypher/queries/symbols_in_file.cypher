// Live symbols of one file, outermost first.
// Params: $project STRING, $path STRING. Returns: symbol MAP.
// READ
MATCH (s:Symbol {file_path: $path})
WHERE s.project = $project AND s.retired_at IS NULL
RETURN s {.id, .name, .qualified_name, .kind, .signature, .start_line, .end_line, .file_path} AS symbol
ORDER BY s.start_line, s.end_line DESC
