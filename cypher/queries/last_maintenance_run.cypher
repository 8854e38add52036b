// The latest run of each maintenance job, for `hippo status`.
// Params: none. Returns: run (a map per job, newest first; no row before the first run).
// READ SYSTEM
MATCH (r:MaintenanceRun)
WITH r ORDER BY r.started_at DESC
WITH r.job AS job, collect(r)[0] AS last
RETURN last {.*} AS run
ORDER BY run.started_at DESC, run.job
