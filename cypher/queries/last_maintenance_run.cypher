// The most recent maintenance run, for `hippo status`.
// Params: none. Returns: run (a map; no row before the first run).
// READ
MATCH (r:MaintenanceRun)
RETURN r {.*} AS run
ORDER BY r.started_at DESC
LIMIT 1
