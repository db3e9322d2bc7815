"""Decide the UP2 native qualification checks (DOMAIN.md Part B, seed 000_741d814e25cd3a0e).

Twelve named checks fail closed: NOT RUN by default, PASS only from NATIVE
observations covering every named subcase in both arms OFF and ON with the
same workload, mode and hooks.  A schema-valid packet is not evidence.

Modules, one noun each: `checks` (the twelve and their subcases),
`observations` (typed evidence), `verdict` (`decide`), `schema` (the
packet and `native_packet_schema_valid`), `reading` (a packet document,
strictly), `packets` (binding observations to starts and manifest),
`private` (payloads never serialised), `waits` (checkpoint deadlines),
`figures` and `windows` (exact interval figures with provenance),
`feasibility` (the window as `native_verdict --window` says it), `records`
(saved-record facts).
"""
