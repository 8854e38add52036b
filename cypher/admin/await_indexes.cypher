// Block until every index is ONLINE, or fail after $seconds seconds.
// Params: $seconds INTEGER. Returns: nothing.
// READ SYSTEM
CALL db.awaitIndexes($seconds)
