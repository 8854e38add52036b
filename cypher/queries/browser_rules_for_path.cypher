// For Neo4j Browser: rules in force for a file. Globs are matched on their literal prefix
// (before the first '*'); `hippo pre-edit FILE` applies full glob semantics.
//   :param path => 'svc/config.py'
// Params: $path STRING. Returns: severity, category, rule, scope, check, pattern, source_ref.
// READ
MATCH (r:Rule)
WHERE r.valid_until IS NULL AND r.retired_at IS NULL AND NOT r.truth_status IN ['deprecated', 'contradicted']
  AND (r.applies_to IN ['*', $path]
       OR $path STARTS WITH split(r.applies_to, '*')[0] AND r.applies_to CONTAINS '*'
       OR EXISTS { (r)-[:GOVERNS]->(:File {path: $path}) }
       OR EXISTS { (r)-[:GOVERNS]->(:Symbol {file_path: $path}) })
RETURN r.severity AS severity, r.category AS category, r.text AS rule, r.applies_to AS scope,
       coalesce(r.check_kind, 'advisory') AS check, r.pattern AS pattern, r.source_ref AS source_ref
ORDER BY CASE r.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END
