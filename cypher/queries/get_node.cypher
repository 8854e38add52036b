// One node by id, with its labels. The embedding is left out (384 floats).
// Params: $id STRING. Returns: labels, props.
// READ
MATCH (n:Node {id: $id})
RETURN labels(n) AS labels, n {.*, embedding: null, sentence_embeddings: null} AS props
