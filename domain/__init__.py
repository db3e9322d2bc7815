"""The domain the claims prove: frozen values and pure rules (DOMAIN.md).

Rules are plain module-level functions that return values; a domain "no" is a
`Refused` value carrying located reasons, never an exception.  I/O lives only
in `domain.edges` (the command-line edges), never in a pure rule.
"""
