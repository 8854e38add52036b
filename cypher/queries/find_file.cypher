// A source file node by path and project.
// Params: $path STRING, $project STRING. Returns: file MAP (at most one row).
// READ
MATCH (f:File {path: $path})
WHERE f.project = $project AND f.retired_at IS NULL
RETURN f {.*} AS file
LIMIT 1
