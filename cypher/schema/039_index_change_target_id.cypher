// Range index on :Change.target_id, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX change_target_id IF NOT EXISTS FOR (n:Change) ON (n.target_id)
