// Moves code nodes to another project key: a new id (made from the new key) and project.
// Params: $rows LIST<MAP{old: STRING, new: STRING}>, $project STRING. Returns: id per node moved.
// WRITE
UNWIND $rows AS row
MATCH (n:Node {id: row.old})
WHERE n:File OR n:Symbol
SET n.id = row.new, n.project = $project
RETURN n.id AS id
