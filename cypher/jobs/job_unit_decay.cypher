// Job: decay of each unit by its memory_type (half-lives in days; a missing entry never
// decays, so a user's rules keep 1.0), from its last use or its recording.
// Params: $now DATETIME, $half_lives MAP (memory_type -> days), $dry_run BOOLEAN.
// Returns: changed INTEGER.
// WRITE
MATCH (m:Memory)
CALL (m) {
  WITH m, $half_lives[m.memory_type] AS half_life
  WITH m, CASE WHEN half_life IS NULL THEN 1.0
               ELSE round(0.5 ^ (duration.inSeconds(coalesce(m.last_used_at, m.recorded_at), $now).seconds
                                 / 86400.0 / half_life), 4) END AS decay
  WITH m, decay WHERE m.decay IS NULL OR abs(m.decay - decay) >= 0.0001
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END | SET m.decay = decay)
  RETURN 1 AS moved
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(moved) AS changed
