// Range index on :Memory.truth_status, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_truth_status IF NOT EXISTS FOR (n:Memory) ON (n.truth_status)
