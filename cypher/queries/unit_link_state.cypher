// Whether a unit is linked into the graph and whether an open conflict involves it.
// Params: $id STRING. Returns: linked BOOLEAN, in_conflict BOOLEAN, unit MAP.
// READ
MATCH (m:Memory {id: $id})
RETURN EXISTS { (m)-[r:FROM|ABOUT|GOVERNS|BROKE|DERIVED_FROM|CONSIDERED|SUPERSEDED_BY]-() WHERE r.retired_at IS NULL } AS linked,
       EXISTS { (m)<-[:INVOLVES]-(c:Conflict {status: 'open'}) } AS in_conflict,
       m {.*, embedding: null, sentence_embeddings: null} AS unit
