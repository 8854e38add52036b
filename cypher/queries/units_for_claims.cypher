// Current units (not closed, not superseded on a visible branch) whose claims `hippo verify`
// checks, optionally only those of some scopes, oldest first, with what was found last time.
// Params: $branches LIST<STRING>, $scopes LIST<STRING>|null, $limit INTEGER.
// Returns: id, title, text, claims, claims_failed, scope.
// READ
MATCH (m:Memory)
WHERE m.branch IN $branches
  AND ($scopes IS NULL OR m.scope IN $scopes)
  AND m.valid_until IS NULL AND m.retired_at IS NULL
  AND NOT EXISTS { (m)-[r:SUPERSEDED_BY]->(n:Memory) WHERE r.retired_at IS NULL AND n.branch IN $branches }
RETURN m.id AS id, m.title AS title, m.text AS text, m.claims AS claims, m.claims_failed AS claims_failed,
       m.scope AS scope
ORDER BY m.recorded_at, m.id
LIMIT $limit
