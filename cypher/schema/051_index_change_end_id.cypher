// Range index on :Change.end_id.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX change_end_id IF NOT EXISTS FOR (n:Change) ON (n.end_id)
