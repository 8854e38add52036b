// For Neo4j Browser: a symbol, its file, what it calls and what calls it, and the memory
// attached to it (decisions, failures, rules, notes). Set the parameter first:
//   :param qualified_name => 'shop.auth.login'
// Params: $qualified_name STRING. Returns: s, code, attached (paths: draw them as a graph).
// READ
MATCH (s:Symbol {qualified_name: $qualified_name})
WHERE s.retired_at IS NULL
OPTIONAL MATCH p = (s)-[r1]-(:Node)
  WHERE type(r1) IN ['DEFINED_IN', 'CALLS', 'RENAMED_FROM']
OPTIONAL MATCH q = (s)<-[r2]-(:Node)
  WHERE type(r2) IN ['GOVERNS', 'BROKE', 'ABOUT', 'CALLS']
RETURN s, collect(DISTINCT p) AS code, collect(DISTINCT q) AS attached
