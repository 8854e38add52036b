// Drops the search index memory_embedding. A benchmark that empties the database drops its search
// indexes and applies the schema again, so that it starts from indexes without the entries of
// the data it deleted: Lucene keeps deleted entries until it merges segments, and they move
// full-text scores and the neighbours an approximate vector search finds. Used only by the
// benches on their own server; dropping an index never touches data.
// Params: none. Returns: nothing.
// SCHEMA
DROP INDEX memory_embedding IF EXISTS
