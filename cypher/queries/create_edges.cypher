// Creates relationships in one batch between nodes found by id; the type comes
// from the RelType enum, never from user text.
// A row whose props lack `created_at` takes $created_at (a batch's edges usually share one
// instant; it is sent once).
// Params: $rows LIST<MAP{type: STRING, source_id: STRING, target_id: STRING, props: MAP}>,
// $created_at DATETIME|null.
// Returns: id of each created relationship (rows whose ends are missing return nothing).
// WRITE
UNWIND $rows AS row
MATCH (a:Node {id: row.source_id})
MATCH (b:Node {id: row.target_id})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
SET r.created_at = coalesce(row.props.created_at, $created_at)
RETURN r.id AS id
