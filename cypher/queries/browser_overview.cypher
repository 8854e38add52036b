// For Neo4j Browser: current decisions, failures and rules, newest first, with what they govern,
// break, considered or are about, drawn as a graph.
//   :param limit => 25
// Params: $limit INTEGER. Returns: unit (a node), links (paths: draw them).
// READ
MATCH (m:Memory)
WHERE (m:Decision OR m:Failure OR m:Rule) AND m.valid_until IS NULL AND m.retired_at IS NULL
WITH m ORDER BY m.recorded_at DESC LIMIT $limit
OPTIONAL MATCH p = (m)-[r]->(:Node)
  WHERE type(r) IN ['GOVERNS', 'BROKE', 'CONSIDERED', 'ABOUT'] AND r.retired_at IS NULL
RETURN m AS unit, collect(p) AS links
