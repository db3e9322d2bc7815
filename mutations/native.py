"""Seeded defects for Part B (native checks): deciding, tails, the schema validator and the saved records.

Each replacement is a copy of the rule with exactly one thing taken away;
the comment above it names what, and the seed fact (DOMAIN.md B1/B2) it
breaks.  Packets and privacy live in `mutations.native_packets`; waits,
figures and windows in `mutations.native_windows`.
"""

# TODO(layout): these claim ids in the intents below no longer exist; their claims were deleted with their rules or
#  rewritten (issue 13 item 3): native.packets.hold_verdict_yields_no_receipt.

from __future__ import annotations

import cattrs

from claims.defects import Defect
from domain.native.checks import FINAL_TAIL_FACTOR, FINAL_TAIL_OFFSETS, SUBCASES, Arm, NativeCheck, QNotPositive, Subcase
from domain.native.reading import MalformedPacket
from domain.native.observations import FIXTURE_OWNER_RESOLUTIONS, Observation, OwnerResolution
from domain.native.schema import (
    _DIGEST, FIXTURE_CLASSIFICATION, FIXTURE_PACKET_SCHEMA, PASS_STRING, CheckStringInvalid, DigestInvalid, EvidencePathUnsafe, NativePacket,
    SchemaMismatch, _count_reasons,
)
from domain.native.schema import _identity_reasons as _schema_identity_reasons
from domain.native.verdict import (
    CheckVerdict, ModeUnresolved, NoObservations, Status, SubcaseMissing, SubcaseNotHeld, UnknownSubcase,
    _identity_reasons, _resolved, _slot_reasons, _start_reasons, check_verdict,
)
from domain.core.outcome import Admitted, Reason, Refused

PACKETS = "native.packets"
SCHEMA = "native.schema"
RECORDS = "native.records"
PROPERTY = "native.verdict.decide_passes_iff_every_subcase_is_native_in_both_arms"


# --- verdict.decide -------------------------------------------------------


def slot_reasons_counting_fixtures(check: NativeCheck, subcase: Subcase, arm: Arm, seen: list[Observation], start: str) -> list[Reason]:
    # Seed B1: "fixture packets are CPU evidence and can never make a native check PASS"; this copy
    # reads only `held`, so a schema-valid CPU-fixture packet counts as native.
    where = f"$.checks.{check.value}.{subcase.name}.{arm.value}"
    if not seen:
        return [SubcaseMissing(where, f"no observation of {subcase.name} in arm {arm.value} ({start}); one missing subcase keeps the whole check NOT RUN/HOLD")]
    return [SubcaseNotHeld(where, f"{subcase.name} did not hold in arm {arm.value} (NATIVE, start {o.start_id})") for o in seen if not o.held]


def _decide_with(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...],
    arm_slots: bool,
    skip_unobserved: bool,
) -> CheckVerdict:
    # A copy of `verdict.decide` with two switches: `arm_slots=False` fills an arm's empty slot with
    # the other arm's observations; `skip_unobserved=True` judges only slots someone observed.
    mine = [o for o in observations if o.check is check]
    table = SUBCASES[check]
    if not mine:
        return check_verdict(check, Status.NOT_RUN, (NoObservations(f"$.checks.{check.value}", f"no observation of any of its {len(table)} subcases in either arm; the default is NOT RUN"),))
    reasons, starts = _start_reasons(check, mine)
    known = {s.name for s in table}
    for name in sorted({o.subcase for o in mine} - known):
        reasons.append(UnknownSubcase(f"$.checks.{check.value}.{name}", f"{check.value} has no subcase {name}; renaming or substituting a subcase is prohibited"))
    for subcase in table:
        for mode in subcase.needs:
            ok, owner = _resolved(mode, resolutions)
            if not ok:
                reasons.append(ModeUnresolved(f"$.checks.{check.value}.{subcase.name}", f"{subcase.name} needs {mode.value} mode, unsupported until its owner ({owner}) resolves it"))
        seen = [o for o in mine if o.subcase == subcase.name]
        for arm in Arm:
            own = [o for o in seen if o.arm is arm]
            slot = own if arm_slots or own else [o for o in seen if o.arm is not arm]
            if skip_unobserved and not slot:
                continue
            reasons.extend(_slot_reasons(check, subcase, arm, slot, starts[arm]))
        reasons.extend(_identity_reasons(check, subcase, seen))
    return check_verdict(check, Status.HOLD if reasons else Status.PASS, tuple(reasons))


