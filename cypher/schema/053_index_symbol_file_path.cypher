// Range index on :Symbol.file_path: re-indexing a file reads its symbols, and
// `--governs FILE:SYMBOL` finds one in a file.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX symbol_file_path IF NOT EXISTS FOR (n:Symbol) ON (n.file_path)
