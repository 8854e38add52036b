// Creates relationships in one batch between nodes found by id; the type comes
// from the RelType enum, never from user text.
// A row whose props lack `created_at` takes $created_at (a batch's edges usually share one
// instant; it is sent once). A row's other UTC datetimes come apart, in `times`, as [epoch
// seconds, nanoseconds] (the driver spends ~50-70 µs on each Python datetime) and are set back
// as the same DateTime, offset Z.
// Params: $rows LIST<MAP{type: STRING, source_id: STRING, target_id: STRING, props: MAP,
// times: MAP|null}>, $created_at DATETIME|null.
// Returns: ids LIST<STRING> (one row; rows whose ends are missing add no id).
// WRITE
UNWIND $rows AS row
MATCH (a:Node {id: row.source_id})
MATCH (b:Node {id: row.target_id})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
FOREACH (key IN keys(row.times) |
  SET r[key] = datetime({epochSeconds: row.times[key][0], nanosecond: row.times[key][1], timezone: 'Z'})
)
SET r.created_at = coalesce(r.created_at, $created_at)
RETURN collect(r.id) AS ids
