// Range index on :Change.source_id.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX change_source_id IF NOT EXISTS FOR (n:Change) ON (n.source_id)
