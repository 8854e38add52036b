"""Recall: voices, fusion, scoring, the strict gate."""
