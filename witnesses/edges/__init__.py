"""Witnesses of the command-line edges: the pure rules of what each command decides, and its I/O claimed in a temporary folder."""
