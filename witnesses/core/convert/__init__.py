"""Witness the strict converter: every domain value round-trips byte-stably, no leaf is coerced, every error is located.

A round trip is unstructure -> `json.dumps(sort_keys=True)` -> `json.loads`
-> structure: the value comes back equal and the JSON is identical on a
second trip.  `structured` reads the converter's located errors as a
refusal with one `NotOfShape` reason per error line.  Some claims build a
fresh converter, because cattrs builds and caches each type's hook the first
time it is used.
"""

from __future__ import annotations

import json
from typing import Any

from claims import Witness
from domain.core.convert import STRICT
from domain.spark.fleet import GROUP_A

witness = Witness("core.convert")


def json_trip(value: Any) -> tuple[str, Any, str]:
    """Return the first trip's JSON, the value structured back from it, and the second trip's JSON."""
    first = json.dumps(STRICT.unstructure(value), sort_keys=True)
    back = STRICT.structure(json.loads(first), type(value))
    return first, back, json.dumps(STRICT.unstructure(back), sort_keys=True)


GROUP_A_DOCUMENT = STRICT.unstructure(GROUP_A)

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.core.convert import fresh_converter, private_rows, round_trips, strict_shapes  # noqa: E402, F401
