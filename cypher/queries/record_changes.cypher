// Appends entries to memory's history (SPEC §6), in the same transaction as the write they describe.
// Params: $rows LIST<MAP> (Change properties). Returns: id per change.
// WRITE
UNWIND $rows AS row
CREATE (c:Node:Change)
SET c = row
RETURN c.id AS id
