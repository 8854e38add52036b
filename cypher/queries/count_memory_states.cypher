// Knowledge units per kind, lifecycle and truth status, for `hippo status`.
// Params: none. Returns: kind, lifecycle, truth_status, count.
// READ
MATCH (m:Memory)
RETURN m.kind AS kind, m.lifecycle AS lifecycle, m.truth_status AS truth_status, count(*) AS count
ORDER BY kind, lifecycle, truth_status
