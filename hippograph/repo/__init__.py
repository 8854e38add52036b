"""The working tree: git, source lines, the project root."""
