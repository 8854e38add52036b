// For Neo4j Browser: open conflicts, ambiguities and tasks, oldest first, with what they involve.
//   :param limit => 50
// Params: $limit INTEGER. Returns: kind, what, involves, opened, id.
// READ
MATCH (r:Node)
WHERE (r:Conflict OR r:Ambiguity OR r:Task) AND r.status = 'open'
RETURN CASE WHEN r:Conflict THEN 'conflict' WHEN r:Ambiguity THEN 'ambiguity' ELSE 'task' END AS kind,
       r.text AS what,
       [(r)-[i:INVOLVES]->(m:Node) WHERE i.retired_at IS NULL | coalesce(m.text, m.name, m.id)] AS involves,
       r.created_at AS opened, r.id AS id
ORDER BY opened
LIMIT $limit
