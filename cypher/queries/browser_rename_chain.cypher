// For Neo4j Browser: every identity a symbol had (renames, moves, signature changes), newest first.
//   :param qualified_name => 'shop.tokens.issue_token'
// Params: $qualified_name STRING. Returns: step, qualified_name, signature, file_path, how, retired_at.
// READ
MATCH (s:Symbol {qualified_name: $qualified_name})
WHERE s.retired_at IS NULL
MATCH p = (s)-[:RENAMED_FROM*0..20]->(o:Symbol)
RETURN length(p) AS step, o.qualified_name AS qualified_name, o.signature AS signature, o.file_path AS file_path,
       CASE WHEN length(p) = 0 THEN 'current' ELSE last(relationships(p)).reason END AS how, o.retired_at AS retired_at
ORDER BY step
