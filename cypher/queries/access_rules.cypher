// The role the graph gives a principal (else $role, the caller's default; a system principal
// keeps $role) and that role's grants. Grants and principals are access rules, not memory.
// Params: $name STRING, $kind STRING, $role STRING. Returns: role STRING, grants LIST<MAP>.
// READ SYSTEM
OPTIONAL MATCH (p:Principal {id: 'principal:' + $kind + ':' + $name})
WITH CASE WHEN $kind = 'system' THEN $role ELSE coalesce(p.role, $role) END AS role
OPTIONAL MATCH (g:Grant {role: role})
RETURN role, collect(g {.scope, .level}) AS grants
