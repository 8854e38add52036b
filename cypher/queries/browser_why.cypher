// For Neo4j Browser: why did we choose X. Current decisions found by the full-text index or
// governing a thing named X (a renamed symbol by its name then or now), with the alternatives they rejected and their supersession chain.
//   :param subject => 'JWT'
// Params: $subject STRING. Returns: decision, problem, alternatives, reasoning, outcome, replaced, source_ref.
// READ
CALL () {
  CALL db.index.fulltext.queryNodes('memory_search', $subject) YIELD node
  WITH node WHERE node:Decision
  RETURN node AS d
  UNION
  MATCH (d:Decision)-[:GOVERNS]->(t:Node)
  WHERE t.path = $subject OR t.qualified_name = $subject OR t.name = $subject
     OR EXISTS { MATCH (n:Symbol)-[:RENAMED_FROM*1..10]->(t)
                 WHERE n.retired_at IS NULL AND (n.qualified_name = $subject OR n.name = $subject) }
  RETURN d
}
WITH DISTINCT d
WHERE d.valid_until IS NULL AND d.retired_at IS NULL
RETURN d.text AS decision, d.problem AS problem,
       [(d)-[:CONSIDERED]->(a:Alternative) | a.option + ': ' + a.why_rejected] AS alternatives,
       d.reasoning AS reasoning, d.outcome AS outcome,
       [(o:Decision)-[:SUPERSEDED_BY*1..10]->(d) | o.text] AS replaced, d.source_ref AS source_ref
