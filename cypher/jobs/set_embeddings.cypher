// Stores embeddings computed outside any transaction (derived data, not a change of belief).
// Params: $rows LIST<MAP{id: STRING, embedding: LIST<FLOAT>}>. Returns: updated INTEGER.
// WRITE
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.embedding = row.embedding
RETURN count(m) AS updated
