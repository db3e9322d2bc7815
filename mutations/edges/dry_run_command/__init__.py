"""Declare the seeded defects of reading a launch_dry_run command line and choosing what it prints, writes and returns.

One module per topic: `arguments` (each option read as typed) and `reports` (the report's fold, path, form and printed lines).
"""
