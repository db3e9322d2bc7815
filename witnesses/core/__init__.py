"""Witnesses of the shared domain core: outcomes, value fields, sizes, the strict converter."""
