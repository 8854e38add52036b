// The latest episode of a session in a scope, to chain the next turn after it.
// Params: $session STRING, $scope STRING. Returns: id, turn.
// READ
MATCH (e:Episode {session: $session})
WHERE e.scope = $scope
RETURN e.id AS id, e.turn AS turn
ORDER BY e.turn DESC
LIMIT 1
