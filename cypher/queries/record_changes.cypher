// Appends entries to memory's history (SPEC §6), in the same transaction as the write they describe.
// Each change carries the scope of what it changed, so the read gate keeps one scope's history
// from a reader of another: the caller gives it for nodes it writes; for the rest (edges, say)
// it is the scope of the edge's start node, or of the node changed.
// A row without `at` takes $at: a batch's changes usually share one instant, and the driver
// spends ~70 µs turning each Python datetime into a Bolt value, so it is sent once.
// Params: $rows LIST<MAP> (Change properties), $at DATETIME|null.
// Returns: changes INTEGER (one row: per-row results cost the driver ~20 µs each).
// WRITE
UNWIND $rows AS row
CREATE (c:Node:Change)
SET c = row
SET c.at = coalesce(row.at, $at)
WITH c
CALL (c) {
  WITH c WHERE c.scope IS NULL
  OPTIONAL MATCH (t:Node {id: coalesce(c.source_id, c.target_id)})
  SET c.scope = t.scope
}
RETURN count(c) AS changes
