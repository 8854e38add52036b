// Records the stat (size, mtime_ns) at which files' content hashes were confirmed, so that the
// next index need not read them while the stat is the same (the stat cache,
// docs/code-identity.md). Bookkeeping of the indexer, not memory: no :Change is recorded. A row
// applies only while its file still holds that content hash.
// Params: $rows LIST<MAP{id: STRING, content_hash: STRING, size: INTEGER, mtime_ns: INTEGER}>.
// Returns: files INTEGER (how many were updated).
// WRITE
UNWIND $rows AS row
MATCH (f:File {id: row.id})
WHERE f.content_hash = row.content_hash
SET f.size = row.size, f.mtime_ns = row.mtime_ns
RETURN count(f) AS files
