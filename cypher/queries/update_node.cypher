// Sets properties on one node and returns them before and after, for the change log. The
// node's write lock is taken first (a marker set, removed before the end), so "before" is what
// this transaction replaces, never a value another writer is changing at the same moment.
// Params: $id STRING, $props MAP. Returns: before, after (no row when the id is unknown).
// WRITE
MATCH (n:Node {id: $id})
SET n.lock_ = true
WITH n, n {.*, embedding: null, lock_: null} AS before
SET n += $props
REMOVE n.lock_
RETURN before, n {.*, embedding: null} AS after
