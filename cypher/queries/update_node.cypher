// Sets properties on nodes and returns each one's before and after, for the change log. Each
// node's write lock is taken first (a marker set, removed before the end), so "before" is what
// this transaction replaces, never a value another writer is changing at the same moment.
// One row per node to change; give each id once.
// Params: $rows LIST<MAP{id STRING, props MAP}>. Returns: id, before, after (no row for an
// unknown id).
// WRITE
UNWIND $rows AS row
MATCH (n:Node {id: row.id})
SET n.lock_ = true
WITH row, n, n {.*, embedding: null, sentence_embeddings: null, lock_: null} AS before
SET n += row.props
REMOVE n.lock_
RETURN row.id AS id, before, n {.*, embedding: null, sentence_embeddings: null} AS after
