// Full-text (Lucene, English analyzer) index over what a unit says: text, title, aliases and
// details_text. The lexical voice of recall queries it; eventually_consistent is off so a
// unit is searchable as soon as its transaction commits.
// Params: none. Returns: nothing.
// SCHEMA
CREATE FULLTEXT INDEX memory_search IF NOT EXISTS
FOR (n:Memory) ON EACH [n.text, n.title, n.aliases, n.details_text]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}}
