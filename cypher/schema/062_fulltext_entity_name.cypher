// Full-text index over entity names and aliases: candidates for entity resolution.
// Params: none. Returns: nothing.
// SCHEMA
CREATE FULLTEXT INDEX entity_name_text IF NOT EXISTS
FOR (n:Entity) ON EACH [n.name, n.aliases]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false}}
