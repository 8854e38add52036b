// Indexed source files of a project, retired ones too (a file that comes back is revived, not
// created twice), with what an incremental re-index compares: the content hash and sketch
// version, the stat the hash was confirmed at (size, mtime_ns: the stat cache), and whether the
// file's links are pending (an index stopped before it wrote its CALLS and IMPORTS edges).
// One row: the driver spends ~20 µs on each row, and a large repository has thousands of files.
// Params: $project STRING.
// Returns: files LIST<MAP{id, path, content_hash, sketch_version, size, mtime_ns, retired,
// links_pending}>.
// READ PLAIN
MATCH (f:File {project: $project})
WHERE f.language <> 'markdown'
RETURN collect(f {
  .id, .path, .content_hash, .sketch_version, .size, .mtime_ns,
  retired: f.retired_at IS NOT NULL, links_pending: f.links_pending IS NOT NULL
}) AS files
