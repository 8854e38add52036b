// Sets properties on one node and returns them before and after, for the change log.
// Params: $id STRING, $props MAP. Returns: before, after (no row when the id is unknown).
// WRITE
MATCH (n:Node {id: $id})
WITH n, n {.*, embedding: null} AS before
SET n += $props
RETURN before, n {.*, embedding: null} AS after
