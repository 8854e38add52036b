// Units the vector index cannot see yet, a batch at a time (embedding backfill). The text
// embedded is the one the write path embeds: an episode's speaker and words, else the text.
// Params: $limit INTEGER. Returns: id, text.
// READ
MATCH (m:Memory)
WHERE m.embedding IS NULL
RETURN m.id AS id,
       CASE WHEN m.kind = 'episode' AND m.speaker IS NOT NULL THEN m.speaker + ': ' + m.text ELSE m.text END AS text
LIMIT $limit
