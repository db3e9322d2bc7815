"""Witness the seed's window illustration and the two fits: exact figures, with provenance, and no established fit."""

from __future__ import annotations

from claims import Witness, check
from domain.native.figures import Provenance
from domain.native.windows import SEED_WINDOW_INPUTS, window_illustration

witness = Witness("native.windows")

M, E = Provenance.MEASURED, Provenance.ESTIMATED


def _seed():
    return check.admitted(window_illustration(SEED_WINDOW_INPUTS))


# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.native.windows import complete_packet, counts, illustration, one_hold, units  # noqa: E402, F401
