"""Declare the seeded defects of the shared core: sizes, field validators and the strict converter."""
