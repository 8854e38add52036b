// Every relationship touching one node, with a short description of the other end.
// Params: $id STRING. Returns: id, type, source_id, target_id, props, other_id, other_labels,
// other_text, other_scope (the read gate leaves out a neighbour in a scope the reader may not read).
// READ
MATCH (n:Node {id: $id})-[r]-(m:Node)
RETURN r.id AS id, type(r) AS type, startNode(r).id AS source_id, endNode(r).id AS target_id,
       properties(r) AS props, m.id AS other_id, labels(m) AS other_labels,
       coalesce(m.title, m.text, m.name, m.qualified_name, m.path, m.option) AS other_text,
       m.scope AS other_scope
ORDER BY type, other_id
