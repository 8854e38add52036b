// An active unit holding one of the given dedup keys (exact duplicate on a visible branch).
// Params: $keys LIST<STRING>. Returns: id (at most one row).
// READ
MATCH (m:Memory)
WHERE m.dedup_key IN $keys
RETURN m.id AS id
ORDER BY m.recorded_at
LIMIT 1
