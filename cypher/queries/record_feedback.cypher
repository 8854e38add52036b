// Feedback on a recalled unit: success (+1) or failure (-1) on the unit, and on the
// co-occurrence edges it took part in since it was last used.
// Params: $id STRING, $delta INTEGER, $now DATETIME.
// Returns: id, success_count, failure_count.
// WRITE
MATCH (m:Memory {id: $id})
SET m.success_count = coalesce(m.success_count, 0) + CASE WHEN $delta > 0 THEN 1 ELSE 0 END,
    m.failure_count = coalesce(m.failure_count, 0) + CASE WHEN $delta < 0 THEN 1 ELSE 0 END,
    m.last_feedback_at = $now
WITH m
OPTIONAL MATCH (m)-[r:RELATED]-()
WHERE r.last_used_at IS NOT NULL AND r.last_used_at >= coalesce(m.last_used_at, $now) - duration('PT1H')
SET r.success = coalesce(r.success, 0) + $delta
RETURN m.id AS id, m.success_count AS success_count, m.failure_count AS failure_count
LIMIT 1
