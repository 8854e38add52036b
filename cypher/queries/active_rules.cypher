// Rules in force (not superseded, retired or deprecated), for scope matching and pushing to agents.
// Params: $branches LIST<STRING>. Returns: rule MAP.
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// READ
MATCH (r:Rule)
WHERE r.valid_until IS NULL AND r.retired_at IS NULL AND r.branch IN $branches
  AND NOT r.truth_status IN ['deprecated', 'contradicted']
  AND ($visible_scopes IS NULL OR r.scope IN $visible_scopes OR (r.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT r.scope IN $hidden_scopes
RETURN r {.id, .text, .category, .severity, .applies_to, .check_kind, .pattern, .source_ref, .truth_status,
          .lifecycle, .recorded_at} AS rule
ORDER BY CASE r.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END, r.recorded_at
