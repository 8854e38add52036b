// Uniqueness of :Change ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT change_id IF NOT EXISTS FOR (n:Change) REQUIRE n.id IS UNIQUE
