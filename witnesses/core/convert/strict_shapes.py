"""Witness the module's own strict converter (the one every reader uses): a mapping only from an object, a tuple only from a list, a private payload never read."""

from __future__ import annotations

from typing import Any

import attrs

from claims import check
from domain.core import convert
from domain.core.convert import STRICT, NotOfShape, PrivateExportRefused, structured
from domain.core.outcome import Admitted
from domain.native.private import BroadcastBuffer, SuffixRow
from domain.native.schema import NativePacket
from witnesses.core.convert import witness
from witnesses.native.fixtures import edited

ROW = SuffixRow(rank=0, engine_round=1, q=4092, kept=4092, first=147313, valid=4092, anchor_token=128815, owner_epoch=7)


@witness.positive(
    "A mapping is read only from an object: a list, a string or a number where one belongs is refused where it is, saying what came.",
    rules=[structured],
)
def a_mapping_is_read_only_from_an_object() -> None:
    misfits: list[tuple[Any, Any, NotOfShape]] = [
        (["a"], dict[str, int], NotOfShape("$", "expected an object, got list ['a']")),
        ("ab", dict[str, int], NotOfShape("$", "expected an object, got str 'ab'")),
        (7, dict[str, int], NotOfShape("$", "expected an object, got int 7")),
        (
            edited(checks=[["a", "b"]]),
            NativePacket,
            NotOfShape("$.checks", "expected an object, got list [['a', 'b']]"),
        ),
        (edited(checks="x"), NativePacket, NotOfShape("$.checks", "expected an object, got str 'x'")),
    ]
    for document, kind, reason in misfits:
        check.equal(f"{document!r} as {kind}"[:80], check.refused(structured(document, kind)), (reason,))
    check.equal("an object", structured({"a": 1}, dict[str, int]), Admitted({"a": 1}))


@witness.positive(
    "A tuple is read only from a list: a string, an object or a number where one belongs is refused where it is, saying what came.",
    rules=[structured],
)
def a_tuple_is_read_only_from_a_list() -> None:
    misfits: list[tuple[Any, Any, NotOfShape]] = [
        ("ab", tuple[str, ...], NotOfShape("$", "expected a list, got str 'ab'")),
        ({"a": 1}, tuple[str, ...], NotOfShape("$", "expected a list, got dict {'a': 1}")),
        (7, tuple[int, ...], NotOfShape("$", "expected a list, got int 7")),
        (
            edited(evidence="evidence/x"),
            NativePacket,
            NotOfShape("$.evidence", "expected a list, got str 'evidence/x'"),
        ),
        (edited(evidence={"a": 1}), NativePacket, NotOfShape("$.evidence", "expected a list, got dict {'a': 1}")),
    ]
    for document, kind, reason in misfits:
        check.equal(f"{document!r} as {kind}"[:80], check.refused(structured(document, kind)), (reason,))
    check.equal("a list", structured(["a", "b"], tuple[str, ...]), Admitted(("a", "b")))


@witness.positive(
    "The strict converter every reader uses raises rather than read a SuffixRow or a broadcast buffer from a document, naming the type.",
    rules=[convert.strict_converter],
)
def the_strict_converter_never_reads_a_private_payload() -> None:
    said = {}
    for kind, document in ((SuffixRow, attrs.asdict(ROW)), (BroadcastBuffer, {"token_ids": [11, 12, 13]})):
        try:
            said[kind.__name__] = f"returned {STRICT.structure(document, kind)!r}"
        except PrivateExportRefused as exc:
            said[kind.__name__] = str(exc)
    check.equal(
        "refusals",
        said,
        {
            name: f"{name} is private and is never read from or written to a document"
            for name in ("SuffixRow", "BroadcastBuffer")
        },
    )
