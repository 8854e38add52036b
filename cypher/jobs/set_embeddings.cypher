// Stores embeddings computed outside any transaction (derived data, not a change of belief):
// the unit's vector and its sentence vectors (flat; empty for a short text); an episode's are
// of its words alone (`embedding_of`).
// Params: $rows LIST<MAP{id: STRING, embedding: LIST<FLOAT>, sentence_embeddings: LIST<FLOAT>}>.
// Returns: updated INTEGER.
// WRITE
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.embedding = row.embedding,
    m.sentence_embeddings = row.sentence_embeddings,
    m.embedding_of = CASE WHEN m.kind = 'episode' THEN 'words' ELSE m.embedding_of END
RETURN count(m) AS updated
