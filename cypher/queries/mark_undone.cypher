// Marks changes as undone by an undo action (history metadata, not memory).
// Params: $ids LIST<STRING>, $undo_batch STRING. Returns: id.
// WRITE
UNWIND $ids AS change_id
MATCH (c:Change {id: change_id})
SET c.undone_by = $undo_batch
RETURN c.id AS id
