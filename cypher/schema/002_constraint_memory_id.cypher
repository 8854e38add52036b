// Uniqueness of :Memory ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (n:Memory) REQUIRE n.id IS UNIQUE
