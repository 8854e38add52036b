// Range index on :Memory.lifecycle, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_lifecycle IF NOT EXISTS FOR (n:Memory) ON (n.lifecycle)
