"""Decide the UP2 native qualification checks (DOMAIN.md Part B, seed 000_741d814e25cd3a0e).

Twelve named checks fail closed: NOT RUN by default, PASS only from NATIVE
observations covering every named subcase in both arms OFF and ON with the
same workload, mode and hooks.  A schema-valid packet is not evidence.

Modules, one noun each: `checks` (the twelve and their subcases),
`observations` (typed evidence), `verdict` (`decide`), `schema` (the
packet and `native_packet_schema_valid`), `packets` (binding, splicing,
receipts), `privacy` (what may be exported), `waits` (checkpoint
deadlines), `figures` and `windows` (exact interval figures with
provenance), `records` (saved-record facts).
"""
