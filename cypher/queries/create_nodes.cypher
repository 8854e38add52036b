// Creates nodes in one batch (at most 1,000 rows); labels come from schema
// enums, never from user text.
// A row's UTC datetimes come apart from its props, in `times`, as [epoch seconds, nanoseconds]
// (the driver spends ~50-70 µs turning each Python datetime into a Bolt value, next to nothing
// on two integers); they are set back as the same DateTime, offset Z.
// Params: $rows LIST<MAP{labels: LIST<STRING>, props: MAP, times: MAP|null}>.
// Returns: ids LIST<STRING> (one row: per-row results cost the driver ~20 µs each).
// WRITE
UNWIND $rows AS row
CREATE (n:$(row.labels))
SET n = row.props
FOREACH (key IN keys(row.times) |
  SET n[key] = datetime({epochSeconds: row.times[key][0], nanosecond: row.times[key][1], timezone: 'Z'})
)
RETURN collect(n.id) AS ids
