// Take the write lock named $key for the rest of this transaction (created on first use,
// constraint-backed): a second writer of the same key waits here until the first commits,
// then reads what it wrote. :Lock nodes are bookkeeping, not memory, and are not exported.
// Params: $key STRING, $at DATETIME. Returns: id.
// WRITE
MERGE (l:Lock {id: $key})
SET l.taken_at = $at
RETURN l.id AS id
