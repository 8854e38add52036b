// Range index on :Entity.name, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX entity_name IF NOT EXISTS FOR (n:Entity) ON (n.name)
