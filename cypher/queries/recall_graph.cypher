// Graph voice: one or two hops from the seed units along weighted typed edges, decayed
// per hop and damped through hubs; reaches units that share no word with the query.
// Nodes with more than $max_fanout relationships are not walked through (a hub reached at
// the first hop ends the walk there), which keeps the walk cheap on big graphs; a two-hop
// hit through such a hub could not pass the graph-relevance floor anyway.
// Params: $seeds LIST<MAP{id: STRING, score: FLOAT}>, $per_seed INTEGER, $limit INTEGER,
// $hop_decay FLOAT, $max_fanout INTEGER, $branches LIST<STRING>, $scope STRING|null,
// $kinds LIST<STRING>|null.
// Returns: id, score, via (the seed id).
// READ
UNWIND $seeds AS seed
MATCH (s:Memory {id: seed.id})
CALL (s, seed) {
  MATCH p = (s) ((a)-[r]-(b)
                 WHERE r.retired_at IS NULL AND NOT type(r) IN ['INVOLVES', 'CONTRADICTS']
                   AND (a = s OR COUNT { (a)--() } <= $max_fanout)){1,2} (m:Memory)
  WHERE m <> s
    AND m.branch IN $branches
    AND ($scope IS NULL OR m.scope = $scope)
    AND ($kinds IS NULL OR m.kind IN $kinds)
  WITH m, p, relationships(p) AS rels
  WITH m, p,
       reduce(w = 1.0, x IN rels | w * coalesce(x.weight, 1.0) * $hop_decay *
         CASE type(x)
           WHEN 'ABOUT' THEN 1.0 WHEN 'GOVERNS' THEN 1.0 WHEN 'BROKE' THEN 1.0 WHEN 'FIXED_BY' THEN 0.9
           WHEN 'DERIVED_FROM' THEN 0.9 WHEN 'CONSIDERED' THEN 0.9 WHEN 'RELATED' THEN 0.8
           WHEN 'FROM' THEN 0.8 WHEN 'NEXT' THEN 0.7 WHEN 'SAME_AS' THEN 0.9 WHEN 'SUPERSEDED_BY' THEN 0.6
           ELSE 0.5 END) AS w
  WITH m, w, CASE WHEN length(p) = 2 THEN nodes(p)[1] ELSE null END AS mid
  WITH m, CASE WHEN mid IS NULL THEN w ELSE w / sqrt(toFloat(COUNT { (mid)--() })) END AS w
  WITH m, max(w) AS w
  RETURN m, w
  ORDER BY w DESC, m.recorded_at DESC, m.id
  LIMIT $per_seed
}
RETURN m.id AS id, max(seed.score * w) AS score, head(collect(seed.id)) AS via
ORDER BY score DESC, id
LIMIT $limit
