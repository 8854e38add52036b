// Uniqueness of :Entity ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE
