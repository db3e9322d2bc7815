"""Witness binding a packet's observations to its actual starts and manifest, and the names a packet may be published under."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.native.checks import Arm, NativeCheck
from domain.native.observations import Evidence
from domain.native.packets import (
    ObservationUnbound,
    PacketBinding,
    PacketNameUnsafe,
    packet_binds_observations,
    packet_name_admitted,
)
from domain.native.reading import read_packet
from witnesses.core import strategies as near
from witnesses.native.fixtures import (
    MANIFEST,
    OFF_START,
    ON_START,
    OTHER_MANIFEST,
    OTHER_ON_START,
    complete,
    packet_document,
    replaced,
)

witness = Witness("native.packets")

BINDING = PacketBinding(OFF_START, ON_START, MANIFEST)
FINAL = NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE


@witness.positive(
    "Every observation of the complete packet is bound to its own arm's start and the manifest.",
    rules=[packet_binds_observations],
)
def packet_observations_bound_to_its_starts() -> None:
    packet = check.admitted(read_packet(packet_document(complete())))
    check.equal("binding", check.admitted(packet_binds_observations(packet)), BINDING)


@witness.refusal(
    "An observation from another start is unbound from the packet, naming both starts.",
    rules=[packet_binds_observations],
    reasons=[because(ObservationUnbound, at="$.observations[5].start_id", saying=[OTHER_ON_START, ON_START])],
)
def observation_from_another_start_is_unbound():
    obs = replaced(
        complete(),
        NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT,
        "kept_agreement",
        Arm.ON,
        start_id=OTHER_ON_START,
    )
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))


RANK = NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT


@witness.refusal(
    "An observation bound to another manifest is unbound from the packet, naming both manifests.",
    rules=[packet_binds_observations],
    reasons=[
        because(
            ObservationUnbound,
            at="$.observations[5].manifest_digest",
            saying=f"kept_agreement is bound to manifest {OTHER_MANIFEST}, not the packet's {MANIFEST}",
        )
    ],
)
def observation_under_another_manifest_is_unbound():
    obs = replaced(complete(), RANK, "kept_agreement", Arm.ON, manifest_digest=OTHER_MANIFEST)
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))


_AWAY = tuple(
    attrs.evolve(o, manifest_digest=OTHER_MANIFEST, **({"start_id": OTHER_ON_START} if o.arm is Arm.ON else {}))
    for o in complete(checks=(FINAL,))
)
"""The final-tail check's observations, all under one other manifest, the ON arm's all from one other start."""


@witness.refusal(
    "Observations that agree among themselves on another manifest and another ON start are each unbound: the binding is the packet's own, never read from its observations.",
    rules=[packet_binds_observations],
    reasons=[
        because(ObservationUnbound, at=f"$.observations[{i}].{field}")
        for i, o in enumerate(_AWAY)
        for field in (("start_id", "manifest_digest") if o.arm is Arm.ON else ("manifest_digest",))
    ],
)
def observations_agreeing_on_another_binding_are_each_unbound():
    return packet_binds_observations(check.admitted(read_packet(packet_document(_AWAY))))


@witness.positive("A plain file name ending in .json is admitted as a packet name.", rules=[packet_name_admitted])
def a_plain_json_name_is_admitted() -> None:
    for name in ("up2-native-packet.json", "p.json", "UP2_native.2026-10-25.json"):
        check.equal(name, packet_name_admitted(name), Admitted(name))


@witness.refusal(
    "A packet name ending in a newline is refused, though every character before it is plain.",
    rules=[packet_name_admitted],
    reasons=[
        because(
            PacketNameUnsafe,
            at="$.name",
            saying="'p.json\\n' must be a plain file name ending in .json (letters, digits, . _ -)",
        )
    ],
)
def a_name_ending_in_a_newline_is_refused():
    return packet_name_admitted("p.json\n")


@witness.property(
    "Every name that could leave the evidence root, hide, or is not .json is refused as a packet name.",
    rules=[packet_name_admitted],
)
@settings(max_examples=20)
@given(
    st.sampled_from(
        [
            "../p.json",
            "sub/p.json",
            ".hidden.json",
            "p.txt",
            "",
            "p .json",
            "/abs.json",
            "p.json/",
            "p.json.bak",
            "р.json",
        ]
    )
)
def names_that_could_leave_the_root_are_refused(name: str) -> None:
    check.holds(f"{name!r} refused", packet_name_admitted(name).refused, packet_name_admitted(name))


# --- near misses: an observation bound to a start or a manifest that almost is the packet's is unbound ---

COMPLETE_PACKET = read_packet(packet_document(complete()))


def _bound(**changes: str) -> object:
    packet = check.admitted(COMPLETE_PACKET)
    return packet_binds_observations(
        attrs.evolve(packet, observations=replaced(packet.observations, RANK, "kept_agreement", Arm.ON, **changes))
    )


@witness.property(
    "An observation from any near miss of its arm's start is unbound at its start id, and the exact start binds.",
    rules=[packet_binds_observations],
)
@settings(max_examples=20)
@given(near.near_misses(ON_START))
@example(near.case_flipped(ON_START))
@example(near.strict_prefix(ON_START))
@example(near.extended(ON_START))
@example(near.padded(ON_START, after="\n"))
@example(near.padded(ON_START, before="\t", after=""))
@example(near.lookalike(ON_START, 5))
def near_misses_of_a_start_are_unbound(miss: str) -> None:
    check.equal("the exact start", _bound(start_id=ON_START), Admitted(BINDING))
    reasons = check.refused(_bound(start_id=miss))
    check.equal(
        f"{miss!r} unbound at",
        [(type(r), r.where) for r in reasons],
        [(ObservationUnbound, "$.observations[5].start_id")],
    )


@witness.property(
    "An observation bound to any near miss of the packet's manifest is unbound at its manifest digest, and the exact manifest binds.",
    rules=[packet_binds_observations],
)
@settings(max_examples=20)
@given(near.near_misses(MANIFEST))
@example(near.case_flipped(MANIFEST, 3))
@example(near.strict_prefix(MANIFEST))
@example(near.extended(MANIFEST, "ab"))
@example(near.padded(MANIFEST, before=" "))
@example(near.padded(MANIFEST, before=" ", after=""))
@example(near.lookalike(MANIFEST, 1))
def near_misses_of_the_manifest_are_unbound(miss: str) -> None:
    check.equal("the exact manifest", _bound(manifest_digest=MANIFEST), Admitted(BINDING))
    reasons = check.refused(_bound(manifest_digest=miss))
    check.equal(
        f"{miss!r} unbound at",
        [(type(r), r.where) for r in reasons],
        [(ObservationUnbound, "$.observations[5].manifest_digest")],
    )


# --- the fold: every unbound observation is named, not only the first ---


@witness.refusal(
    "Every unbound observation of a packet is named, each at its start or its manifest, including both on one observation.",
    rules=[packet_binds_observations],
    reasons=[
        because(
            ObservationUnbound,
            at="$.observations[1].start_id",
            saying=f"{RANK.value}.solo_q arm ON is from start {OTHER_ON_START}, but the packet's ON arm is start {ON_START}",
        ),
        because(
            ObservationUnbound,
            at="$.observations[1].manifest_digest",
            saying=f"{RANK.value}.solo_q is bound to manifest {OTHER_MANIFEST}, not the packet's {MANIFEST}",
        ),
        because(
            ObservationUnbound,
            at="$.observations[4].start_id",
            saying=f"{RANK.value}.kept_agreement arm OFF is from start {ON_START}, but the packet's OFF arm is start {OFF_START}",
        ),
        because(
            ObservationUnbound,
            at="$.observations[7].manifest_digest",
            saying=f"{RANK.value}.position_agreement is bound to manifest {OTHER_MANIFEST}, not the packet's {MANIFEST}",
        ),
    ],
)
def every_unbound_observation_is_named():
    obs = replaced(complete(), RANK, "solo_q", Arm.ON, start_id=OTHER_ON_START, manifest_digest=OTHER_MANIFEST)
    obs = replaced(obs, RANK, "kept_agreement", Arm.OFF, start_id=ON_START)
    obs = replaced(obs, RANK, "position_agreement", Arm.ON, manifest_digest=OTHER_MANIFEST)
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))


@witness.refusal(
    "Observations bound to near misses of the OFF start and of the manifest (another case, trailing whitespace) are each unbound, every one named.",
    rules=[packet_binds_observations],
    reasons=[
        because(
            ObservationUnbound, at="$.observations[0].start_id", saying=f"from start {near.case_flipped(OFF_START)}"
        ),
        because(ObservationUnbound, at="$.observations[2].start_id", saying=f"from start {OFF_START} "),
        because(ObservationUnbound, at="$.observations[5].manifest_digest", saying=MANIFEST.upper()),
        because(ObservationUnbound, at="$.observations[6].manifest_digest", saying=f"manifest {MANIFEST}\t,"),
    ],
)
def near_misses_of_the_off_start_and_manifest_are_each_unbound():
    obs = replaced(complete(), RANK, "solo_q", Arm.OFF, start_id=near.case_flipped(OFF_START))
    obs = replaced(obs, RANK, "q_agreement", Arm.OFF, start_id=OFF_START + " ")
    obs = replaced(obs, RANK, "kept_agreement", Arm.ON, manifest_digest=MANIFEST.upper())
    obs = replaced(obs, RANK, "position_agreement", Arm.OFF, manifest_digest=MANIFEST + "\t")
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))


@witness.positive(
    "A name whose .json suffix is a near miss (another case, a letter short or over, a look-alike) is refused as a packet name.",
    rules=[packet_name_admitted],
)
def near_misses_of_the_json_suffix_are_refused() -> None:
    misses = ("p.JSON", "p.Json", "p.jsn", "p.jso", "p.jsonl", "p.json5", "p.jѕon", "p_json")
    check.equal("admitted", [m for m in misses if not packet_name_admitted(m).refused], [])


_UNSAFE_CHARACTERS = ("/", "\\", " ", "\n", "\u00e9", ":", "*")


@witness.positive(
    "A packet name of any length (6, 41, 200 or 255 characters) is admitted exactly when it is plain: one unsafe "
    "character anywhere (first, middle or just before .json) is refused, and a hidden name is refused at any length.",
    rules=[packet_name_admitted],
)
def a_name_of_any_length_is_admitted_iff_plain() -> None:
    for length in (6, 41, 200, 255):
        stem = ("p" + "a1-_." * 60)[: length - 5]
        name = stem + ".json"
        check.equal(f"plain name of {length}", check.admitted(packet_name_admitted(name)), name)
        check.equal(f"hidden name of {length}", packet_name_admitted("." + name[1:]).refused, True)
        for bad in _UNSAFE_CHARACTERS:
            for index in (0, len(stem) // 2, len(stem) - 1):
                unsafe = stem[:index] + bad + stem[index + 1 :] + ".json"
                check.equal(
                    f"{bad!r} at {index} of a {length}-character name",
                    [(type(r), r.where) for r in check.refused(packet_name_admitted(unsafe))],
                    [(PacketNameUnsafe, "$.name")],
                )


@witness.positive(
    "Every observation is bound to its own arm's start and the packet's manifest whatever it says: NATIVE or CPU_FIXTURE, "
    "held or not, in either arm; one from another start or manifest is unbound at that field.",
    rules=[packet_binds_observations],
)
def every_evidence_kind_and_outcome_is_bound() -> None:
    packet = check.admitted(COMPLETE_PACKET)
    for evidence in Evidence:
        for held in (True, False):
            for arm, other_start in ((Arm.OFF, ON_START), (Arm.ON, OTHER_ON_START)):
                for field, value in (("start_id", other_start), ("manifest_digest", OTHER_MANIFEST)):
                    changed = replaced(
                        packet.observations, RANK, "kept_agreement", arm, evidence=evidence, held=held, **{field: value}
                    )
                    index = next(
                        i
                        for i, o in enumerate(changed)
                        if o.check is RANK and o.subcase == "kept_agreement" and o.arm is arm
                    )
                    check.equal(
                        f"{evidence.value} held={held} {arm.value} {field}",
                        [
                            (type(r), r.where)
                            for r in check.refused(
                                packet_binds_observations(attrs.evolve(packet, observations=changed))
                            )
                        ],
                        [(ObservationUnbound, f"$.observations[{index}].{field}")],
                    )


@witness.positive(
    "A packet's binding names its own two starts and manifest whether it carries no observation, one, or all of them.",
    rules=[packet_binds_observations],
)
def the_binding_names_the_packets_starts_however_many_observations() -> None:
    packet = check.admitted(COMPLETE_PACKET)
    for n in (0, 1, 2, len(packet.observations)):
        check.equal(
            f"{n} observation(s)",
            packet_binds_observations(attrs.evolve(packet, observations=packet.observations[:n])),
            Admitted(BINDING),
        )
