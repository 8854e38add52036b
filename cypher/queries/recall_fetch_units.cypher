// The properties recall scores and shows, for a set of unit ids, plus whether each
// is about an entity with an open ambiguity and the names (and aliases) of what it is about.
// A unit counts as superseded only by a successor on a visible branch.
// Params: $ids LIST<STRING>, $with_embedding BOOLEAN, $branches LIST<STRING>.
// Returns: unit MAP.
// READ
UNWIND $ids AS wanted
MATCH (m:Memory {id: wanted})
RETURN m {.*, embedding: CASE WHEN $with_embedding THEN m.embedding ELSE null END,
          ambiguous: EXISTS { (m)-[:ABOUT]->(:Entity)<-[:INVOLVES]-(:Ambiguity {status: 'open'}) },
          about: [(m)-[:ABOUT]->(e:Entity) | e.name] + reduce(acc = [], e IN [(m)-[:ABOUT]->(x:Entity) | x] | acc + coalesce(e.aliases, [])),
          superseded_by: [(m)-[r:SUPERSEDED_BY]->(n:Memory) WHERE r.retired_at IS NULL AND n.branch IN $branches | n.id]} AS unit
