"""Witnesses of the native qualification checks (DOMAIN.md Part B), one module per rule family."""
