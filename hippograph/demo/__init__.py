"""The demo: a small project with memory attached, showing the whole loop (``make demo``)."""
