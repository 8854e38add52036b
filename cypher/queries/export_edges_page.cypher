// One page of snapshot relationships, grouped by start node: the next $limit
// :Node nodes in id order after $after, each with its outgoing relationships to
// :Node nodes (an empty list when it has none). Paging by the indexed start
// node id keeps each page cheap; relationships have no id index. Temporal
// values come back as ISO-8601 text, as in export_nodes_page.cypher.
// Params: $after STRING (last start-node id of the previous page, '' for the first), $limit INTEGER (page size).
// Returns: source_id STRING, edges LIST<MAP{id: STRING, type: STRING, target_id: STRING, props: LIST<MAP{key, type, value}>}>.
// READ
MATCH (a:Node)
WHERE a.id > $after AND NOT a:SchemaVersion
WITH a ORDER BY a.id LIMIT toInteger($limit)
RETURN a.id AS source_id,
       COLLECT {
         MATCH (a)-[r]->(b:Node)
         RETURN {
           id: r.id,
           type: type(r),
           target_id: b.id,
           props: [key IN keys(r) | {
             key: key,
             type: valueType(r[key]),
             value: CASE WHEN valueType(r[key]) IN ['ZONED DATETIME NOT NULL', 'LOCAL DATETIME NOT NULL', 'DATE NOT NULL',
                                                    'ZONED TIME NOT NULL', 'LOCAL TIME NOT NULL', 'DURATION NOT NULL']
                         THEN toString(r[key]) ELSE r[key] END
           }]
         }
       } AS edges
ORDER BY source_id
