// What the prompt hook pushes with its memories: advisory rules (policies) in force that a
// person stated or confirmed (an agent's unconfirmed proposal is not pushed to every prompt),
// and the agent's own working notes, in one round trip.
// Params: $branches LIST<STRING>, $notes_scope STRING.
// Returns: policies LIST<MAP>, notes STRING|null.
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// READ
CALL () {
  MATCH (r:Rule)
  WHERE r.valid_until IS NULL AND r.retired_at IS NULL AND r.branch IN $branches AND r.check_kind IS NULL
    AND NOT r.truth_status IN ['deprecated', 'contradicted', 'hypothesis']
    AND ($visible_scopes IS NULL OR r.scope IN $visible_scopes OR (r.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT r.scope IN $hidden_scopes
  WITH r ORDER BY CASE r.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END, r.recorded_at
  RETURN collect(r {.id, .text, .severity}) AS policies
}
CALL () {
  OPTIONAL MATCH (n:Fact {scope: $notes_scope, subject: 'working notes'})
  WHERE n.valid_until IS NULL AND n.retired_at IS NULL
  WITH n ORDER BY n.recorded_at DESC LIMIT 1
  RETURN n.text AS notes
}
RETURN policies, notes
