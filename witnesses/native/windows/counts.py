"""Witness the illustration's counts: every count and the wait it takes is read from its inputs, never the seed's literal."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.native.windows import SEED_WINDOW_INPUTS, window_illustration
from witnesses.native.windows import _seed, witness


@witness.property(
    "Every count the illustration takes is read from its inputs: each decode by its token count, the probes by their counts, the waits by their count and length.",
    rules=[window_illustration],
)
@settings(max_examples=30)
@given(
    tokens=st.integers(1, 400),
    completion=st.integers(1, 50),
    probes=st.integers(1, 20),
    near=st.integers(1, 10),
    waits=st.integers(1, 10),
    wait=st.integers(0, 900),
)
@example(tokens=32, completion=5, probes=8, near=3, waits=4, wait=900)
@example(tokens=64, completion=10, probes=4, near=2, waits=2, wait=600)
def every_count_is_read_from_the_inputs(
    tokens: int, completion: int, probes: int, near: int, waits: int, wait: int
) -> None:
    counts = {
        "probe_tokens": tokens,
        "near_cap_completion": completion,
        "probes_32k": probes,
        "probes_near_cap": near,
        "waits": waits,
        "native_wait_s": wait,
    }
    w, seed = check.admitted(window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, **counts))), _seed()
    # Against the seed's 32 and 5 tokens, each extra token decodes at 56 tok/s (lo) to 52 tok/s (hi), in minutes.
    probe = (seed.probe_32k.lo + Fraction(tokens - 32, 56 * 60), seed.probe_32k.hi + Fraction(tokens - 32, 52 * 60))
    near_cap = (
        seed.near_cap_probe.lo + Fraction(completion - 5, 56 * 60),
        seed.near_cap_probe.hi + Fraction(completion - 5, 52 * 60),
    )
    check.equal(f"one probe of {tokens} tokens", (w.probe_32k.lo, w.probe_32k.hi), probe)
    check.equal(f"one near-cap probe of {completion} tokens", (w.near_cap_probe.lo, w.near_cap_probe.hi), near_cap)
    check.equal(f"{probes} probes", (w.eight_probes.lo, w.eight_probes.hi), (probes * probe[0], probes * probe[1]))
    check.equal(
        f"{near} near-cap probes", (w.three_near_cap.lo, w.three_near_cap.hi), (near * near_cap[0], near * near_cap[1])
    )
    check.equal(
        f"{waits} waits of {wait} s", (w.four_waits.lo, w.four_waits.hi), (Fraction(0), Fraction(waits * wait, 60))
    )


def _tenths(value: Fraction) -> Fraction:
    return Fraction(round(value, 1))


@witness.property(
    "For any probe counts, across OFF/ON is twice the sum of the per-arm figures as printed at one decimal, the exact "
    "across is twice their exact sum, and the diagnostic before restore is S30's plus the printed across: the seed's "
    "way of adding holds at every count, not only at 8 and 3.",
    rules=[window_illustration],
)
@settings(max_examples=30)
@given(probes=st.integers(1, 20), near=st.integers(1, 10))
@example(probes=8, near=3)
@example(probes=8, near=2)
@example(probes=1, near=1)
@example(probes=20, near=10)
def across_arms_adds_the_printed_per_arm_figures_at_any_count(probes: int, near: int) -> None:
    w = check.admitted(window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, probes_32k=probes, probes_near_cap=near)))
    e, t = w.eight_probes, w.three_near_cap
    printed = (2 * (_tenths(e.lo) + _tenths(t.lo)), 2 * (_tenths(e.hi) + _tenths(t.hi)))
    check.equal(f"across of {probes} + {near} probes", (w.across_arms.lo, w.across_arms.hi), printed)
    check.equal(
        f"exact across of {probes} + {near} probes",
        (w.across_arms_exact.lo, w.across_arms_exact.hi),
        (2 * (e.lo + t.lo), 2 * (e.hi + t.hi)),
    )
    s30 = SEED_WINDOW_INPUTS.s30_diagnostic
    check.equal(
        "diagnostic before restore",
        (w.diagnostic_before_restore.lo, w.diagnostic_before_restore.hi),
        (s30.lo + printed[0], s30.hi + printed[1]),
    )


@witness.property(
    "For any probe token count and probe count, the eight-printed-probes figure is the count times the one probe as "
    "printed at two decimals, not only at the seed's 32 tokens.",
    rules=[window_illustration],
)
@settings(max_examples=30)
@given(tokens=st.integers(1, 400), probes=st.integers(1, 20))
@example(tokens=32, probes=8)
@example(tokens=33, probes=8)
@example(tokens=1, probes=1)
def the_printed_probes_scale_the_printed_probe_at_any_count(tokens: int, probes: int) -> None:
    w = check.admitted(window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, probe_tokens=tokens, probes_32k=probes)))
    lo, hi = Fraction(round(w.probe_32k.lo, 2)), Fraction(round(w.probe_32k.hi, 2))
    check.equal(
        f"{probes} printed probes of {tokens} tokens",
        (w.eight_printed_probes.lo, w.eight_printed_probes.hi),
        (probes * lo, probes * hi),
    )
