// Range index on :File.path, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX file_path IF NOT EXISTS FOR (n:File) ON (n.path)
