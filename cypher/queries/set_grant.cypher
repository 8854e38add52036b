// Give a role a level on a scope (replacing the one it had there).
// Params: $id STRING, $role STRING, $scope STRING, $level STRING, $by STRING, $at DATETIME.
// Returns: previous STRING|null.
// WRITE
MERGE (g:Node:Grant {id: $id})
WITH g, g.level AS previous
SET g.role = $role, g.scope = $scope, g.level = $level, g.granted_by = $by, g.granted_at = $at
RETURN previous
