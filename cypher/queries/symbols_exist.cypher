// For each name, whether a live symbol of the project has it as qualified name, as name, or
// as the end of its qualified name (`auth.login` finds `shop.auth.login`).
// Params: $project STRING, $names LIST<STRING>. Returns: name, found BOOLEAN.
// READ
UNWIND $names AS wanted
WITH wanted, replace(wanted, '::', '.') AS dotted
RETURN wanted AS name,
       EXISTS {
         MATCH (s:Symbol {project: $project})
         WHERE s.retired_at IS NULL
           AND (s.qualified_name = dotted OR s.name = dotted OR s.qualified_name ENDS WITH '.' + dotted)
       } AS found
