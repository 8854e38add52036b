// Uniqueness of :Ambiguity ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT ambiguity_id IF NOT EXISTS FOR (n:Ambiguity) REQUIRE n.id IS UNIQUE
