// Every change after a time, newest first (for rollback), optionally only those of some scopes
// (a project's rollback leaves the workspace and other projects alone).
// Params: $at DATETIME, $scopes LIST<STRING>|null. Returns: change MAP.
// READ
MATCH (c:Change)
WHERE c.at > $at AND ($scopes IS NULL OR c.scope IN $scopes)
RETURN c {.*} AS change
ORDER BY c.at DESC, c.seq DESC
