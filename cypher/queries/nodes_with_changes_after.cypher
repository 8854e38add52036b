// Nodes by id with their current properties (no embedding) and every change to each after a
// time, newest first: what history needs to rebuild many nodes as of then in one round trip.
// Params: $ids LIST<STRING>, $at DATETIME.
// Returns: id, props MAP, changes LIST<MAP>.
// READ
UNWIND $ids AS wanted
MATCH (n:Node {id: wanted})
RETURN n.id AS id, n {.*, embedding: null, sentence_embeddings: null} AS props,
       COLLECT {
         MATCH (c:Change)
         WHERE c.target_id = n.id AND c.at > $at
         WITH c ORDER BY c.at DESC, c.seq DESC
         RETURN c {.*}
       } AS changes
