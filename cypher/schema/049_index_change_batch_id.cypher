// Range index on :Change.batch_id.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX change_batch_id IF NOT EXISTS FOR (n:Change) ON (n.batch_id)
