// Range index on :Memory.subject, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_subject IF NOT EXISTS FOR (n:Memory) ON (n.subject)
