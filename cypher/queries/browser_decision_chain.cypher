// For Neo4j Browser: the chain of superseded decisions about X (found by the full-text index),
// oldest first, drawn as a path.
//   :param subject => 'access tokens'
// Params: $subject STRING. Returns: chain (a path: draw it), steps.
// READ
CALL db.index.fulltext.queryNodes('memory_search', $subject) YIELD node
WITH node WHERE node:Decision
WITH node AS d LIMIT 5
MATCH p = (first:Decision)-[:SUPERSEDED_BY*0..20]->(d)-[:SUPERSEDED_BY*0..20]->(last:Decision)
WHERE NOT EXISTS { (:Decision)-[:SUPERSEDED_BY]->(first) } AND NOT EXISTS { (last)-[:SUPERSEDED_BY]->(:Decision) }
RETURN DISTINCT p AS chain,
       [n IN nodes(p) | n.text + ' (from ' + toString(coalesce(n.valid_from, n.recorded_at)) + ')'] AS steps
