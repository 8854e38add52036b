// Range index on :Memory.recorded_at, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_recorded_at IF NOT EXISTS FOR (n:Memory) ON (n.recorded_at)
