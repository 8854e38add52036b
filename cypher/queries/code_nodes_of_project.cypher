// Every code node (files and symbols, retired ones too) a project holds, with what their ids
// are made from: to move them to another project key (code/ownership.py).
// Params: $project STRING. Returns: id, label, path, qualified_name, kind, signature_hash.
// READ
CALL () {
  MATCH (f:File {project: $project})
  RETURN f.id AS id, 'File' AS label, f.path AS path, null AS qualified_name, null AS kind,
         null AS signature_hash
  UNION ALL
  MATCH (s:Symbol {project: $project})
  RETURN s.id AS id, 'Symbol' AS label, null AS path, s.qualified_name AS qualified_name,
         s.kind AS kind, s.signature_hash AS signature_hash
}
RETURN id, label, path, qualified_name, kind, signature_hash
ORDER BY id
