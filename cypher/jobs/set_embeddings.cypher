// Stores embeddings computed outside any transaction (derived data, not a change of belief);
// an episode's is of its words alone (`embedding_of`).
// Params: $rows LIST<MAP{id: STRING, embedding: LIST<FLOAT>}>. Returns: updated INTEGER.
// WRITE
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.embedding = row.embedding,
    m.embedding_of = CASE WHEN m.kind = 'episode' THEN 'words' ELSE m.embedding_of END
RETURN count(m) AS updated
