"""Witnesses of the native qualification checks (DOMAIN.md Part B), one module per domain module, at the same path."""
