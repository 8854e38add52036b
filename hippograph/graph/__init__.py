"""The only package that imports the neo4j driver: connection, query files, writes with history."""
