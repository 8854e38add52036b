// Uniqueness of :Grant ids (one grant per role and scope: `grant:<role>:<scope>`).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT grant_id IF NOT EXISTS FOR (n:Grant) REQUIRE n.id IS UNIQUE
