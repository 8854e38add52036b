// Changes to one node or edge after a time, newest first (to rebuild it as of then).
// Params: $id STRING, $at DATETIME. Returns: change MAP.
// READ
MATCH (c:Change)
WHERE c.target_id = $id AND c.at > $at
RETURN c {.*} AS change
ORDER BY c.at DESC, c.seq DESC
