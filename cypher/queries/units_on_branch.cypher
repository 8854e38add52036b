// Active units learned on one branch, for `hippo branch diff/merge`.
// Params: $branch STRING. Returns: unit MAP (without embedding).
// READ
MATCH (m:Memory {branch: $branch})
WHERE m.valid_until IS NULL AND m.retired_at IS NULL
RETURN m {.*, embedding: null, sentence_embeddings: null} AS unit
ORDER BY m.recorded_at
