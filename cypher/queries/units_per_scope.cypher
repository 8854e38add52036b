// Current units per scope (a project's id, workspace, or an agent's notes), most first.
// Params: none. Returns: scope STRING, units INTEGER.
// READ
MATCH (m:Memory)
WHERE m.valid_until IS NULL AND m.retired_at IS NULL AND NOT m:Episode
RETURN m.scope AS scope, count(*) AS units
ORDER BY units DESC, scope
