// Range index on :Memory.topic.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX memory_topic IF NOT EXISTS FOR (n:Memory) ON (n.topic)
