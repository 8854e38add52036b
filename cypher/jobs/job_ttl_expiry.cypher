// Job: TTL expiry. Units never confirmed whose ttl_until has passed are archived (never
// deleted) and give up their dedup key, so a later mention starts afresh; each transition
// is recorded as a :Change of the run's batch.
// Params: $now DATETIME, $batch_id STRING, $seq_base INTEGER, $dry_run BOOLEAN.
// Returns: changed INTEGER.
// WRITE
MATCH (m:Memory)
WHERE m.ttl_until IS NOT NULL AND m.ttl_until < $now
  AND m.lifecycle IN ['staging', 'working'] AND m.truth_status <> 'confirmed' AND m.kind <> 'episode'
CALL (m) {
  WITH m WHERE NOT $dry_run
  CREATE (c:Node:Change {
    id: 'chg_' + replace(randomUUID(), '-', ''), op: 'update_node', actor: 'maintenance', at: $now,
    seq: $seq_base + id(m), target_id: m.id, target_kind: m.kind, batch_id: $batch_id,
    reason: 'ttl expired without confirmation',
    before: '{"closed_dedup_key": null, "dedup_key": ' + CASE WHEN m.dedup_key IS NULL THEN 'null' ELSE '"' + m.dedup_key + '"' END
            + ', "lifecycle": "' + m.lifecycle + '", "ttl_until": {"$datetime": "' + toString(m.ttl_until) + '"}}',
    after: '{"closed_dedup_key": ' + CASE WHEN m.dedup_key IS NULL THEN 'null' ELSE '"' + m.dedup_key + '"' END
           + ', "dedup_key": null, "lifecycle": "archived", "ttl_until": null}'
  })
  SET m.lifecycle = 'archived', m.ttl_until = null, m.closed_dedup_key = m.dedup_key, m.dedup_key = null
} IN TRANSACTIONS OF 1000 ROWS
RETURN count(m) AS changed
