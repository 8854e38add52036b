// Range index on :Symbol.name, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX symbol_name IF NOT EXISTS FOR (n:Symbol) ON (n.name)
