// Every unit of one scope (current or not), for moving a scope into a project.
// Params: $scope STRING. Returns: id, kind, branch, text, dedup_key, scope.
// READ
MATCH (m:Memory {scope: $scope})
RETURN m.id AS id, m.kind AS kind, m.branch AS branch, m.text AS text, m.dedup_key AS dedup_key,
       m.scope AS scope
ORDER BY m.id
