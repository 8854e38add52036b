// Range index on :Memory.valid_until, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_valid_until IF NOT EXISTS FOR (n:Memory) ON (n.valid_until)
