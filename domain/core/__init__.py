"""Shared by both parts: outcomes, value fields, sizes, the strict converter and bounded JSON text."""
