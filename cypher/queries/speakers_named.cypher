// Which of these words are speakers of a live episode this reader may see, or the first name
// of one ("Alice" for the speaker "Alice Smith"). Recall embeds a question without the names of
// its speakers ("What hobbies does Jon have?" becomes "What hobbies does have?"): an episode is
// embedded without its speaker, and whose turn it is counts apart
// (hippograph/recall/evidence.py). Two index seeks per word or pair of words ("Ana Lima"): the
// whole name, then the name followed by more words; the first visible episode is enough.
// Params: $names LIST<STRING>, $branches LIST<STRING>, $scope STRING ('' for any),
// $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING> (set by the read gate).
// Returns: name (each of $names that names a speaker, once, as given).
// READ
UNWIND $names AS name
CALL (name) {
  MATCH (m:Episode {speaker: name})
  WHERE m.branch IN $branches AND m.retired_at IS NULL
    AND ($scope = '' OR m.scope = $scope)
    AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT m.scope IN $hidden_scopes
  RETURN m.id AS found
  LIMIT 1
  UNION
  MATCH (m:Episode)
  WHERE m.speaker STARTS WITH name + ' '
    AND m.branch IN $branches AND m.retired_at IS NULL
    AND ($scope = '' OR m.scope = $scope)
    AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT m.scope IN $hidden_scopes
  RETURN m.id AS found
  LIMIT 1
}
RETURN DISTINCT name
