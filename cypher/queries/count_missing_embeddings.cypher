// Units the vector index cannot see yet because they have no embedding, units embedded before
// they kept sentence vectors (no `sentence_embeddings`, not even an empty list), and turns
// embedded as "speaker: words" before recall counted speakers apart (the `embed` job redoes all
// three). A purged unit (its text a placeholder, its vectors removed) stays without them.
// Params: none. Returns: count.
// READ
MATCH (m:Memory)
WHERE (m.embedding IS NULL OR m.sentence_embeddings IS NULL
       OR (m.kind = 'episode' AND m.speaker IS NOT NULL AND m.embedding_of IS NULL))
  AND m.purged_at IS NULL
RETURN count(m) AS count
