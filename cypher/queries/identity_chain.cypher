// A symbol and every older identity it was renamed, moved or re-signed from.
// Params: $id STRING. Returns: symbol MAP, depth INTEGER, reasons LIST<STRING>.
// READ
MATCH p = (s:Symbol {id: $id})-[:RENAMED_FROM*0..10]->(o:Symbol)
RETURN o {.id, .qualified_name, .signature, .file_path, .retired_at} AS symbol, length(p) AS depth,
       [r IN relationships(p) | r.reason] AS reasons
ORDER BY depth
