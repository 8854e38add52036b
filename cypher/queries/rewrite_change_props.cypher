// Rewrites the before/after property JSON of change log entries (a purge removes the words).
// Params: $rows LIST<MAP> (id STRING, before STRING|null, after STRING|null). Returns: count.
// WRITE
UNWIND $rows AS row
MATCH (c:Change {id: row.id})
SET c.before = row.before, c.after = row.after
RETURN count(c) AS count
