// Current units with a claim `hippo verify` found false, for `hippo status`.
// Params: none. Returns: count.
// READ
MATCH (m:Memory)
WHERE m.claims_failed IS NOT NULL AND size(m.claims_failed) > 0 AND m.retired_at IS NULL AND m.valid_until IS NULL
RETURN count(m) AS count
