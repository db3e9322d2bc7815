"""Declare the seeded defects of Part A (launching a serving arm), mirroring `domain/spark/`."""
