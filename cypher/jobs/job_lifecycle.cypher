// Job: lifecycle promotions by MemoryScore (SPEC §7). Promotes to consolidated at score
// >= 0.80 with trust >= 0.75 when confirmed, linked and uncontested; staging to working at
// >= 0.55 (with a fresh 14-day TTL); flags units below 0.30 as archive candidates. It never
// demotes: expiry is the TTL job's, retirement a person's. Each transition is a :Change.
// Params: $now DATETIME, $batch_id STRING, $seq_base INTEGER, $dry_run BOOLEAN.
// Returns: changed INTEGER.
// WRITE
MATCH (m:Memory)
WHERE m.memory_score IS NOT NULL AND m.kind <> 'episode'
  AND m.lifecycle IN ['staging', 'working', 'consolidated'] AND NOT m.truth_status IN ['deprecated', 'contradicted']
  AND m.valid_until IS NULL AND m.retired_at IS NULL
WITH m,
     CASE
       WHEN m.lifecycle <> 'consolidated' AND m.memory_score >= 0.80 AND m.trust >= 0.75
            AND m.truth_status = 'confirmed' AND NOT coalesce(m.in_conflict, false)
            AND EXISTS { (m)-[r:FROM|ABOUT|GOVERNS|BROKE|DERIVED_FROM|CONSIDERED]-() WHERE r.retired_at IS NULL }
         THEN 'consolidated'
       WHEN m.lifecycle = 'staging' AND m.memory_score >= 0.55 THEN 'working'
       ELSE m.lifecycle
     END AS target,
     m.memory_score < 0.30 AS archive_candidate
WHERE target <> m.lifecycle OR coalesce(m.archive_candidate, false) <> archive_candidate
WITH m, target, archive_candidate,
     CASE target WHEN 'working' THEN $now + duration('P14D') WHEN 'consolidated' THEN null ELSE m.ttl_until END AS ttl
CALL (m, target, archive_candidate, ttl) {
  WITH m, target, archive_candidate, ttl WHERE NOT $dry_run
  CREATE (c:Node:Change {
    id: 'chg_' + replace(randomUUID(), '-', ''), op: 'update_node', actor: 'maintenance', at: $now,
    seq: $seq_base + id(m), target_id: m.id, target_kind: m.kind, batch_id: $batch_id,
    reason: 'lifecycle by memory_score ' + toString(m.memory_score),
    before: '{"archive_candidate": ' + toString(coalesce(m.archive_candidate, false)) + ', "lifecycle": "' + m.lifecycle
            + '", "ttl_until": ' + CASE WHEN m.ttl_until IS NULL THEN 'null' ELSE '{"$datetime": "' + toString(m.ttl_until) + '"}' END + '}',
    after: '{"archive_candidate": ' + toString(archive_candidate) + ', "lifecycle": "' + target
           + '", "ttl_until": ' + CASE WHEN ttl IS NULL THEN 'null' ELSE '{"$datetime": "' + toString(ttl) + '"}' END + '}'
  })
  SET m.lifecycle = target, m.archive_candidate = archive_candidate, m.ttl_until = ttl
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(m) AS changed
