// Job: edge strengthening and decay. An edge's weight grows with use, with success and
// with co-occurrence, and halves every $half_life_days without use. Structural edges
// start from 1.0, learned RELATED (co-occurrence) edges from 0.1; weights stay in [0.05, 2].
// Params: $now DATETIME, $half_life_days FLOAT, $dry_run BOOLEAN. Returns: changed INTEGER.
// WRITE
MATCH ()-[r]->()
WHERE r.last_used_at IS NOT NULL OR coalesce(r.usage, 0) > 0 OR coalesce(r.success, 0) <> 0
   OR coalesce(r.co_occurrence, 0) > 0
CALL (r) {
  WITH r, CASE type(r) WHEN 'RELATED' THEN 0.1 ELSE 1.0 END AS base,
       0.5 ^ (duration.inSeconds(coalesce(r.last_used_at, r.created_at), $now).seconds / 86400.0 / $half_life_days) AS fade
  WITH r, base + (0.05 * log(1 + coalesce(r.usage, 0)) + 0.1 * coalesce(r.success, 0)
                  + 0.05 * log(1 + coalesce(r.co_occurrence, 0))) * fade AS raw
  WITH r, round(CASE WHEN raw < 0.05 THEN 0.05 WHEN raw > 2.0 THEN 2.0 ELSE raw END, 4) AS weight
  WITH r, weight WHERE r.weight IS NULL OR abs(r.weight - weight) >= 0.0001
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END | SET r.weight = weight)
  RETURN 1 AS moved
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(moved) AS changed
