// One review item with the units or entities it involves (`involved_as`: the INVOLVES role).
// Params: $id STRING. Returns: kind, item MAP, involves LIST<MAP>.
// READ
MATCH (r:Node {id: $id})
WHERE r:Conflict OR r:Ambiguity OR r:Task
RETURN CASE WHEN r:Conflict THEN 'Conflict' WHEN r:Ambiguity THEN 'Ambiguity' ELSE 'Task' END AS kind,
       r {.*} AS item,
       [(r)-[i:INVOLVES]->(m:Node) WHERE i.retired_at IS NULL | m {.*, embedding: null, sentence_embeddings: null, involved_as: i.role}] AS involves
