// Uniqueness of :MaintenanceRun ids (every MERGE/MATCH key is constrained; also the id index).
// Params: none. Returns: nothing.
// SCHEMA
CREATE CONSTRAINT maintenance_run_id IF NOT EXISTS FOR (n:MaintenanceRun) REQUIRE n.id IS UNIQUE
