"""Benchmarks: `python -m bench NAME [--size N] [--seed S]`.
Never collected by pytest, never decide CI."""
