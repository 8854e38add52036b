// Bench only: how many units one scope holds, whether a given entity id is there, and how
// many of those units carry sentence vectors (lets --reuse skip reloading data generated with
// the same size, seed and sentence share; the small views recall-latency adds are other scopes).
// Params: $id STRING, $scope STRING. Returns: units, has_id, with_sentences.
// READ
MATCH (m:Memory) WHERE m.scope = $scope
WITH count(m) AS units, count(CASE WHEN size(coalesce(m.sentence_embeddings, [])) > 0 THEN 1 END) AS with_sentences
RETURN units, with_sentences, EXISTS { MATCH (:Node {id: $id}) } AS has_id
