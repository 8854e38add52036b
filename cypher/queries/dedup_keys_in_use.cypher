// Which of the given dedup keys a unit already holds (in any scope the reader may see or not:
// the uniqueness constraint covers them all, so the answer names keys only).
// Params: $keys LIST<STRING>. Returns: key.
// READ
MATCH (m:Memory)
WHERE m.dedup_key IN $keys
RETURN m.dedup_key AS key
