// Active units imported from one source file, for re-import (units a person remembered
// with the same path as source are never touched by a re-import).
// Params: $source_path STRING, $scope STRING, $branches LIST<STRING>.
// Returns: unit MAP (without embedding).
// READ
MATCH (m:Memory {source_path: $source_path})
WHERE m.scope = $scope AND m.branch IN $branches AND m.source_kind = 'import'
  AND m.valid_until IS NULL AND m.retired_at IS NULL
RETURN m {.*, embedding: null, sentence_embeddings: null} AS unit
ORDER BY m.recorded_at
