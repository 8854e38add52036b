// Range index on :Conflict.status, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX conflict_status IF NOT EXISTS FOR (n:Conflict) ON (n.status)
