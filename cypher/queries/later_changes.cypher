// Live changes to the given targets made after a time by other actions: they
// depend on the action being undone.
// Params: $targets LIST<STRING>, $at DATETIME, $batch_id STRING. Returns: change MAP.
// READ
MATCH (c:Change)
WHERE c.target_id IN $targets AND c.at > $at AND c.batch_id <> $batch_id
  AND c.undone_by IS NULL AND c.undoes IS NULL
RETURN c {.*} AS change
ORDER BY c.at
LIMIT 5
