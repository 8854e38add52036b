// Give a person or an agent a role (replacing the one it had).
// Params: $id STRING, $name STRING, $kind STRING, $role STRING, $by STRING, $at DATETIME.
// Returns: previous STRING|null.
// WRITE
MERGE (p:Node:Principal {id: $id})
WITH p, p.role AS previous
SET p.name = $name, p.kind = $kind, p.role = $role, p.granted_by = $by, p.granted_at = $at
RETURN previous
