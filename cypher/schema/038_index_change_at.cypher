// Range index on :Change.at, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX change_at IF NOT EXISTS FOR (n:Change) ON (n.at)
