// A file (by repo-relative path) or symbols (by qualified or short name) a unit governs or mentions,
// within one project when it is given (the repository the caller works in).
// Params: $name STRING, $project STRING|null. Returns: id, kind ('file' or 'symbol'), label (path or qualified name).
// READ
CALL () {
  MATCH (f:File {path: $name}) WHERE f.retired_at IS NULL AND ($project IS NULL OR f.project = $project)
  RETURN f.id AS id, 'file' AS kind, f.path AS label
  UNION
  MATCH (s:Symbol {qualified_name: $name}) WHERE s.retired_at IS NULL AND ($project IS NULL OR s.project = $project)
  RETURN s.id AS id, 'symbol' AS kind, s.qualified_name AS label
  UNION
  MATCH (s:Symbol {name: $name}) WHERE s.retired_at IS NULL AND ($project IS NULL OR s.project = $project)
  RETURN s.id AS id, 'symbol' AS kind, s.qualified_name AS label
}
RETURN id, kind, label
