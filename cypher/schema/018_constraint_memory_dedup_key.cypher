// One active unit per dedup key (kind, scope, branch, normalised text): MERGE on it
// makes concurrent re-mentions strengthen one unit instead of racing to create two.
// A closed unit (superseded, deprecated, retired) gives its key up.
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT memory_dedup_key IF NOT EXISTS FOR (n:Memory) REQUIRE n.dedup_key IS UNIQUE
