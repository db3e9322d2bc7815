"""Launch a serving arm on GB10 hosts (DOMAIN.md Part A): fleet, rows, fit wall, launcher, rendering, admission, dry run."""
