// Every change made by one action (one batch), in the order they were made.
// Params: $batch_id STRING. Returns: change MAP.
// READ
MATCH (c:Change {batch_id: $batch_id})
RETURN c {.*} AS change
ORDER BY c.at, c.seq
