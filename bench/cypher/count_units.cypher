// Bench only: how many units the database holds, whether a given entity id is there, and how
// many units carry sentence vectors (lets --reuse skip reloading data generated with the same
// size, seed and sentence share).
// Params: $id STRING. Returns: units, has_id, with_sentences.
// READ
MATCH (m:Memory)
WITH count(m) AS units, count(CASE WHEN size(coalesce(m.sentence_embeddings, [])) > 0 THEN 1 END) AS with_sentences
RETURN units, with_sentences, EXISTS { MATCH (:Node {id: $id}) } AS has_id
