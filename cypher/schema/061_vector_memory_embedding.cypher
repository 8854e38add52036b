// Vector index (cosine, 384 dimensions: all-MiniLM-L6-v2) over unit embeddings.
// The semantic voice of recall queries it; never a brute-force scan.
// Params: none. Returns: nothing.
// SCHEMA
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (n:Memory) ON n.embedding
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
