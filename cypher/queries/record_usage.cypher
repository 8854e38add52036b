// Usage signals of one recall: usage_count and last_used_at on each returned unit.
// Usage is telemetry, not a change of belief, so it is not written to the change log.
// Params: $ids LIST<STRING>, $now DATETIME. Returns: updated (count).
// WRITE
UNWIND $ids AS unit_id
MATCH (m:Memory {id: unit_id})
SET m.usage_count = coalesce(m.usage_count, 0) + 1, m.last_used_at = $now
RETURN count(m) AS updated
