// Units per branch, for `hippo branch list`.
// Params: none. Returns: branch, active, total.
// READ
MATCH (m:Memory)
RETURN m.branch AS branch,
       count(CASE WHEN m.valid_until IS NULL AND m.retired_at IS NULL THEN 1 END) AS active,
       count(*) AS total
ORDER BY branch
