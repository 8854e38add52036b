// Every constraint, for schema checks.
// Params: none. Returns: name, type, labels, properties.
// READ SYSTEM
SHOW CONSTRAINTS
YIELD name, type, labelsOrTypes, properties
RETURN name, type, labelsOrTypes AS labels, properties
ORDER BY name
