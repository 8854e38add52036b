// Indexed source files of a project, retired ones too (a file that comes back is revived, not
// created twice), with their content hashes and sketch versions (incremental re-index).
// Params: $project STRING. Returns: id, path, content_hash, retired, sketch_version.
// READ
MATCH (f:File {project: $project})
WHERE f.language <> 'markdown'
RETURN f.id AS id, f.path AS path, f.content_hash AS content_hash, f.retired_at IS NOT NULL AS retired,
       f.sketch_version AS sketch_version
