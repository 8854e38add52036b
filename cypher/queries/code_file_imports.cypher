// The imports of a project's live source files (all of them, or those at $paths), to resolve
// IMPORTS edges: import_refs keep the names taken; files indexed before they existed have
// only the modules in imports.
// Params: $project STRING, $paths LIST<STRING>|null. Returns: path, language, refs.
// READ
MATCH (f:File {project: $project})
WHERE f.retired_at IS NULL AND f.language <> 'markdown' AND ($paths IS NULL OR f.path IN $paths)
RETURN f.path AS path, f.language AS language, coalesce(f.import_refs, f.imports, []) AS refs
