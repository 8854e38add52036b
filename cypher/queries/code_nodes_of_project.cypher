// Every code node (files and symbols, retired ones too) a project holds, with what their ids
// are made from: to move them to another project key (code/ownership.py).
// Params: $project STRING. Returns: id, label, path, qualified_name, kind, signature_hash.
// READ
MATCH (n:Node {project: $project})
WHERE n:File OR n:Symbol
RETURN n.id AS id, CASE WHEN n:File THEN 'File' ELSE 'Symbol' END AS label, n.path AS path,
       n.qualified_name AS qualified_name, n.kind AS kind, n.signature_hash AS signature_hash
ORDER BY id
