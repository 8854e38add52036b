// Creates a knowledge unit unless an active one with the same dedup key exists.
// MERGE on the uniquely constrained key serialises concurrent writers, so eight
// agents remembering one fact at once make one unit.
// Params: $dedup_key STRING, $props MAP (unit properties), $labels LIST<STRING>
// (from the schema enums), $token STRING (unique per call).
// Returns: created BOOLEAN, id STRING.
// WRITE
MERGE (m:Memory {dedup_key: $dedup_key})
ON CREATE SET m += $props, m.merge_token = $token
WITH m, coalesce(m.merge_token = $token, false) AS created
SET m:$($labels)
REMOVE m.merge_token
RETURN created, m.id AS id
