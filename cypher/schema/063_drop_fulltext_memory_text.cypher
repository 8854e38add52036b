// Schema v4 replaces the full-text index memory_text (text, title, aliases) by
// memory_search, which also covers details_text (a decision's problem, reasoning and
// alternatives; a failure's cause and fix). Dropping an index never touches data.
// Params: none. Returns: nothing.
// SCHEMA
DROP INDEX memory_text IF EXISTS
