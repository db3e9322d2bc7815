"""Declare the seeded defects, one module per domain rule module, at the same relative path as in `domain/`."""
