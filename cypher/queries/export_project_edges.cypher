// The relationships of up to 1,000 nodes of a per-project export, read after its nodes: each
// node's outgoing relationships and its incoming ones (the exporter keeps an incoming one only
// when its start node is outside the export, so none is written twice). A relationship whose
// other end is in a scope the read gate keeps from the reader is only counted (`withheld`):
// the export names neither that node nor the relationship. Properties come back as in
// export_edges_page.cypher.
// Params: $ids LIST<STRING> (node ids of the export).
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// Returns: node_id STRING, edges LIST<MAP{id: STRING, type: STRING, source_id: STRING,
// target_id: STRING, props: LIST<MAP{key, type, value}>}>, withheld INTEGER.
// READ
UNWIND $ids AS node_id
MATCH (n:Node {id: node_id})
RETURN node_id,
       COLLECT {
         MATCH (n)-[r]-(b:Node)
         WHERE b.scope IS NULL
            OR (($visible_scopes IS NULL OR b.scope IN $visible_scopes
                 OR (b.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
                AND NOT b.scope IN $hidden_scopes)
         WITH DISTINCT r
         RETURN {
           id: r.id,
           type: type(r),
           source_id: startNode(r).id,
           target_id: endNode(r).id,
           props: [key IN keys(r) | {
             key: key,
             type: valueType(r[key]),
             value: CASE WHEN valueType(r[key]) IN ['ZONED DATETIME NOT NULL', 'LOCAL DATETIME NOT NULL', 'DATE NOT NULL',
                                                    'ZONED TIME NOT NULL', 'LOCAL TIME NOT NULL', 'DURATION NOT NULL']
                         THEN toString(r[key]) ELSE r[key] END
           }]
         }
       } AS edges,
       COUNT {
         MATCH (n)-[r]-(b:Node)
         WHERE b.scope IS NOT NULL
           AND NOT (($visible_scopes IS NULL OR b.scope IN $visible_scopes
                     OR (b.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
                    AND NOT b.scope IN $hidden_scopes)
       } AS withheld
ORDER BY node_id
