"""Turning sources (explicit calls, Markdown, transcripts, code) into memory records."""
