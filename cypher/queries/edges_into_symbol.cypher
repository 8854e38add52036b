// Live references to a symbol (what governs it, is about it, broke it, calls it).
// Params: $id STRING. Returns: id, type, source_id.
// READ
MATCH (s:Symbol {id: $id})<-[r]-(m:Node)
WHERE type(r) IN ['GOVERNS', 'ABOUT', 'BROKE', 'CALLS'] AND r.retired_at IS NULL
RETURN r.id AS id, type(r) AS type, m.id AS source_id
