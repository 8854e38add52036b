// Co-occurrence of units returned together: a RELATED edge per pair (created on first
// co-occurrence), its co_occurrence counter raised; the strengthening job turns counts into weight.
// Params: $pairs LIST<MAP{a: STRING, b: STRING}>, $now DATETIME. Returns: edges (count).
// WRITE
UNWIND $pairs AS pair
MATCH (a:Memory {id: pair.a})
MATCH (b:Memory {id: pair.b})
MERGE (a)-[r:RELATED]->(b)
ON CREATE SET r.id = 'rel_' + replace(randomUUID(), '-', ''), r.created_at = $now, r.weight = 0.1,
              r.usage = 0, r.success = 0, r.co_occurrence = 0, r.stale = false, r.reason = 'co-occurrence'
SET r.co_occurrence = r.co_occurrence + 1, r.last_used_at = $now
RETURN count(r) AS edges
