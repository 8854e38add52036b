// Memory attached to code by identity: what governs, broke, derives from or is about the
// given symbols or files, with the reference's own state (stale or not).
// Params: $ids LIST<STRING>. Returns: unit MAP, rel STRING, stale BOOLEAN, stale_reason STRING, target STRING.
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>: set by the read gate, never
// by the caller (what the reader sees, and what its grants keep from it).
// READ
UNWIND $ids AS target_id
MATCH (t:Node {id: target_id})<-[r]-(m:Memory)
WHERE type(r) IN ['GOVERNS', 'BROKE', 'ABOUT', 'FIXED_BY'] AND r.retired_at IS NULL AND m.retired_at IS NULL
  AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT m.scope IN $hidden_scopes
RETURN m {.id, .kind, .text, .title, .source_ref, .truth_status, .lifecycle, .valid_from, .valid_until, .recorded_at,
          .severity, .category, .applies_to, .problem, .reasoning, .outcome, .why, .fix, .commit, .test} AS unit,
       type(r) AS rel, coalesce(r.stale, false) AS stale, r.stale_reason AS stale_reason, target_id AS target
ORDER BY m.recorded_at DESC
