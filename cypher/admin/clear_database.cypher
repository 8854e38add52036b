// Empties the database, in batches. Used only by the test suite on its own
// server; hippograph itself never deletes memory.
// Params: none. Returns: nothing.
// WRITE
MATCH (n)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS
