"""Declare the seeded defects of the command-line edges: exit codes, bad input, `--out`, atomic writes and exclusive publishing."""
