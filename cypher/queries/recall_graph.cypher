// Graph voice: one or two hops from the seed units along weighted typed edges, decayed
// per hop and damped through hubs; reaches units that share no word with the query.
// Params: $seeds LIST<MAP{id: STRING, score: FLOAT}>, $per_seed INTEGER, $limit INTEGER,
// $hop_decay FLOAT, $branches LIST<STRING>, $scope STRING|null, $kinds LIST<STRING>|null.
// Returns: id, score, via (the seed id).
// READ
UNWIND $seeds AS seed
MATCH (s:Memory {id: seed.id})
CALL (s, seed) {
  MATCH p = (s)-[rels*1..2]-(m:Memory)
  WHERE m <> s
    AND all(r IN rels WHERE r.retired_at IS NULL AND NOT type(r) IN ['INVOLVES', 'CONTRADICTS'])
    AND m.branch IN $branches
    AND ($scope IS NULL OR m.scope = $scope)
    AND ($kinds IS NULL OR m.kind IN $kinds)
  WITH m, p, rels,
       reduce(w = 1.0, r IN rels | w * coalesce(r.weight, 1.0) * $hop_decay *
         CASE type(r)
           WHEN 'ABOUT' THEN 1.0 WHEN 'GOVERNS' THEN 1.0 WHEN 'BROKE' THEN 1.0 WHEN 'FIXED_BY' THEN 0.9
           WHEN 'DERIVED_FROM' THEN 0.9 WHEN 'CONSIDERED' THEN 0.9 WHEN 'RELATED' THEN 0.8
           WHEN 'FROM' THEN 0.8 WHEN 'NEXT' THEN 0.7 WHEN 'SAME_AS' THEN 0.9 WHEN 'SUPERSEDED_BY' THEN 0.6
           ELSE 0.5 END) AS w
  WITH m, w, CASE WHEN length(p) = 2 THEN nodes(p)[1] ELSE null END AS mid
  WITH m, CASE WHEN mid IS NULL THEN w ELSE w / sqrt(toFloat(COUNT { (mid)--() })) END AS w
  RETURN m, max(w) AS w
  ORDER BY w DESC
  LIMIT $per_seed
}
RETURN m.id AS id, max(seed.score * w) AS score, head(collect(seed.id)) AS via
ORDER BY score DESC
LIMIT $limit
