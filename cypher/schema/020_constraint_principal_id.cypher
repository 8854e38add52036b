// Uniqueness of :Principal ids (one role per person or agent: `principal:<kind>:<name>`).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT principal_id IF NOT EXISTS FOR (n:Principal) REQUIRE n.id IS UNIQUE
