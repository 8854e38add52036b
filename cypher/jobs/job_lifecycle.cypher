// Job: lifecycle transitions by MemoryScore (SPEC §7). Promotes to consolidated at
// score >= 0.80 with trust >= 0.75 when confirmed, linked and uncontested; moves between
// working (>= 0.55) and staging (>= 0.30); flags units below 0.30 as archive candidates.
// A consolidated unit is not demoted by score alone. Each transition is a :Change.
// Params: $now DATETIME, $batch_id STRING, $seq_base INTEGER, $dry_run BOOLEAN.
// Returns: changed INTEGER.
// WRITE
MATCH (m:Memory)
WHERE m.memory_score IS NOT NULL AND m.kind <> 'episode'
  AND NOT m.lifecycle = 'archived' AND NOT m.truth_status IN ['deprecated', 'contradicted']
  AND m.valid_until IS NULL AND m.retired_at IS NULL
WITH m,
     CASE
       WHEN m.memory_score >= 0.80 AND m.trust >= 0.75 AND m.truth_status = 'confirmed' AND NOT coalesce(m.in_conflict, false)
            AND EXISTS { (m)-[:FROM|ABOUT|GOVERNS|BROKE|DERIVED_FROM|CONSIDERED]-() } THEN 'consolidated'
       WHEN m.lifecycle = 'consolidated' AND NOT coalesce(m.in_conflict, false) THEN 'consolidated'
       WHEN m.memory_score >= 0.55 THEN 'working'
       ELSE 'staging'
     END AS target,
     m.memory_score < 0.30 AS archive_candidate
WHERE target <> m.lifecycle OR coalesce(m.archive_candidate, false) <> archive_candidate
CALL (m, target, archive_candidate) {
  WITH m, target, archive_candidate WHERE NOT $dry_run
  CREATE (c:Node:Change {
    id: 'chg_' + replace(randomUUID(), '-', ''), op: 'update_node', actor: 'maintenance', at: $now,
    seq: $seq_base + id(m), target_id: m.id, target_kind: m.kind, batch_id: $batch_id,
    reason: 'lifecycle by memory_score ' + toString(m.memory_score),
    before: '{"archive_candidate": ' + toString(coalesce(m.archive_candidate, false)) + ', "lifecycle": "' + m.lifecycle + '"}',
    after: '{"archive_candidate": ' + toString(archive_candidate) + ', "lifecycle": "' + target + '"}'
  })
  SET m.lifecycle = target, m.archive_candidate = archive_candidate
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(m) AS changed
