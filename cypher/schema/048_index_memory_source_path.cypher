// Range index on :Memory.source_path.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_source_path IF NOT EXISTS FOR (n:Memory) ON (n.source_path)
