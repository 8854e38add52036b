// Every change after a time, newest first (for rollback).
// Params: $at DATETIME. Returns: change MAP.
// READ
MATCH (c:Change)
WHERE c.at > $at
RETURN c {.*} AS change
ORDER BY c.at DESC, c.seq DESC
