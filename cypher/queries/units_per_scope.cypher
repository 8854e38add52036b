// Current units per scope (a project's id, workspace, or an agent's notes), most first. The
// column is `name`, not `scope`: a list of names for `hippo projects`, filtered by grants in
// Python rather than by the reader's view.
// Params: none. Returns: name STRING, units INTEGER.
// READ
MATCH (m:Memory)
WHERE m.valid_until IS NULL AND m.retired_at IS NULL AND NOT m:Episode
RETURN m.scope AS name, count(*) AS units
ORDER BY units DESC, name
