// Marks files whose CALLS and IMPORTS edges an index is about to write ($pending true, in the
// transaction that writes their content), or has written ($pending null clears the mark). An
// index that stops in between leaves the mark, and the next one reads those files again even
// when their content is unchanged (docs/code-identity.md). Bookkeeping of the indexer, not
// memory: no :Change is recorded.
// Params: $ids LIST<STRING> (file ids), $pending BOOLEAN|null.
// Returns: files INTEGER (how many were found).
// WRITE
UNWIND $ids AS id
MATCH (f:File {id: id})
SET f.links_pending = $pending
RETURN count(f) AS files
