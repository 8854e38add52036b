// Empties the database of data, in batches, keeping the schema-version marker.
// Used only by the test suite and the benches on their own server; hippograph itself never
// deletes memory. Relationships go first, 1,000 per transaction: a node with thousands of
// them (an entity of a 100k-unit bench) deleted with DETACH in one batch ran past the
// transaction memory limit (db.memory.transaction.max).
// Params: none. Returns: nothing.
// WRITE SYSTEM
MATCH ()-[r]->()
CALL (r) { DELETE r } IN TRANSACTIONS OF 1000 ROWS
WITH count(*) AS relationships
MATCH (n) WHERE NOT n:SchemaVersion
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 100 ROWS
