// How many :Node nodes the database holds, from the count store (constant
// time); a snapshot is imported only where this is zero.
// Params: none. Returns: count INTEGER.
// READ
MATCH (n:Node)
RETURN count(n) AS count
