"""The write path and the read gate: every write and every read of memory units."""
