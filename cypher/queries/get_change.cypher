// One change by id.
// Params: $id STRING. Returns: change MAP.
// READ
MATCH (c:Change {id: $id})
RETURN c {.*} AS change
