// Decisions that govern a named thing: a file path, a symbol (qualified or short name) or an entity.
// A symbol is also named by a live later identity (renamed, moved or re-signed: RENAMED_FROM):
// the decision was attached to the old one. Given as FILE or FILE:SYMBOL ($path, $symbol), it
// names that file's symbols too (all of them for a FILE): "why billing/invoice.py:tally".
// Params: $name STRING, $key STRING (the normalised name), $path STRING|null,
// $symbol STRING|null. Returns: id.
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// READ
MATCH (d:Decision)-[r:GOVERNS]->(t:Node)
WHERE r.retired_at IS NULL AND d.retired_at IS NULL
  AND ($visible_scopes IS NULL OR d.scope IN $visible_scopes OR (d.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT d.scope IN $hidden_scopes
  AND (t.path = $name OR t.qualified_name = $name OR t.name = $name OR t.name_key = $key
       OR $key IN coalesce(t.alias_keys, [])
       OR ($path IS NOT NULL AND t.file_path = $path
           AND ($symbol IS NULL OR t.name = $symbol OR t.qualified_name ENDS WITH '.' + $symbol))
       OR EXISTS { MATCH (n:Symbol)-[:RENAMED_FROM*1..10]->(t)
                   WHERE n.retired_at IS NULL
                     AND (n.qualified_name = $name OR n.name = $name
                          OR ($path IS NOT NULL AND n.file_path = $path
                              AND ($symbol IS NULL OR n.name = $symbol
                                   OR n.qualified_name ENDS WITH '.' + $symbol))) })
RETURN DISTINCT d.id AS id
