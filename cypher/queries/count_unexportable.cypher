// What a snapshot could not carry, checked before an export so nothing is lost
// silently: nodes (other than the :SchemaVersion marker and :Lock bookkeeping) without the :Node label
// or a string id, and relationships without a string id or whose ends are not
// such nodes. Scans every node and relationship once.
// Params: none. Returns: nodes INTEGER, edges INTEGER.
// READ
CALL () {
  MATCH (n)
  WHERE NOT n:SchemaVersion AND NOT n:Lock AND (NOT n:Node OR NOT n.id IS :: STRING NOT NULL)
  RETURN count(n) AS nodes
}
CALL () {
  MATCH (a)-[r]->(b)
  WHERE NOT r.id IS :: STRING NOT NULL
     OR NOT a:Node OR NOT b:Node OR a:SchemaVersion OR b:SchemaVersion
     OR NOT a.id IS :: STRING NOT NULL OR NOT b.id IS :: STRING NOT NULL
  RETURN count(r) AS edges
}
RETURN nodes, edges
