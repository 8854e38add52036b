// Creates nodes in one batch (at most 1,000 rows); labels come from schema
// enums, never from user text.
// Params: $rows LIST<MAP{labels: LIST<STRING>, props: MAP}>.
// Returns: id per created node.
// WRITE
UNWIND $rows AS row
CREATE (n:$(row.labels))
SET n = row.props
RETURN n.id AS id
