// An entity by normalised name or alias within a scope.
// Params: $key STRING, $scope STRING. Returns: entity MAP (at most one row).
// READ
MATCH (e:Entity)
WHERE (e.name_key = $key OR $key IN coalesce(e.alias_keys, [])) AND e.scope = $scope
RETURN e {.*} AS entity
ORDER BY e.created_at
LIMIT 1
