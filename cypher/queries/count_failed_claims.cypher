// Current units with a claim `hippo verify` found false, for `hippo status`: those this reader
// sees (this project and the workspace), since `hippo verify` here checks those only.
// Params: none. $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read
// gate, never by the caller. Returns: count.
// READ
MATCH (m:Memory)
WHERE m.claims_failed IS NOT NULL AND size(m.claims_failed) > 0 AND m.retired_at IS NULL AND m.valid_until IS NULL
  AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
  AND NOT m.scope IN $hidden_scopes
RETURN count(m) AS count
