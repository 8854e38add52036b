// The properties recall scores and shows, for a set of unit ids (only those, no embedding
// shipped: the cosine to the query is computed here; Neo4j maps cosine to [0, 1] as (1 + cos) / 2,
// so it is mapped back), plus whether each is about an entity
// with an open ambiguity, the names (and aliases) of what it is about, and its visible successors.
// A unit counts as superseded only by a successor on a visible branch.
// Params: $ids LIST<STRING>, $embedding LIST<FLOAT>|null, $branches LIST<STRING>.
// Returns: unit MAP.
// READ
UNWIND $ids AS wanted
MATCH (m:Memory {id: wanted})
RETURN m {.id, .kind, .text, .title, .details_text, .source_ref, .source_kind, .trust, .confidence, .truth_status,
          .lifecycle, .valid_from, .valid_until, .recorded_at, .retired_at, .in_conflict, .mention_count, .scope,
          .branch, .memory_type, .memory_score, .last_used_at, .subject, .topic,
          cosine: CASE WHEN $embedding IS NULL OR m.embedding IS NULL THEN null
                       ELSE 2 * vector.similarity.cosine(m.embedding, $embedding) - 1 END,
          ambiguous: EXISTS { (m)-[:ABOUT]->(:Entity)<-[:INVOLVES]-(:Ambiguity {status: 'open'}) },
          about: [(m)-[:ABOUT]->(e:Entity) | e.name] + reduce(acc = [], e IN [(m)-[:ABOUT]->(x:Entity) | x] | acc + coalesce(e.aliases, [])),
          superseded_by: [(m)-[r:SUPERSEDED_BY]->(n:Memory) WHERE r.retired_at IS NULL AND n.branch IN $branches | n.id]} AS unit
