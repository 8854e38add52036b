// For Neo4j Browser: what broke around a symbol (under any of its earlier identities), with
// the fix and the commit or test that proves it.
//   :param qualified_name => 'shop.auth.login'
// Params: $qualified_name STRING. Returns: failure, why, fix, proof, truth_status, symbol, recorded_at.
// READ
MATCH (s:Symbol {qualified_name: $qualified_name})
WHERE s.retired_at IS NULL
MATCH (s)-[:RENAMED_FROM*0..10]->(old:Symbol)<-[:BROKE]-(f:Failure)
RETURN f.text AS failure, f.why AS why, f.fix AS fix, coalesce(f.commit, f.test) AS proof,
       f.truth_status AS truth_status, old.qualified_name AS symbol, f.recorded_at AS recorded_at
ORDER BY recorded_at DESC
