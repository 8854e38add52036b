// A re-mention: takes the write lock first (no lost update), then raises
// mention_count and confidence by a source-dependent step.
// Params: $id STRING, $step FLOAT, $now DATETIME.
// Returns: before MAP, after MAP (mention_count, confidence, last_mentioned_at, ...).
// WRITE
MATCH (m:Memory {id: $id})
SET m.lock_ = true
WITH m, m {.mention_count, .confidence, .last_mentioned_at} AS before
SET m.mention_count = coalesce(m.mention_count, 1) + 1,
    m.confidence = round(m.confidence + $step * (1.0 - m.confidence), 6),
    m.last_mentioned_at = $now
REMOVE m.lock_
RETURN before, m {.*, embedding: null, sentence_embeddings: null} AS after
