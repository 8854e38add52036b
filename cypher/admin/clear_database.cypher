// Empties the database of data, in batches, keeping the schema-version marker.
// Used only by the test suite on its own server; hippograph itself never
// deletes memory.
// Params: none. Returns: nothing.
// WRITE SYSTEM
MATCH (n) WHERE NOT n:SchemaVersion
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 100 ROWS