def decide_ignoring_missing_subcases(
    check: NativeCheck, observations: tuple[Observation, ...], resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    # Seed B1: "one missing subcase keeps the whole check NOT RUN/HOLD"; this copy skips unobserved slots.
    return _decide_with(check, observations, resolutions, arm_slots=True, skip_unobserved=True)


def decide_one_arm_as_both(
    check: NativeCheck, observations: tuple[Observation, ...], resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    # Seed B1: every subcase "in both arms OFF and ON"; this copy lets one arm's observation fill both slots.
    return _decide_with(check, observations, resolutions, arm_slots=False, skip_unobserved=False)


cpu_fixture_counted_as_native = Defect(
    id="native.cpu_fixture_counted_as_native",
    target="domain.native.verdict._slot_reasons",
    replacement=slot_reasons_counting_fixtures,
    description="Count a held CPU-fixture observation as native, so a schema-valid fixture packet decides PASS.",
    expect_red={
        "native.verdict.cpu_fixture_observations_hold_never_pass",
        "native.verdict.any_cpu_fixture_observation_keeps_a_check_from_pass",
        f"{SCHEMA}.cpu_fixture_packet_is_schema_valid_yet_holds_every_check",
        PROPERTY,
    },
    expect_green={"native.verdict.complete_native_observations_pass_all_twelve", f"{SCHEMA}.complete_native_packet_is_schema_valid"},
)

missing_subcase_ignored = Defect(
    id="native.missing_subcase_ignored",
    target="domain.native.verdict.decide",
    replacement=decide_ignoring_missing_subcases,
    description="Judge only the subcases that were observed, so a missing subcase no longer holds the check.",
    expect_red={"native.verdict.held_checks_render_located_reasons", 
        "native.verdict.every_missing_subcase_and_arm_holds_naming_it",
        "native.verdict.missing_final_tail_129_on_holds_naming_it",
        "native.verdict.missing_off_arm_holds_naming_every_subcase",
        "native.verdict.owner_resolution_passes_observed_but_never_waives",
        "native.verdict.renamed_subcase_holds",
        f"{PACKETS}.hold_verdict_yields_no_receipt",
        PROPERTY,
    },
    expect_green={"native.verdict.no_observations_is_not_run", "native.verdict.not_run_is_the_default_for_every_check"},
)

one_arm_accepted_as_both = Defect(
    id="native.one_arm_accepted_as_both",
    target="domain.native.verdict.decide",
    replacement=decide_one_arm_as_both,
    description="Let an observation in one arm stand for both arms, so OFF-only or ON-only evidence decides PASS.",
    expect_red={"native.verdict.held_checks_render_located_reasons", 
        "native.verdict.every_missing_subcase_and_arm_holds_naming_it",
        "native.verdict.missing_final_tail_129_on_holds_naming_it",
        "native.verdict.missing_off_arm_holds_naming_every_subcase",
        "native.verdict.owner_resolution_passes_observed_but_never_waives",
        f"{PACKETS}.hold_verdict_yields_no_receipt",
        PROPERTY,
    },
    expect_green={"native.verdict.renamed_subcase_holds", "native.verdict.cpu_fixture_observations_hold_never_pass"},
)


def resolved_by_anyone(mode: object, resolutions: tuple[OwnerResolution, ...]) -> tuple[bool, str]:
    # Seed B1: unsupported modes "stay NOT RUN/HOLD until their owner resolves them"; a record alone resolves here.
    return bool(resolutions), "coordinator"


unresolved_mode_waived = Defect(
    id="native.unresolved_mode_waived",
    target="domain.native.verdict._resolved",
    replacement=resolved_by_anyone,
    description="Treat an owner's unresolved record of sync or multimodal mode as a resolution.",
    expect_red={"native.verdict.held_checks_render_located_reasons", "native.verdict.mode_without_owner_record_names_an_unassigned_owner", 
        "native.verdict.unresolved_sync_mode_holds_even_when_observed",
        "native.verdict.unresolved_multimodal_holds_even_when_observed",
        PROPERTY,
    },
)


# --- checks.tail_sizes ----------------------------------------------------


def tail_sizes_admitting_zero(q: int) -> Admitted[tuple[int, ...]] | Refused:
    # Seed #2: tails are 36·q + {1, 127, 128, 129} for the start's actual solo q; q = 0 is no q.
    if q < 0:
        return Refused((QNotPositive("$.q", f"q must not be negative, got {q}"),))
    return Admitted(tuple(FINAL_TAIL_FACTOR * q + k for k in FINAL_TAIL_OFFSETS))


zero_q_given_tails = Defect(
    id="native.zero_q_given_tails",
    target="domain.native.checks.tail_sizes",
    replacement=tail_sizes_admitting_zero,
    description="Derive tails for a q of zero instead of refusing it.",
    expect_red={"native.records.record_refusal_texts_are_byte_identical", "native.records.zero_q_refuses_with_every_reason", "native.schema.empty_counts_and_a_thirteenth_check_are_refused", "native.schema.schema_refusals_render_located_reasons", "native.checks.zero_q_has_no_tails"},
    expect_green={"native.checks.final_tails_are_36q_plus_offsets"},
)

tail_factor_32 = Defect(
    id="native.tail_factor_32",
    target="domain.native.checks.FINAL_TAIL_FACTOR",
    replacement=32,
    description="Derive the final tails as 32·q + offsets instead of the seed's 36·q.",
    expect_red={"native.checks.final_tails_for_a_one_token_q", "native.schema.smallest_positive_counts_are_schema_valid", 
        "native.checks.final_tails_are_36q_plus_offsets",
        f"{RECORDS}.measured_verified_q_yields_tails",
        f"{SCHEMA}.schema_refuses_tails_not_derived_from_q",
    },
)


# --- converter.read_packet ------------------------------------------------

_LAX = cattrs.Converter()


def read_packet_coercing(document: object) -> Admitted[NativePacket] | Refused:
    # Convention: input is read strictly; this copy uses cattrs' default converter, which coerces '4092' to 4092.
    if not isinstance(document, dict):
        return Refused((MalformedPacket("$", f"expected a JSON object, got {type(document).__name__}"),))
    try:
        return Admitted(_LAX.structure(document, NativePacket))
    except (cattrs.BaseValidationError, TypeError, ValueError) as exc:
        return Refused((MalformedPacket("$", f"expected a well-formed packet, got {exc}"),))


packet_read_coercing = Defect(
    id="native.packet_read_coercing",
    target="domain.native.reading.read_packet",
    replacement=read_packet_coercing,
    description="Read packet documents with cattrs' coercing default converter instead of the strict one.",
    expect_red={"native.reading.malformed_documents_render_located_reasons", "native.reading.value_containing_the_location_marker_is_located_at_its_field", "native.observations.blank_start_id_is_refused_naming_the_field", "native.reading.string_q_is_malformed_at_its_path"},
    expect_green={"native.reading.packet_document_reads_back"},
)


# --- schema.native_packet_schema_valid --------------------------------------


def schema_valid_without_path_check(packet: NativePacket) -> Admitted[NativePacket] | Refused:
    # Seed B2: packets are "published atomically under the evidence root"; this copy lets '..' paths escape it.
    reasons: list[Reason] = []
    if packet.schema != FIXTURE_PACKET_SCHEMA:
        reasons.append(SchemaMismatch("$.schema", f"expected {FIXTURE_PACKET_SCHEMA!r}, got {packet.schema!r}"))
    if packet.classification != FIXTURE_CLASSIFICATION:
        reasons.append(SchemaMismatch("$.classification", f"expected {FIXTURE_CLASSIFICATION!r}, got {packet.classification!r}"))
    reasons.extend(_schema_identity_reasons(packet))
    if not _DIGEST.match(packet.manifest_digest):
        reasons.append(DigestInvalid("$.manifest_digest", f"{packet.manifest_digest!r} is not sha256: and 64 lowercase hex digits"))
    if not packet.evidence:
        reasons.append(EvidencePathUnsafe("$.evidence", "at least one evidence file is required"))
    for i, item in enumerate(packet.evidence):
        if not _DIGEST.match(item.digest):
            reasons.append(DigestInvalid(f"$.evidence[{i}].digest", f"{item.digest!r} is not sha256: and 64 lowercase hex digits"))
    names = {c.value for c in NativeCheck}
    for missing in sorted(names - set(packet.checks)):
        reasons.append(CheckStringInvalid(f"$.checks.{missing}", f"{missing} is missing; all twelve must say {PASS_STRING!r}"))
    for extra in sorted(set(packet.checks) - names):
        reasons.append(CheckStringInvalid(f"$.checks.{extra}", f"{extra} is not one of the twelve native checks"))
    for name in sorted(names & set(packet.checks)):
        if packet.checks[name] != PASS_STRING:
            reasons.append(CheckStringInvalid(f"$.checks.{name}", f"expected {PASS_STRING!r}, got {packet.checks[name]!r}"))
    reasons.extend(_count_reasons(packet))
    return Refused(tuple(reasons)) if reasons else Admitted(packet)


evidence_path_escapes_root = Defect(
    id="native.evidence_path_escapes_root",
    target="domain.native.schema.native_packet_schema_valid",
    replacement=schema_valid_without_path_check,
    description="Validate packets without checking that evidence paths stay under the evidence root.",
    expect_red={"native.schema.dot_segment_evidence_path_is_unsafe", "native.schema.schema_refusals_render_located_reasons", f"{SCHEMA}.schema_refuses_each_failing_field"},
    expect_green={f"{SCHEMA}.complete_native_packet_is_schema_valid", f"{SCHEMA}.schema_refuses_tails_not_derived_from_q"},
)


# --- the subcase table --------------------------------------------------------

# Seed B1: every named subcase must be observed; a table that forgets one lowers the check.
SUBCASES_WITHOUT_TAIL_129 = {
    check: tuple(s for s in subcases if s.name != "tail_36q_plus_129") for check, subcases in SUBCASES.items()
}

subcase_table_drops_tail_129 = Defect(
    id="native.subcase_table_drops_tail_129",
    target="domain.native.checks.SUBCASES",
    replacement=SUBCASES_WITHOUT_TAIL_129,
    description="Forget the 36q + 129 tail in the subcase table, so a packet without it could pass.",
    expect_red={
        "native.verdict.cpu_fixture_observations_hold_never_pass",
        "native.verdict.every_missing_subcase_and_arm_holds_naming_it",
        "native.verdict.held_checks_render_located_reasons",
        "native.verdict.missing_final_tail_129_on_holds_naming_it",
        "native.verdict.no_observations_is_not_run",
        "native.verdict.subcase_table_names_the_seed_subcases",
        "native.schema.complete_native_packet_is_schema_valid",
        "native.verdict.decide_passes_iff_every_subcase_is_native_in_both_arms",
    },
)
