// One page of the nodes of a per-project export, in id order after $after: the nodes whose
// scope is one of $scopes (units and episodes, entities, review items, :Change entries), the
// :Alternative nodes their decisions considered, the :File and :Symbol nodes of their code
// graph (`project` equal to the scope or to its last path segment, the repository folder name
// `hippo index` writes by default), and the :Change entries without a scope that describe one
// of those unscoped nodes or an edge starting at one. Access rules and the :SchemaVersion
// marker are not memory and are left out. Of $scopes, only those the read gate lets the reader
// see count. Properties come back as in export_nodes_page.cypher.
// Params: $scopes LIST<STRING> (the projects exported), $after STRING (last id of the previous
// page, '' for the first), $limit INTEGER (page size).
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// Returns: id STRING, labels LIST<STRING>, props LIST<MAP{key: STRING, type: STRING, value: ANY}>.
// READ
WITH [s IN $scopes
      WHERE ($visible_scopes IS NULL OR s IN $visible_scopes OR (s STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
        AND NOT s IN $hidden_scopes] AS scopes
WITH scopes, scopes + [s IN scopes | last(split(s, '/'))] AS code_projects
MATCH (n:Node)
WHERE n.id > $after AND NOT n:SchemaVersion AND NOT n:Grant AND NOT n:Principal
OPTIONAL MATCH (owner:Node {id: CASE WHEN n:Change AND n.scope IS NULL THEN coalesce(n.source_id, n.target_id) END})
WITH n, scopes, code_projects, coalesce(owner, n) AS m
WHERE m.scope IN scopes
   OR (m.scope IS NULL AND (
         ((m:File OR m:Symbol) AND m.project IN code_projects)
         OR (m:Alternative AND EXISTS { MATCH (d:Decision)-[:CONSIDERED]->(m) WHERE d.scope IN scopes })))
WITH n ORDER BY n.id LIMIT toInteger($limit)
RETURN n.id AS id, labels(n) AS labels,
       [key IN keys(n) | {
          key: key,
          type: valueType(n[key]),
          value: CASE WHEN valueType(n[key]) IN ['ZONED DATETIME NOT NULL', 'LOCAL DATETIME NOT NULL', 'DATE NOT NULL',
                                                 'ZONED TIME NOT NULL', 'LOCAL TIME NOT NULL', 'DURATION NOT NULL']
                      THEN toString(n[key]) ELSE n[key] END
       }] AS props
ORDER BY id
