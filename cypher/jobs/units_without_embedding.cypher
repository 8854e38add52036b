// Units the vector index cannot see yet, a batch at a time (embedding backfill), units embedded
// before they kept sentence vectors (no `sentence_embeddings`, not even an empty list), and turns
// embedded as "speaker: words" before recall counted speakers apart (no `embedding_of`). The
// text embedded is the one the write path embeds: a unit's text (a turn's words alone).
// A purged unit (its text a placeholder, its embedding removed) stays without one.
// Params: $limit INTEGER. Returns: id, text.
// READ
MATCH (m:Memory)
WHERE (m.embedding IS NULL OR m.sentence_embeddings IS NULL
       OR (m.kind = 'episode' AND m.speaker IS NOT NULL AND m.embedding_of IS NULL))
  AND m.purged_at IS NULL
RETURN m.id AS id, m.text AS text
LIMIT $limit
