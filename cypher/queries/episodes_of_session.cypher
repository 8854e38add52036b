// The live episodes of a session in a scope, each with its live NEXT edge (if any), so that a
// turn imported later (a bad line fixed, a session continued) is chained where its number puts it.
// Params: $session STRING, $scope STRING.
// Returns: id, turn, next_edge (id of the live NEXT edge out of it, or null), next_id.
// READ
MATCH (e:Episode {session: $session})
WHERE e.scope = $scope AND e.retired_at IS NULL
OPTIONAL MATCH (e)-[n:NEXT]->(f)
WHERE n.retired_at IS NULL AND f.retired_at IS NULL
RETURN e.id AS id, e.turn AS turn, n.id AS next_edge, f.id AS next_id
ORDER BY turn, id
