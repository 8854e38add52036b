"""Kinds of memory with their own shape: decisions, failures, rules."""
