// Changes whose undo was itself undone are live again: their `undone_by` is cleared, so they
// can be undone on their own later (history metadata, not memory).
// Params: $ids LIST<STRING>, $undo_batch STRING. Returns: id.
// WRITE
UNWIND $ids AS change_id
MATCH (c:Change {id: change_id})
WHERE c.undone_by IS NOT NULL
SET c.undone_by = null, c.redone_by = $undo_batch
RETURN c.id AS id
