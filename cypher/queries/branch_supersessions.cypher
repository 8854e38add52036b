// Units of other branches that a branch's units superseded on that branch only: they
// are closed for real when the branch merges.
// Params: $branch STRING. Returns: old MAP, new_id STRING, at DATETIME.
// READ
MATCH (old:Memory)-[r:SUPERSEDED_BY]->(new:Memory {branch: $branch})
WHERE r.retired_at IS NULL AND old.valid_until IS NULL AND old.retired_at IS NULL AND old.branch <> $branch
RETURN old {.*, embedding: null, sentence_embeddings: null} AS old, new.id AS new_id, coalesce(new.valid_from, new.recorded_at) AS at
