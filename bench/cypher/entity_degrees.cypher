// Bench only: ABOUT degree of each entity, largest first (how big the graph voice's hubs are).
// Params: $limit INTEGER. Returns: name, degree.
// READ
MATCH (e:Entity)
RETURN e.name AS name, COUNT { (e)<-[:ABOUT]-() } AS degree
ORDER BY degree DESC
LIMIT $limit
