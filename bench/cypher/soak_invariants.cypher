// Bench only: the soak's invariants, each a count of violations (0 expected), and the episodes
// per acknowledged session.
// Params: $ids LIST<STRING> (acknowledged unit ids), $sessions LIST<STRING>.
// Returns: current_pairs_outside_conflict, duplicate_entities, changes_without_node,
// missing_acknowledged, episodes LIST<MAP{session, episodes}>.
// READ
CALL () {
  MATCH (m:Memory)
  WHERE m.subject IS NOT NULL AND m.topic IS NOT NULL AND NOT m:Episode
    AND m.valid_until IS NULL AND m.retired_at IS NULL
    AND NOT EXISTS { (m)-[r:SUPERSEDED_BY]->() WHERE r.retired_at IS NULL }
  WITH m.scope AS scope, m.kind AS kind, m.branch AS branch, m.subject AS subject,
       m.topic AS topic, collect(m) AS current
  WHERE size(current) > 1
  UNWIND current AS a
  UNWIND current AS b
  WITH a, b WHERE a.id < b.id AND NOT EXISTS { (a)-[:CONTRADICTS]-(b) }
  RETURN count(*) AS current_pairs_outside_conflict
}
CALL () {
  MATCH (e:Entity) WHERE e.retired_at IS NULL
  WITH e.scope AS scope, e.name_key AS key, count(*) AS n
  WHERE n > 1
  RETURN count(*) AS duplicate_entities
}
CALL () {
  MATCH (c:Change) WHERE c.op IN ['create_node', 'update_node']
    AND NOT EXISTS { MATCH (n:Node {id: c.target_id}) }
  RETURN count(*) AS changes_without_node
}
CALL () {
  UNWIND $ids AS id
  WITH id WHERE NOT EXISTS { MATCH (:Node {id: id}) }
  RETURN count(*) AS missing_acknowledged
}
CALL () {
  UNWIND $sessions AS s
  OPTIONAL MATCH (e:Episode {session: s})
  WITH s, count(e) AS n
  RETURN collect({session: s, episodes: n}) AS episodes
}
RETURN current_pairs_outside_conflict, duplicate_entities, changes_without_node,
       missing_acknowledged, episodes
