// For Neo4j Browser: what changed in the last $days days, newest first: when, what, by whom,
// to which node.
//   :param days => 7
// Params: $days INTEGER, $limit INTEGER. Returns: at, op, actor, target_kind, target, scope, reason.
// READ
MATCH (c:Change)
WHERE c.at >= datetime() - duration({days: $days})
OPTIONAL MATCH (n:Node {id: c.target_id})
RETURN c.at AS at, c.op AS op, c.actor AS actor, c.target_kind AS target_kind,
       coalesce(n.text, n.name, n.path, c.target_id) AS target, c.scope AS scope, c.reason AS reason
ORDER BY c.at DESC, c.seq DESC
LIMIT $limit
