// Uniqueness of :Conflict ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT conflict_id IF NOT EXISTS FOR (n:Conflict) REQUIRE n.id IS UNIQUE
