"""Claims about what a native export may carry: equality results and aggregates, never anchor tokens or contents."""

from __future__ import annotations

import json

import attrs
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.converter import NATIVE, PrivateExportRefused
from domain.native.privacy import NoAuditedRows, PrivatePayloadNotExported, RankRowMissing, export_record, rank_agreement
from domain.native.private import BroadcastBuffer, KvContents, SuffixRow, TapContents

witness = Witness("native.privacy")

ANCHOR = 128815  # FIXTURE: an anchor token id; it must appear in no export.


def _row(rank: int, engine_round: int, anchor: int = ANCHOR) -> SuffixRow:
    return SuffixRow(rank=rank, engine_round=engine_round, q=4092, kept=4092, first=147313, valid=4092, anchor_token=anchor, owner_epoch=7)


@frozen
class Leaky:
    """Hold a summary beside raw rows, as a careless exporter might."""

    summary: str = attrs.field(validator=attrs.validators.instance_of(str))
    rows: tuple[SuffixRow, ...] = attrs.field(validator=attrs.validators.instance_of(tuple))


@witness.refusal(
    "A SuffixRow is never exported, because it carries an anchor token.",
    rules=[export_record],
    reasons=[because(PrivatePayloadNotExported, at="$", saying=["SuffixRow", "anchor tokens"])],
)
def suffix_row_is_never_exported():
    return export_record(_row(0, 1))


@witness.refusal(
    "A SuffixRow nested in an export is refused where it sits.",
    rules=[export_record],
    reasons=[because(PrivatePayloadNotExported, at="$.rows[1]", saying="SuffixRow")],
)
def nested_suffix_row_is_refused_where_it_sits():
    return export_record({"summary": "ok", "rows": ("metadata", _row(1, 1))})


@witness.refusal(
    "Broadcast buffers, taps and KV contents are never exported.",
    rules=[export_record],
    reasons=[
        because(PrivatePayloadNotExported, at="$[0]", saying="BroadcastBuffer"),
        because(PrivatePayloadNotExported, at="$[1]", saying="TapContents"),
        because(PrivatePayloadNotExported, at="$[2]", saying="KvContents"),
    ],
)
def broadcast_tap_and_kv_contents_are_never_exported():
    return export_record((BroadcastBuffer((ANCHOR, 7)), TapContents(b"\x01\x02"), KvContents(b"\x03")))


@witness.positive("The native converter raises rather than serialise a SuffixRow, even inside another value.", rules=[export_record])
def native_converter_raises_on_a_suffix_row() -> None:
    for value, kind in ((_row(0, 1), SuffixRow), (Leaky("s", (_row(0, 1),)), Leaky)):
        try:
            NATIVE.unstructure(value, kind)
        except PrivateExportRefused as exc:
            check.contains("refusal names the type", "SuffixRow", str(exc))
        else:
            check.holds(f"unstructuring {kind.__name__} raises", False, "it serialised")


@witness.positive("Rank agreement exports per-field equality counts and q values, and no anchor token.", rules=[rank_agreement, export_record])
def agreement_exports_equality_counts_only() -> None:
    rows = (_row(0, 1), _row(1, 1), _row(0, 2), _row(1, 2, anchor=ANCHOR + 1), _row(0, 3), _row(1, 3))
    summary = check.admitted(rank_agreement(rows, (0, 1)))
    document = check.admitted(export_record(summary))
    check.equal("export", document, {
        "rounds": 3, "ranks": 2, "q_values": [4092],
        "fields": [{"name": n, "agreeing_rounds": 2 if n == "anchor_token" else 3} for n in ("q", "kept", "first", "valid", "anchor_token", "owner_epoch")],
    })
    check.absent("anchor token ids", str(ANCHOR), json.dumps(document))


@witness.property("Whatever the anchor tokens, the exported agreement contains none of them.", rules=[rank_agreement, export_record])
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(10**6, 10**9), st.integers(10**6, 10**9)), min_size=1, max_size=8))
def exported_agreement_never_contains_an_anchor_token(anchors: list) -> None:
    rows = tuple(_row(rank, i, pair[rank]) for i, pair in enumerate(anchors) for rank in (0, 1))
    summary = check.admitted(rank_agreement(rows, (0, 1)))
    text = json.dumps(check.admitted(export_record(summary)))
    for pair in anchors:
        for anchor in pair:
            check.absent("anchor token id", str(anchor), text)


@witness.refusal(
    "A round missing one rank's row is not covered, naming the round and rank.",
    rules=[rank_agreement],
    reasons=[because(RankRowMissing, at="$.rounds[3]", saying="rank(s) 1")],
)
def round_missing_a_rank_is_not_covered():
    return rank_agreement((_row(0, 1), _row(1, 1), _row(0, 2), _row(1, 2), _row(0, 3)), (0, 1))


@witness.refusal(
    "No audited rows give no agreement at all.",
    rules=[rank_agreement],
    reasons=[because(NoAuditedRows, at="$.rows", saying="audited rounds must be positive")],
)
def no_rows_give_no_agreement():
    return rank_agreement((), (0, 1))


@witness.refusal(
    "A SuffixRow inside an attrs value's field is refused at that field.",
    rules=[export_record],
    reasons=[because(PrivatePayloadNotExported, at="$.rows[0]", saying="SuffixRow")],
)
def suffix_row_in_an_attrs_field_is_refused_there():
    return export_record(Leaky("summary", (_row(0, 1),)))


@witness.refusal(
    "Every round missing ranks is named, each with all of its missing ranks.",
    rules=[rank_agreement],
    reasons=[
        because(RankRowMissing, at="$.rounds[1]", saying="engine round 1 has no row from rank(s) 1, 2"),
        because(RankRowMissing, at="$.rounds[2]", saying="engine round 2 has no row from rank(s) 1, 2"),
    ],
)
def every_round_missing_ranks_is_named():
    return rank_agreement((_row(0, 1), _row(0, 2)), (0, 1, 2))


@witness.positive("With no rows the refusal reads exactly that no suffix rows were observed and audited rounds must be positive.", rules=[rank_agreement])
def no_rows_refusal_text_is_exact() -> None:
    reasons = check.refused(rank_agreement((), (0, 1)))
    check.equal("whys", [r.why for r in reasons], ["no suffix rows were observed; audited rounds must be positive"])
