// The properties recall scores and shows, for a set of unit ids, plus whether each
// is about an entity with an open ambiguity.
// Params: $ids LIST<STRING>, $with_embedding BOOLEAN.
// Returns: unit MAP.
// READ
UNWIND $ids AS wanted
MATCH (m:Memory {id: wanted})
RETURN m {.*, embedding: CASE WHEN $with_embedding THEN m.embedding ELSE null END,
          ambiguous: EXISTS { (m)-[:ABOUT]->(:Entity)<-[:INVOLVES]-(:Ambiguity {status: 'open'}) },
          superseded_by: [(m)-[r:SUPERSEDED_BY]->(n:Memory) WHERE r.retired_at IS NULL | n.id]} AS unit
