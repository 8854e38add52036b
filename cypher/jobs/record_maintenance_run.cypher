// Records one maintenance run: which job, when, how long, what changed.
// Params: $props MAP. Returns: id.
// WRITE
CREATE (r:MaintenanceRun)
SET r = $props
RETURN r.id AS id
