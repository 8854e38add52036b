"""The demo shop service."""
