// Range index on :Task.status, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX task_status IF NOT EXISTS FOR (n:Task) ON (n.status)
