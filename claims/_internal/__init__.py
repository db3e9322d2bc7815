"""The framework's machinery: nothing here is public API.

Witnesses, defects and tests import the public surface (`claims`,
`claims.check`, `claims.defects`, `claims.errors`); these modules may change
without notice.
"""
