// Job: decay of each unit by its memory_type, from its last use or its recording: the Weibull
// survival exp(-(age_days / scale_days) ^ shape) of its type's curve (a half-life h is shape 1,
// scale h / ln 2). A type without a curve never decays, so a user's rules keep 1.0.
// Params: $now DATETIME, $curves MAP (memory_type -> {scale_days, shape}), $dry_run BOOLEAN.
// Returns: changed INTEGER.
// WRITE
MATCH (m:Memory)
CALL (m) {
  WITH m, $curves[m.memory_type] AS curve,
       duration.inSeconds(coalesce(m.last_used_at, m.recorded_at), $now).seconds / 86400.0 AS age_days
  WITH m, CASE WHEN curve IS NULL THEN 1.0
               ELSE round(exp(-((CASE WHEN age_days > 0 THEN age_days ELSE 0.0 END / curve.scale_days)
                                ^ curve.shape)), 4) END AS decay
  WITH m, decay WHERE m.decay IS NULL OR abs(m.decay - decay) >= 0.0001
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END | SET m.decay = decay)
  RETURN 1 AS moved
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(moved) AS changed
