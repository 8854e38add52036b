// Indexed source files of a project with their content hashes (incremental re-index).
// Params: $project STRING. Returns: id, path, content_hash.
// READ
MATCH (f:File {project: $project})
WHERE f.retired_at IS NULL AND f.language <> 'markdown'
RETURN f.id AS id, f.path AS path, f.content_hash AS content_hash
