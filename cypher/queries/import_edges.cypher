// Recreates snapshot relationships in one batch (at most 1,000 rows) between
// nodes found by id, with their original ids, WITHOUT recording :Change nodes.
// Types were checked against the RelType enum before this runs; temporal values
// are parsed from ISO-8601 text as in import_nodes.cypher.
// Params: $rows LIST<MAP{type: STRING, source_id: STRING, target_id: STRING, props: MAP, temporals: LIST<MAP{key: STRING, kind: STRING, value: STRING}>}>.
// Returns: created INTEGER (rows whose ends are missing create nothing).
// WRITE
UNWIND $rows AS row
MATCH (a:Node {id: row.source_id})
MATCH (b:Node {id: row.target_id})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
FOREACH (t IN row.temporals |
  SET r[t.key] = CASE t.kind
    WHEN 'datetime' THEN datetime(t.value)
    WHEN 'localdatetime' THEN localdatetime(t.value)
    WHEN 'date' THEN date(t.value)
    WHEN 'time' THEN time(t.value)
    WHEN 'localtime' THEN localtime(t.value)
    WHEN 'duration' THEN duration(t.value)
  END
)
RETURN count(r) AS created
