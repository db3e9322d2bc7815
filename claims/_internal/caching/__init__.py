"""Caches and fingerprints: what a result depends on, so a PASS is reused only while none of it changed."""
