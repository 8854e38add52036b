// The symbols a FILE:SYMBOL names (as pre-edit reads it): in that repo-relative file, the symbol
// whose name, qualified name or qualified-name suffix (Class.method, Type::method) is $symbol.
// Params: $path STRING, $symbol STRING, $project STRING|null. Returns: id, kind ('symbol'), label.
// READ
MATCH (s:Symbol {file_path: $path})
WHERE s.retired_at IS NULL AND ($project IS NULL OR s.project = $project)
  AND (s.name = $symbol OR s.qualified_name = $symbol OR s.qualified_name ENDS WITH '.' + $symbol
       OR s.qualified_name ENDS WITH '::' + $symbol)
RETURN s.id AS id, 'symbol' AS kind, s.qualified_name AS label
ORDER BY label
