// Recall in one statement (SPEC §4): the voices, the graph walk from their seeds, weighted
// reciprocal-rank fusion, and the fused top candidates with the properties recall scores.
// One round trip instead of five: on a warm server each statement costs more in the driver
// than in the database.
// A voice runs only when its input is given: $query (lexical: the full-text index, over-fetched
// to $fetch then filtered), $embedding (semantic: the vector index, never a scan), $temporal
// (active units recorded since $since, newest first, read in index order so the scan
// stops at $limit; the index is named in a hint, since on a small or freshly loaded database
// the planner would rather seek the whole branch and sort it). Each keeps its best $limit, equal
// scores in id order: the indexes' own order among them changes as their segments merge. The
// indexes answer before the filters: when a voice keeps fewer than $limit while its index
// returned all $fetch it was asked for, the units of other scopes (or kinds) filled the
// over-fetch, and the voice asks its index again for $max_fetch. A scope or a reader's view that
// is a small share of memory used to find nothing of its own behind 260 alike units elsewhere.
// The semantic voice first reads the view when it is a list of scopes (index seeks, stopped
// after $exact_view + 1: every unit of those scopes, whatever its branch or kind, so an upper
// bound): a view of at most $exact_view units is compared with the query unit by unit, exact
// and cheaper than the index's $max_fetch nearest (whose approximate top 2,000 of 100,000 held
// 1 of a 30-unit scope's units and cost twice the whole statement). The scope index is named in
// a hint: the planner would rather seek every unit of the branch.
// Graph voice: one or two hops from the top $seeds of the lexical and semantic voices (seed
// strength 1/rank) along weighted typed edges, decayed by $hop_decay per hop and divided by
// sqrt(degree) through a middle node; nodes with more than $max_fanout relationships are not
// walked through (a two-hop hit through a hub could not pass the graph-relevance floor anyway).
// Learned edges (RELATED: recall links units returned together) are walked only once they
// weigh $learned_floor or more (the edge_weights job raises them with co-occurrence and
// success; they start at 0.1), and no degree counts them (a degree less its RELATED
// degree: both are read from the node, where a negated type would walk every relationship):
// recall must not feed its own results back into its ranking before anything confirmed the
// link (docs/recall.md).
// Fusion: sum over voices of $weights[voice] / ($rrf_k + rank); candidates found only by the
// temporal voice carry no topic and are left out. The best $candidates are returned, and with
// them the turns up to two away from the best $around episodes (live NEXT edges, both ways;
// fused 0 and no hits when no voice found them): an answer usually follows the turn that asked
// for it, and recall scores each turn with its neighbours (hippograph/recall/evidence.py).
// Every pattern that leaves a candidate or a seed names no label and no indexed property on its
// far end (labels are tested with labels()): the planner then has to expand from the bound
// node. With a label, a plan made while the statistics were stale (seen after a reload)
// started the walk from every Memory node on the branch and found successors by seeking the
// whole branch, ~0.5 s instead of 10 ms, for every recall until the plan was replaced.
// The cosine to the query is computed here (Neo4j maps cosine to [0, 1] as (1 + cos) / 2, so it is
// mapped back) instead of shipping 384 floats per unit, and so is `rest_cosine`, the cosine to the
// query without the words that name what it asks for ($rest_embedding: the engine sends the
// query's own vector when there are none, so its type always follows $embedding's and adds no
// plan; hippograph/recall/relevance.py, "asks_another_thing"), and `sentence_cosine`, the best
// cosine of the query to one sentence of a long unit (its `sentence_embeddings`, one vector after
// another in one list, sliced by the query vector's size; null for a short unit: units/sentences.py;
// read once into `sentences`, and not at all in keyword mode: each read of the list property is a
// store read of up to 3,072 floats);
// `ambiguous` says whether the unit is about
// an entity whose identity an open ambiguity doubts (its INVOLVES role is not 'candidate': the
// established entity a new name may mean keeps its units answerable; asked per entity only when
// some ambiguity is open at all, one index seek, since most stores have none), `about` the names
// and aliases of what it is about, `superseded_by` its successors on a visible branch,
// `prev_turn`/`next_turn`/`prev2_turn` the turns around an episode (live NEXT edges, which join
// only episodes: not looked for around other units). Datetimes come as microseconds since the
// epoch (UTC): the driver's datetime values cost more to decode than the rest of the row, and
// toString() costs the server more than arithmetic. Only what recall reads is projected: every
// property costs a store read per candidate.
// Every parameter but $embedding has one type whatever the query: no voice is '' or false, any
// scope '', any kind ['*'] (an empty list is not a list of strings to the plan cache). Neo4j
// plans a statement once per set of parameter types, about a second each time on a warm
// server, so a first "when" question, or a first search of one kind, would otherwise be planned
// by its user. Keyword and hybrid mode are the two plans the warm-up makes
// (hippograph/hooks/warmup.py).
// Params: $query STRING, $embedding LIST<FLOAT>|null, $rest_embedding LIST<FLOAT>|null (null exactly when
// $embedding is), $temporal BOOLEAN, $since DATETIME, $fetch INTEGER, $max_fetch INTEGER,
// $exact_view INTEGER,
// $limit INTEGER, $seeds INTEGER, $per_seed INTEGER, $hop_decay FLOAT, $max_fanout INTEGER,
// $learned_floor FLOAT,
// $weights MAP, $rrf_k FLOAT, $candidates INTEGER, $around INTEGER, $branches LIST<STRING>, $scope STRING,
// $kinds LIST<STRING> (['*'] for any), $shared BOOLEAN (true: leave agents' private notes, agent:* scopes,
// out: what an agent searches), $visible_scopes LIST<STRING>|null, $hidden_scopes LIST<STRING>
// (set by the read gate).
// Returns: one row, rows LIST<MAP{id, fused, hits LIST<MAP{voice, rank, score, via}>, unit MAP}>
// (best fused first); a graph hit's `via` lists every seed that reached it, {id, score},
// strongest first.
// READ PLAIN
CALL () {
  WITH 1 AS run WHERE $query <> ''
  CALL db.index.fulltext.queryNodes('memory_search', $query, {limit: $fetch}) YIELD node, score
  WITH collect({node: node, score: score}) AS found
  CALL (found) {
    UNWIND found AS f
    WITH f.node AS node, f.score AS score
    WHERE node.branch IN $branches
      AND ($scope = '' OR node.scope = $scope)
      AND ($visible_scopes IS NULL OR node.scope IN $visible_scopes OR (node.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
      AND NOT node.scope IN $hidden_scopes
      AND NOT ($shared AND node.scope STARTS WITH 'agent:')
      AND ($kinds = ['*'] OR node.kind IN $kinds)
    WITH node, score ORDER BY score DESC, node.id LIMIT $limit
    RETURN collect({node: node, score: score}) AS lexical_kept
  }
  RETURN lexical_kept, size(found) = $fetch AND size(lexical_kept) < $limit AS lexical_cut
}
CALL (lexical_cut) {
  WITH lexical_cut AS run WHERE run
  CALL db.index.fulltext.queryNodes('memory_search', $query, {limit: $max_fetch}) YIELD node, score
  WHERE node.branch IN $branches
    AND ($scope = '' OR node.scope = $scope)
    AND ($visible_scopes IS NULL OR node.scope IN $visible_scopes OR (node.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT node.scope IN $hidden_scopes
    AND NOT ($shared AND node.scope STARTS WITH 'agent:')
    AND ($kinds = ['*'] OR node.kind IN $kinds)
  WITH node, score ORDER BY score DESC, node.id LIMIT $limit
  RETURN collect({node: node, score: score}) AS lexical_further
}
WITH CASE WHEN lexical_cut THEN lexical_further ELSE lexical_kept END AS lexical
CALL () {
  WITH 1 AS run WHERE $embedding IS NOT NULL
  CALL db.index.vector.queryNodes('memory_embedding', $fetch, $embedding) YIELD node, score
  WITH collect({node: node, score: score}) AS found
  CALL (found) {
    UNWIND found AS f
    WITH f.node AS node, f.score AS score
    WHERE node.branch IN $branches
    AND ($scope = '' OR node.scope = $scope)
    AND ($visible_scopes IS NULL OR node.scope IN $visible_scopes OR (node.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT node.scope IN $hidden_scopes
    AND NOT ($shared AND node.scope STARTS WITH 'agent:')
    AND ($kinds = ['*'] OR node.kind IN $kinds)
    WITH node, score ORDER BY score DESC, node.id LIMIT $limit
    RETURN collect({node: node, score: score}) AS semantic_kept
  }
  RETURN semantic_kept, size(found) = $fetch AND size(semantic_kept) < $limit AS semantic_cut
}
WITH lexical, semantic_kept, semantic_cut,
     CASE WHEN $scope <> '' THEN [$scope]
          WHEN $visible_scopes IS NULL OR 'agent:*' IN $visible_scopes THEN null
          ELSE $visible_scopes END AS view_scopes
CALL (semantic_cut, view_scopes) {
  WITH semantic_cut AS run WHERE run AND view_scopes IS NOT NULL
  UNWIND view_scopes AS scope
  WITH DISTINCT scope AS s
  MATCH (v:Memory) USING INDEX SEEK v:Memory(scope) WHERE v.scope = s
  WITH v LIMIT $exact_view + 1
  RETURN collect(v) AS view
}
WITH lexical, semantic_kept, semantic_cut, view,
     semantic_cut AND view_scopes IS NOT NULL AND size(view) <= $exact_view AS semantic_exact
CALL (semantic_exact, view) {
  WITH semantic_exact AS run WHERE run
  UNWIND view AS node
  WITH node WHERE size(node.embedding) = size($embedding)
    AND node.branch IN $branches
    AND ($scope = '' OR node.scope = $scope)
    AND ($visible_scopes IS NULL OR node.scope IN $visible_scopes OR (node.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT node.scope IN $hidden_scopes
    AND NOT ($shared AND node.scope STARTS WITH 'agent:')
    AND ($kinds = ['*'] OR node.kind IN $kinds)
  WITH node, vector.similarity.cosine(node.embedding, $embedding) AS score
  ORDER BY score DESC, node.id LIMIT $limit
  RETURN collect({node: node, score: score}) AS semantic_scanned
}
CALL (semantic_cut, semantic_exact) {
  WITH semantic_cut AND NOT semantic_exact AS run WHERE run
  CALL db.index.vector.queryNodes('memory_embedding', $max_fetch, $embedding) YIELD node, score
  WHERE node.branch IN $branches
    AND ($scope = '' OR node.scope = $scope)
    AND ($visible_scopes IS NULL OR node.scope IN $visible_scopes OR (node.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT node.scope IN $hidden_scopes
    AND NOT ($shared AND node.scope STARTS WITH 'agent:')
    AND ($kinds = ['*'] OR node.kind IN $kinds)
  WITH node, score ORDER BY score DESC, node.id LIMIT $limit
  RETURN collect({node: node, score: score}) AS semantic_further
}
WITH lexical,
     CASE WHEN semantic_exact THEN semantic_scanned WHEN semantic_cut THEN semantic_further
          ELSE semantic_kept END AS semantic
CALL () {
  WITH 1 AS run WHERE $temporal
  // SEEK: a descending scan of the whole index, filtered by $since afterwards, was planned on
  // some statistics; on a scope with few units it reads every unit of memory
  MATCH (m:Memory) USING INDEX SEEK m:Memory(recorded_at)
  WHERE m.recorded_at >= $since AND m.branch IN $branches
    AND m.valid_until IS NULL AND m.retired_at IS NULL
    AND ($scope = '' OR m.scope = $scope)
    AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT m.scope IN $hidden_scopes
    AND NOT ($shared AND m.scope STARTS WITH 'agent:')
    AND ($kinds = ['*'] OR m.kind IN $kinds)
  WITH m ORDER BY m.recorded_at DESC LIMIT $limit
  RETURN collect({node: m, score: toFloat(m.recorded_at.epochSeconds)}) AS temporal
}
WITH lexical, semantic, temporal,
     [i IN range(0, size(lexical) - 1) WHERE i < $seeds | {node: lexical[i].node, strength: 1.0 / (i + 1)}] +
     [i IN range(0, size(semantic) - 1) WHERE i < $seeds | {node: semantic[i].node, strength: 1.0 / (i + 1)}] AS seeds
CALL (seeds) {
  UNWIND seeds AS seed
  WITH seed.node AS s, max(seed.strength) AS strength
  CALL (s) {
    MATCH p = (s) ((a)-[r]-(b)
                   WHERE r.retired_at IS NULL AND NOT type(r) IN ['INVOLVES', 'CONTRADICTS']
                     AND (type(r) <> 'RELATED' OR coalesce(r.weight, 1.0) >= $learned_floor)
                     AND (a = s OR COUNT { (a)--() } - COUNT { (a)-[:RELATED]-() } <= $max_fanout)){1,2} (m)
    WHERE m <> s AND 'Memory' IN labels(m)
      AND m.branch IN $branches
      AND ($scope = '' OR m.scope = $scope)
      AND ($visible_scopes IS NULL OR m.scope IN $visible_scopes OR (m.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT m.scope IN $hidden_scopes
    AND NOT ($shared AND m.scope STARTS WITH 'agent:')
      AND ($kinds = ['*'] OR m.kind IN $kinds)
    WITH m, p,
         reduce(w = 1.0, x IN relationships(p) | w * coalesce(x.weight, 1.0) * $hop_decay *
           CASE type(x)
             WHEN 'ABOUT' THEN 1.0 WHEN 'GOVERNS' THEN 1.0 WHEN 'BROKE' THEN 1.0 WHEN 'FIXED_BY' THEN 0.9
             WHEN 'DERIVED_FROM' THEN 0.9 WHEN 'CONSIDERED' THEN 0.9 WHEN 'RELATED' THEN 0.8
             WHEN 'FROM' THEN 0.8 WHEN 'NEXT' THEN 0.7 WHEN 'SAME_AS' THEN 0.9 WHEN 'SUPERSEDED_BY' THEN 0.6
             ELSE 0.5 END) AS w
    WITH m, w, CASE WHEN length(p) = 2 THEN nodes(p)[1] ELSE null END AS mid
    WITH m, w, mid, CASE WHEN mid IS NULL THEN 1 ELSE COUNT { (mid)--() } - COUNT { (mid)-[:RELATED]-() } END AS degree
    // a middle node reached over two learned edges may have no other: at least 1, never 0
    // (no middle node: degree 1, the weight as it is)
    WITH m, w / sqrt(toFloat(CASE WHEN degree < 1 THEN 1 ELSE degree END)) AS w
    WITH m, max(w) AS w
    RETURN m, w
    ORDER BY w DESC, m.recorded_at DESC, m.id
    LIMIT $per_seed
  }
  WITH m, strength * w AS score, s.id AS seed_id
  ORDER BY score DESC, seed_id
  WITH m, collect({id: seed_id, score: score}) AS reached
  ORDER BY reached[0].score DESC, m.id
  LIMIT $limit
  RETURN collect({node: m, score: reached[0].score, via: reached}) AS graph
}
WITH [i IN range(0, size(lexical) - 1) | {node: lexical[i].node, voice: 'lexical', rank: i + 1, score: lexical[i].score}] +
     [i IN range(0, size(semantic) - 1) | {node: semantic[i].node, voice: 'semantic', rank: i + 1, score: semantic[i].score}] +
     [i IN range(0, size(temporal) - 1) | {node: temporal[i].node, voice: 'temporal', rank: i + 1, score: temporal[i].score}] +
     [i IN range(0, size(graph) - 1) | {node: graph[i].node, voice: 'graph', rank: i + 1, score: graph[i].score, via: graph[i].via}] AS hits
UNWIND hits AS h
WITH h.node AS m, collect(h {.voice, .rank, .score, .via}) AS hits, sum($weights[h.voice] / ($rrf_k + h.rank)) AS fused
WHERE any(x IN hits WHERE x.voice <> 'temporal')
ORDER BY fused DESC, m.id
WITH collect({m: m, fused: fused, hits: hits}) AS found
CALL (found) {
  UNWIND found[0..$around] AS x
  WITH x.m AS m WHERE m.kind = 'episode'
  MATCH (m)-[rs:NEXT]-{1,2}(n)
  WHERE all(r IN rs WHERE r.retired_at IS NULL) AND n <> m AND n.branch IN $branches
    AND ($scope = '' OR n.scope = $scope)
    AND ($visible_scopes IS NULL OR n.scope IN $visible_scopes OR (n.scope STARTS WITH 'agent:' AND 'agent:*' IN $visible_scopes))
    AND NOT n.scope IN $hidden_scopes
    AND NOT ($shared AND n.scope STARTS WITH 'agent:')
    AND ($kinds = ['*'] OR n.kind IN $kinds)
  RETURN collect(DISTINCT n) AS around
}
WITH found, around, [x IN found | x.m] AS found_nodes,
     EXISTS { (:Ambiguity {status: 'open'}) } AS doubts
UNWIND found[0..$candidates] + [x IN found[$candidates..] WHERE x.m IN around] +
       [n IN around WHERE NOT n IN found_nodes | {m: n, fused: 0.0, hits: []}] AS row
WITH row.m AS m, row.fused AS fused, row.hits AS hits, doubts
WITH m, fused, hits, doubts, [(m)-[:ABOUT]->(e) WHERE 'Entity' IN labels(e) | e] AS entities,
     CASE WHEN $embedding IS NULL THEN null ELSE m.sentence_embeddings END AS sentences
WITH m.id AS id, fused, hits,
       m {.kind, .text, .title, .details_text, .source_ref, .trust, .confidence, .truth_status,
          .lifecycle, .in_conflict, .mention_count, .scope, .memory_type, .memory_score, .claims_failed,
          .speaker, .session,
          prev_turn: CASE WHEN m.kind = 'episode' THEN [(p)-[r:NEXT]->(m) WHERE r.retired_at IS NULL | p.id][0] END,
          next_turn: CASE WHEN m.kind = 'episode' THEN [(m)-[r:NEXT]->(n) WHERE r.retired_at IS NULL | n.id][0] END,
          prev2_turn: CASE WHEN m.kind = 'episode' THEN [(p)-[r2:NEXT]->()-[r:NEXT]->(m) WHERE r.retired_at IS NULL AND r2.retired_at IS NULL | p.id][0] END,
          valid_from: m.valid_from.epochSeconds * 1000000 + m.valid_from.microsecond,
          valid_until: m.valid_until.epochSeconds * 1000000 + m.valid_until.microsecond,
          recorded_at: m.recorded_at.epochSeconds * 1000000 + m.recorded_at.microsecond,
          retired_at: m.retired_at.epochSeconds * 1000000 + m.retired_at.microsecond,
          last_used_at: m.last_used_at.epochSeconds * 1000000 + m.last_used_at.microsecond,
          cosine: CASE WHEN $embedding IS NULL OR m.embedding IS NULL THEN null
                       ELSE 2 * vector.similarity.cosine(m.embedding, $embedding) - 1 END,
          rest_cosine: CASE WHEN $rest_embedding IS NULL OR m.embedding IS NULL THEN null
                            ELSE 2 * vector.similarity.cosine(m.embedding, $rest_embedding) - 1 END,
          sentence_cosine: CASE WHEN size(coalesce(sentences, [])) = 0 THEN null
                                ELSE 2 * reduce(best = 0.0, s IN [i IN range(0, size(sentences) / size($embedding) - 1) |
                                                  vector.similarity.cosine(sentences[i * size($embedding) .. (i + 1) * size($embedding)], $embedding)] |
                                                CASE WHEN s > best THEN s ELSE best END) - 1 END,
          ambiguous: CASE WHEN doubts
                          THEN any(e IN entities WHERE EXISTS { (e)<-[i:INVOLVES]-(:Ambiguity {status: 'open'})
                                                                WHERE coalesce(i.role, 'uncertain') <> 'candidate' })
                          ELSE false END,
          about: reduce(names = [], e IN entities | names + e.name + coalesce(e.aliases, [])),
          superseded_by: [(m)-[r:SUPERSEDED_BY]->(n) WHERE r.retired_at IS NULL AND n.branch IN $branches | n.id]} AS unit
// one record: the driver costs ~20 µs a record, more than the server spends on a row
RETURN collect({id: id, fused: fused, hits: hits, unit: unit}) AS rows
