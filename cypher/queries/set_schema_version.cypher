// Records which schema files were applied, and when.
// Params: $version INTEGER, $files LIST<STRING>, $applied_at DATETIME.
// Returns: version.
// WRITE SYSTEM
MERGE (v:SchemaVersion {id: 'schema'})
SET v.version = $version, v.files = $files, v.applied_at = $applied_at
RETURN v.version AS version
