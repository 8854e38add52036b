// Purges one unit's words: its text replaced by a placeholder and its vectors removed.
// Params: $id STRING, $placeholder STRING, $now DATETIME. Returns: id (no row for an unknown id).
// WRITE
MATCH (m:Memory {id: $id})
SET m.text = $placeholder, m.purged_at = $now
REMOVE m.embedding, m.sentence_embeddings
RETURN m.id AS id
