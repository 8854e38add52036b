// Job: MemoryScore of every unit (SPEC §7), batched so it stays fast on big graphs:
//   0.22 importance + 0.22 trust + 0.20 task_relevance + 0.12 usage + 0.10 recency
//   + 0.10 stability + 0.08 novelty - 0.18 risk - 0.18 noise, clamped to [0, 1].
// Params: $now DATETIME, $dry_run BOOLEAN. Returns: changed INTEGER (units whose score moved).
// WRITE
MATCH (m:Memory)
CALL (m) {
  WITH m,
       CASE m.kind WHEN 'rule' THEN 0.9 WHEN 'decision' THEN 0.8 WHEN 'failure' THEN 0.8
                   WHEN 'fact' THEN 0.5 ELSE 0.3 END
         + CASE m.severity WHEN 'critical' THEN 0.1 ELSE 0.0 END AS importance,
       (coalesce(m.success_count, 0) + 1.0) / (coalesce(m.success_count, 0) + coalesce(m.failure_count, 0) + 2.0) AS task_relevance,
       1.0 - exp(-coalesce(m.usage_count, 0) / 5.0) AS usage,
       exp(-duration.inSeconds(coalesce(m.last_used_at, m.recorded_at), $now).seconds / 86400.0 / 30.0) AS recency,
       CASE m.truth_status WHEN 'confirmed' THEN 1.0 WHEN 'candidate' THEN 0.6 WHEN 'hypothesis' THEN 0.3 ELSE 0.0 END
         * (0.5 + 0.5 * CASE WHEN coalesce(m.mention_count, 1) >= 3 THEN 1.0 ELSE coalesce(m.mention_count, 1) / 3.0 END) AS stability,
       exp(-duration.inSeconds(m.recorded_at, $now).seconds / 86400.0 / 14.0) AS novelty,
       CASE WHEN m.in_conflict OR m.truth_status = 'contradicted' THEN 1.0 ELSE 0.0 END AS risk,
       CASE WHEN size(m.text) < 12 THEN 0.5 ELSE 0.0 END
         + coalesce(m.failure_count, 0) / (coalesce(m.success_count, 0) + coalesce(m.failure_count, 0) + 1.0) * 0.5 AS noise
  WITH m, round(
         CASE WHEN 0.22 * importance + 0.22 * m.trust + 0.20 * task_relevance + 0.12 * usage + 0.10 * recency
                   + 0.10 * stability + 0.08 * novelty - 0.18 * risk - 0.18 * noise < 0.0 THEN 0.0
              WHEN 0.22 * importance + 0.22 * m.trust + 0.20 * task_relevance + 0.12 * usage + 0.10 * recency
                   + 0.10 * stability + 0.08 * novelty - 0.18 * risk - 0.18 * noise > 1.0 THEN 1.0
              ELSE 0.22 * importance + 0.22 * m.trust + 0.20 * task_relevance + 0.12 * usage + 0.10 * recency
                   + 0.10 * stability + 0.08 * novelty - 0.18 * risk - 0.18 * noise END, 4) AS score
  WITH m, score WHERE m.memory_score IS NULL OR abs(m.memory_score - score) >= 0.0001
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END | SET m.memory_score = score, m.scored_at = $now)
  RETURN 1 AS moved
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(moved) AS changed
