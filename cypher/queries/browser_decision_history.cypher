// For Neo4j Browser: the whole supersession chain a decision belongs to, oldest first.
//   :param id => 'dec_...'
// Params: $id STRING. Returns: the chain as a path (draw it) and each step's text and dates.
// READ
MATCH (d:Decision {id: $id})
MATCH p = (first:Decision)-[:SUPERSEDED_BY*0..20]->(d)-[:SUPERSEDED_BY*0..20]->(last:Decision)
WHERE NOT ()-[:SUPERSEDED_BY]->(first) AND NOT (last)-[:SUPERSEDED_BY]->()
RETURN p, [n IN nodes(p) | n.text + ' (' + toString(coalesce(n.valid_from, n.recorded_at)) + ')'] AS steps
