// Live symbols of a project by short name, to resolve calls and mentions (unique name or not).
// Params: $project STRING|null, $names LIST<STRING>. Returns: name, ids LIST<STRING>, qualified LIST<STRING>.
// READ
MATCH (s:Symbol)
WHERE s.name IN $names AND s.retired_at IS NULL AND ($project IS NULL OR s.project = $project)
RETURN s.name AS name, collect(s.id) AS ids, collect(s.qualified_name) AS qualified
