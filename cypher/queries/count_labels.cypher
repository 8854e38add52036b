// Node counts per label from the count store (constant time, no scan).
// Params: none. Returns: label, count.
// READ SYSTEM
CALL db.stats.retrieve('GRAPH COUNTS') YIELD data
UNWIND data.nodes AS entry
WITH entry WHERE entry.label IS NOT NULL
RETURN entry.label AS label, entry.count AS count
ORDER BY label
