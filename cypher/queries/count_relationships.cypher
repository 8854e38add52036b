// How many relationships the database holds, from the count store (constant time, no scan);
// `hippo db backup` and `hippo db restore` report it.
// Params: none. Returns: count INTEGER.
// READ SYSTEM
CALL db.stats.retrieve('GRAPH COUNTS') YIELD data
UNWIND data.relationships AS entry
WITH entry
WHERE entry.relationshipType IS NULL AND entry.startLabel IS NULL AND entry.endLabel IS NULL
RETURN entry.count AS count
