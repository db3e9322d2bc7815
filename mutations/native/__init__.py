"""Declare the seeded defects of Part B (native qualification checks), mirroring `domain/native/`."""
