// Range index on :Symbol.qualified_name, which recall and review filter on.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX symbol_qualified_name IF NOT EXISTS FOR (n:Symbol) ON (n.qualified_name)
