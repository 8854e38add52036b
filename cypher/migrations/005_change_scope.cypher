// Data migration (schema 5): every change names the scope of what it changed, so the read
// gate can keep one scope's history from a reader of another. Changes written before
// schema 5 take it from their target node (or an edge's start node); idempotent.
// Params: none. Returns: nothing.
// SCHEMA
MATCH (c:Change)
WHERE c.scope IS NULL
CALL (c) {
  OPTIONAL MATCH (t:Node) WHERE t.id IN [c.target_id, c.source_id] AND t.scope IS NOT NULL
  WITH c, head(collect(t.scope)) AS scope
  WHERE scope IS NOT NULL
  SET c.scope = scope
} IN TRANSACTIONS OF 5000 ROWS
