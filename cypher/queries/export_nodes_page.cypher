// One page of nodes for a snapshot, in id order after $after. The :SchemaVersion
// marker is schema metadata, not memory, and is left out. Temporal values come
// back as their ISO-8601 text (toString keeps nanoseconds, which the driver's
// conversion to Python would drop); `type` is valueType() so the exporter can
// tag them. The temporal type names here match TEMPORAL_TAGS in
// hippograph/ops/snapshot_format.py. toInteger() lets EXPLAIN plan the file
// with a placeholder page size.
// Params: $after STRING (last id of the previous page, '' for the first), $limit INTEGER (page size).
// Returns: id STRING, labels LIST<STRING>, props LIST<MAP{key: STRING, type: STRING, value: ANY}>.
// READ
MATCH (n:Node)
WHERE n.id > $after AND NOT n:SchemaVersion
WITH n ORDER BY n.id LIMIT toInteger($limit)
RETURN n.id AS id, labels(n) AS labels,
       [key IN keys(n) | {
          key: key,
          type: valueType(n[key]),
          value: CASE WHEN valueType(n[key]) IN ['ZONED DATETIME NOT NULL', 'LOCAL DATETIME NOT NULL', 'DATE NOT NULL',
                                                 'ZONED TIME NOT NULL', 'LOCAL TIME NOT NULL', 'DURATION NOT NULL']
                      THEN toString(n[key]) ELSE n[key] END
       }] AS props
ORDER BY id
