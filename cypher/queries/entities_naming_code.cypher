// Entities that name a file or symbol of one project by its path or FILE:SYMBOL: what a decision
// governed (or a failure broke) before the file existed, linked by name then. They are read
// with the file's own memory, so writing the file later does not hide them.
// Params: $names LIST<STRING> (paths and FILE:SYMBOL names), $scopes LIST<STRING> (the
// project's scopes: its id and, for memory written before projects, its name). Returns: id.
// READ
MATCH (e:Entity)
WHERE e.name IN $names AND e.scope IN $scopes AND e.retired_at IS NULL
RETURN e.id AS id
