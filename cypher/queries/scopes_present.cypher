// Which scopes hold memory: every agent's notes scope, and those of $scopes any unit carries
// (null: every scope, a scan of all units). The read gate asks when it lists what a reader
// may see, and before it lets a reader run Cypher of its own.
// Params: $scopes LIST<STRING>|null. Returns: scope STRING.
// READ SYSTEM
CALL () {
  MATCH (m:Memory) WHERE m.scope STARTS WITH 'agent:'
  RETURN DISTINCT m.scope AS scope
  UNION
  MATCH (m:Memory) WHERE $scopes IS NULL OR m.scope IN $scopes
  RETURN DISTINCT m.scope AS scope
}
RETURN scope
