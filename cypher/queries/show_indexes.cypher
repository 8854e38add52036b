// Every index with its state, for `hippo status` and schema checks.
// Params: none. Returns: name, type, state, population, labels, properties.
// READ SYSTEM
SHOW INDEXES
YIELD name, type, state, populationPercent, labelsOrTypes, properties
RETURN name, type, state, populationPercent AS population, labelsOrTypes AS labels, properties
ORDER BY name
