// The schema version node written by `hippo init`.
// Params: none. Returns: version, files, applied_at (no row before the first init).
// READ SYSTEM
MATCH (v:SchemaVersion {id: 'schema'})
RETURN v.version AS version, v.files AS files, v.applied_at AS applied_at
