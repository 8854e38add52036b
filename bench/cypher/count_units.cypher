// Bench only: how many units the database holds and whether a given entity id is there
// (lets --reuse skip reloading data generated with the same size and seed).
// Params: $id STRING. Returns: units, has_id.
// READ
MATCH (m:Memory)
WITH count(m) AS units
RETURN units, EXISTS { MATCH (:Node {id: $id}) } AS has_id
