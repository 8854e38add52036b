// Range index on :Entity.name_key.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX entity_name_key IF NOT EXISTS FOR (n:Entity) ON (n.name_key)
