// Uniqueness of :Lock ids: a writer MERGEs the lock of what it is about to read and change
// (a subject and topic, an entity name), so concurrent writers of one thing take turns.
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT lock_id IF NOT EXISTS FOR (n:Lock) REQUIRE n.id IS UNIQUE
