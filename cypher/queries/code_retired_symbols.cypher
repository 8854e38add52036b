// Which of some symbol ids are retired symbols (a symbol that comes back is revived with its
// history, not created twice).
// Params: $ids LIST<STRING>. Returns: symbol MAP.
// READ
UNWIND $ids AS wanted
MATCH (s:Symbol {id: wanted})
WHERE s.retired_at IS NOT NULL
RETURN s {.*} AS symbol
