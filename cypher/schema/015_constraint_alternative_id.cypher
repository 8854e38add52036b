// Uniqueness of :Alternative ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT alternative_id IF NOT EXISTS FOR (n:Alternative) REQUIRE n.id IS UNIQUE
