// For Neo4j Browser: what memory is attached to a file (to it or to any symbol it defines,
// including the symbols' earlier identities).
//   :param path => 'shop/auth.py'
// Params: $path STRING. Returns: kind, id, text, via, target, source_ref.
// READ
MATCH (f:File {path: $path})
WHERE f.retired_at IS NULL
OPTIONAL MATCH (s:Symbol)-[:DEFINED_IN]->(f) WHERE s.retired_at IS NULL
OPTIONAL MATCH (s)-[:RENAMED_FROM*0..10]->(old:Symbol)
WITH f, collect(DISTINCT old) + [f] AS targets
UNWIND targets AS t
MATCH (t)<-[r:GOVERNS|BROKE|ABOUT]-(m:Memory)
WHERE r.retired_at IS NULL AND m.valid_until IS NULL AND m.retired_at IS NULL
RETURN m.kind AS kind, m.id AS id, m.text AS text, type(r) AS via, coalesce(t.qualified_name, t.path) AS target,
       m.source_ref AS source_ref
ORDER BY kind, id
