"""Generate the shared core's values for property claims: byte counts, basis points, names and texts.

Each strategy respects the validator of the field it feeds (`domain.core.value_fields`),
so a value built from it never fails at construction.  Plain module-level
strategies, imported explicitly: nothing is registered on import.
"""

from __future__ import annotations

from hypothesis import strategies as st

from domain.core.sizes import BASIS_POINTS_PER_UNIT

_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

byte_counts = st.one_of(
    st.integers(min_value=0, max_value=1 << 50),
    st.fractions(min_value=0, max_value=1 << 40, max_denominator=10_000),
)
"""Byte counts as the wall meets them: whole bytes, or an exact share of a pool."""

basis_points = st.integers(min_value=1, max_value=BASIS_POINTS_PER_UNIT)
"""A share in (0, 1] as basis points, the validator's range."""

NAME_POOL = ("srv5", "srv6", "a", "B-2", "x.y_z", "0", "gunbc-v41-tp4", "glm-native", "Host.7", "n_8")
name_tokens = st.sampled_from(NAME_POOL) | st.builds(lambda head, tail: head + tail, st.sampled_from(_ALNUM), st.text(alphabet=_ALNUM + "._-", max_size=6))
"""Names safe as one path segment or unit word (`value_fields.name_token`): a pool, or drawn."""

TEXT_POOL = ("spark-serving-group-a", "GLM arm on Group B", '50% of "V4" at $HOME', "back\\slash", "x")
plain_texts = st.sampled_from(TEXT_POOL)
"""Non-empty texts, including the characters systemd quoting must escape (%, $, quotes, backslash)."""
