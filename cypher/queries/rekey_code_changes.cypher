// Points the change log of re-keyed code nodes at their new ids, so their history follows them.
// Params: $rows LIST<MAP{old: STRING, new: STRING}>. Returns: changed (count).
// WRITE
UNWIND $rows AS row
CALL (row) {
  MATCH (c:Change {target_id: row.old}) SET c.target_id = row.new RETURN count(c) AS a
}
CALL (row) {
  MATCH (c:Change {source_id: row.old}) SET c.source_id = row.new RETURN count(c) AS b
}
CALL (row) {
  MATCH (c:Change {end_id: row.old}) SET c.end_id = row.new RETURN count(c) AS e
}
RETURN sum(a + b + e) AS changed
