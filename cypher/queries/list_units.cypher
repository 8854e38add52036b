// Active units visible from a branch, optionally of one kind, subject or scope, newest first.
// Params: $branches LIST<STRING>, $kind STRING|null, $subject STRING|null,
// $scope STRING|null, $include_closed BOOLEAN, $limit INTEGER.
// Returns: unit MAP (without embedding).
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// READ
MATCH (m:Memory)
WHERE m.branch IN $branches
  AND ($kind IS NULL OR m.kind = $kind)
  AND ($subject IS NULL OR m.subject = $subject)
  AND ($scope IS NULL OR m.scope = $scope)
  AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT m.scope IN $hidden_scopes
  AND ($include_closed OR (m.valid_until IS NULL AND m.retired_at IS NULL
       AND NOT EXISTS { (m)-[r:SUPERSEDED_BY]->(n:Memory) WHERE r.retired_at IS NULL AND n.branch IN $branches }))
RETURN m {.*, embedding: null, sentence_embeddings: null} AS unit
ORDER BY m.recorded_at DESC
LIMIT $limit
