// Range index on :Memory.scope, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_scope IF NOT EXISTS FOR (n:Memory) ON (n.scope)
