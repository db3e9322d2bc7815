"""Hostile input to the domain's two commands: each case exits 2, located, and writes nothing."""
