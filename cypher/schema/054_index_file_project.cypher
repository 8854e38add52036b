// Range index on :File.project: every index run lists its project's files, and the first one
// under a project id looks for code kept under the folder name.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX file_project IF NOT EXISTS FOR (n:File) ON (n.project)
