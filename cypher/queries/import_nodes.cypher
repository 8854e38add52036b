// Recreates snapshot nodes in one batch (at most 1,000 rows) WITHOUT recording
// :Change nodes: the history is itself part of the snapshot. Labels were checked
// against the NodeLabel enum before this runs. Temporal values arrive as
// ISO-8601 text and are parsed here, so nanoseconds and zones survive exactly;
// `kind` is one of the tags in hippograph/ops/snapshot_format.py.
// Params: $rows LIST<MAP{labels: LIST<STRING>, props: MAP, temporals: LIST<MAP{key: STRING, kind: STRING, value: STRING}>}>.
// Returns: created INTEGER.
// WRITE
UNWIND $rows AS row
CREATE (n:$(row.labels))
SET n = row.props
FOREACH (t IN row.temporals |
  SET n[t.key] = CASE t.kind
    WHEN 'datetime' THEN datetime(t.value)
    WHEN 'localdatetime' THEN localdatetime(t.value)
    WHEN 'date' THEN date(t.value)
    WHEN 'time' THEN time(t.value)
    WHEN 'localtime' THEN localtime(t.value)
    WHEN 'duration' THEN duration(t.value)
  END
)
RETURN count(n) AS created
