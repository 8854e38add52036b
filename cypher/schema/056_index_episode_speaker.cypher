// Range index on :Episode.speaker: recall asks which words of a query are speakers
// (speakers_named) before it embeds the query without them.
// Params: none. Returns: nothing.
// SCHEMA
CREATE RANGE INDEX episode_speaker IF NOT EXISTS FOR (n:Episode) ON (n.speaker)
