// Entities that may be the one a mention names: exact name or alias key, or a fuzzy
// full-text match; with the texts of a few units about each and its neighbour entities.
// Params: $key STRING, $fuzzy STRING (escaped Lucene), $scope STRING, $limit INTEGER.
// Returns: entity MAP, contexts LIST<STRING>, neighbors LIST<STRING>.
// READ
CALL () {
  MATCH (e:Entity) WHERE e.name_key = $key OR $key IN coalesce(e.alias_keys, [])
  RETURN e
  UNION
  CALL db.index.fulltext.queryNodes('entity_name_text', $fuzzy, {limit: $limit}) YIELD node
  RETURN node AS e
}
WITH DISTINCT e
WHERE e.retired_at IS NULL AND coalesce(e.scope, $scope) = $scope
RETURN e {.*} AS entity,
       [(e)<-[:ABOUT]-(m:Memory) WHERE m.valid_until IS NULL | m.text][..5] AS contexts,
       [(e)<-[:ABOUT]-(:Memory)-[:ABOUT]->(o:Entity) WHERE o <> e | o.name_key][..20] AS neighbors
LIMIT $limit
