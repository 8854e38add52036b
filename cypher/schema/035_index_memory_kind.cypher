// Range index on :Memory.kind, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_kind IF NOT EXISTS FOR (n:Memory) ON (n.kind)
