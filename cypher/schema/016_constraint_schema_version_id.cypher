// Uniqueness of :SchemaVersion ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT schema_version_id IF NOT EXISTS FOR (n:SchemaVersion) REQUIRE n.id IS UNIQUE
