// Range index on :Ambiguity.status, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX ambiguity_status IF NOT EXISTS FOR (n:Ambiguity) ON (n.status)
