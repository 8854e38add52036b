// Range index on :Symbol.project: the symbols of one project (a file's, a name's, a move's).
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX symbol_project IF NOT EXISTS FOR (n:Symbol) ON (n.project)
