"""Witnesses of the Spark serving-arm domain (DOMAIN.md Part A), one module per domain module, at the same path."""
