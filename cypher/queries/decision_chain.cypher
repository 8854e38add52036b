// A decision with the alternatives it considered, what it governs, and its neighbours in
// the supersession chain (what it replaced, what replaced it). A governed symbol that was renamed
// or moved since is named as it is now, with the name the decision was attached to:
// "shop.auth.mint_token (was shop.auth.issue_token)".
// Params: $id STRING. Returns: decision MAP, alternatives LIST<MAP>, governs LIST<STRING>,
// supersedes LIST<MAP>, superseded_by LIST<MAP>.
// READ
MATCH (d:Decision {id: $id})
RETURN d {.*, embedding: null, sentence_embeddings: null} AS decision,
       [(d)-[r:CONSIDERED]->(a:Alternative) WHERE r.retired_at IS NULL | a {.option, .why_rejected}] AS alternatives,
       [(d)-[r:GOVERNS]->(t:Node) WHERE r.retired_at IS NULL |
          coalesce(head([(n:Symbol)-[:RENAMED_FROM*1..10]->(t) WHERE n.retired_at IS NULL |
                         n.qualified_name + ' (was ' + t.qualified_name + ')']),
                   t.qualified_name, t.path, t.name)] AS governs,
       [(o:Decision)-[r:SUPERSEDED_BY]->(d) WHERE r.retired_at IS NULL |
          o {.id, .text, .recorded_at, .valid_until, .source_ref, why: r.reason}] AS supersedes,
       [(d)-[r:SUPERSEDED_BY]->(n:Decision) WHERE r.retired_at IS NULL |
          n {.id, .text, .recorded_at, .valid_from, .source_ref, why: r.reason}] AS superseded_by
