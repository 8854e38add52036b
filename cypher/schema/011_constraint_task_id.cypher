// Uniqueness of :Task ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT task_id IF NOT EXISTS FOR (n:Task) REQUIRE n.id IS UNIQUE
