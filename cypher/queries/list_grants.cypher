// Every grant and every principal given a role, for `hippo grants`.
// Params: none. Returns: grants LIST<MAP>, principals LIST<MAP>.
// READ SYSTEM
CALL () {
  OPTIONAL MATCH (g:Grant)
  WITH g ORDER BY g.role, g.scope
  RETURN collect(g {.role, .scope, .level, .granted_by, .granted_at}) AS grants
}
CALL () {
  OPTIONAL MATCH (p:Principal)
  WITH p ORDER BY p.kind, p.name
  RETURN collect(p {.name, .kind, .role, .granted_by, .granted_at}) AS principals
}
RETURN grants, principals
