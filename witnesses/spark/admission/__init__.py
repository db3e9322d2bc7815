"""Witness each admission conjunct on its own, the fold that reports every failing one, and the fold over generated logs.

The property's oracle reads each generated log itself, as of the read time
(the latest event at or before it wins; a later line wins a tie), and
decides seed A4's four conjuncts independently of `domain.spark.admission`.
"""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.admission")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.admission import conjuncts, near_misses, one_character, partitions  # noqa: E402, F401
