// Uniqueness of :Failure ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT failure_id IF NOT EXISTS FOR (n:Failure) REQUIRE n.id IS UNIQUE
