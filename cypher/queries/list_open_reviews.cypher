// Open review items (conflicts, ambiguities, tasks), oldest first, with what they involve
// (`involved_as`: the INVOLVES role, set on an ambiguity's).
// Params: $limit INTEGER. Returns: kind, item MAP, involves LIST<MAP>.
// READ
MATCH (r:Node)
WHERE (r:Conflict OR r:Ambiguity OR r:Task) AND r.status = 'open'
RETURN CASE WHEN r:Conflict THEN 'Conflict' WHEN r:Ambiguity THEN 'Ambiguity' ELSE 'Task' END AS kind,
       r {.*} AS item,
       [(r)-[i:INVOLVES]->(m:Node) WHERE i.retired_at IS NULL | m {.id, .text, .name, .kind, involved_as: i.role}] AS involves
ORDER BY r.created_at
LIMIT $limit
