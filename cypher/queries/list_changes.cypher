// The change log, newest first, optionally since a time, up to a time, and about one id
// (a node, or either end of an edge).
// Params: $since DATETIME|null, $until DATETIME|null, $id STRING|null, $limit INTEGER.
// Returns: change MAP.
// READ
MATCH (c:Change)
WHERE ($since IS NULL OR c.at >= $since)
  AND ($until IS NULL OR c.at <= $until)
  AND ($id IS NULL OR c.target_id = $id OR c.source_id = $id OR c.end_id = $id)
RETURN c {.*} AS change
ORDER BY c.at DESC, c.seq DESC
LIMIT $limit
