// Active units of one kind about the same subject and topic: contradiction candidates.
// Params: $subject STRING, $topic STRING, $kind STRING, $scope STRING,
// $branches LIST<STRING>, $exclude_id STRING.
// Returns: unit MAP (without embedding), newest first.
// READ
MATCH (m:Memory)
WHERE m.subject = $subject AND m.topic = $topic AND m.kind = $kind
  AND m.scope = $scope AND m.branch IN $branches
  AND m.valid_until IS NULL AND m.retired_at IS NULL
  AND NOT m.truth_status IN ['deprecated', 'contradicted']
  AND m.id <> $exclude_id
  AND NOT EXISTS { (m)-[r:SUPERSEDED_BY]->(n:Memory) WHERE r.retired_at IS NULL AND n.branch IN $branches }
RETURN m {.*, embedding: null, sentence_embeddings: null} AS unit
ORDER BY m.recorded_at DESC
