// Range index on :Memory.branch, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_branch IF NOT EXISTS FOR (n:Memory) ON (n.branch)
