// Appends entries to memory's history (SPEC §6), in the same transaction as the write they describe.
// Each change carries the scope of what it changed (a node's, or an edge's start node's), so
// the read gate keeps one scope's history from a reader of another.
// Params: $rows LIST<MAP> (Change properties). Returns: id per change.
// WRITE
UNWIND $rows AS row
CREATE (c:Node:Change)
SET c = row
WITH c
CALL (c) {
  OPTIONAL MATCH (t:Node) WHERE t.id IN [c.target_id, c.source_id] AND t.scope IS NOT NULL
  WITH head(collect(t.scope)) AS scope
  SET c.scope = coalesce(c.scope, scope)
}
RETURN c.id AS id
