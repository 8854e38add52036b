// Resample every index, wait for it, then empty the query caches: the next statements are
// planned on the store as it is now. Used by the benches right after they load a store, so
// that the warm-up, not a measured query, pays for the plans a changed store calls for.
// Params: $seconds INTEGER. Returns: nothing.
// READ SYSTEM
CALL db.prepareForReplanning($seconds)
