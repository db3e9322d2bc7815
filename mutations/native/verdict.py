"""Declare the seeded defects of deciding a native check: PASS only from native observations of every subcase in both arms (seed B1).

Each one lowers a check in a way the seed prohibits: fixture evidence taken
for native, an unheld subcase counted, spliced starts accepted, a missing
subcase or arm waived, an unresolved mode waived, arms run differently
accepted, a subcase dropped from the table.
"""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.core.outcome import Reason
from domain.native import verdict
from domain.native.checks import Arm, NativeCheck
from domain.native.observations import FIXTURE_OWNER_RESOLUTIONS, Evidence, Observation, OwnerResolution
from domain.native.verdict import ArmsMismatched, CheckVerdict, SubcaseNotHeld

VERDICT = "native.verdict"


def decide_counting_fixtures_as_native(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    """Decide a check reading only whether each observation held, as if every one were native."""
    # Only the observations it changes are rebuilt, so the defect costs the claims no time of their own.
    native = tuple(
        o if o.evidence is Evidence.NATIVE else attrs.evolve(o, evidence=Evidence.NATIVE) for o in observations
    )
    return original(verdict.decide)(check, native, resolutions)


def decide_reading_evidence_only(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    """Decide a check from where each observation came from, as if every one held."""
    held = tuple(o if o.held else attrs.evolve(o, held=True) for o in observations)
    return original(verdict.decide)(check, held, resolutions)


cpu_fixture_counted_as_native = Defect(
    id="native.cpu_fixture_counted_as_native",
    target=verdict.decide,
    intent="Count a held CPU-fixture observation as native, so a schema-valid fixture packet decides PASS (seed B1: fixture packets can never make a native check PASS).",
    replacement=decide_counting_fixtures_as_native,
    must_red={
        f"{VERDICT}.cpu_fixture_observations_hold_never_pass",
        f"{VERDICT}.any_cpu_fixture_observation_keeps_a_check_from_pass",
        "native.schema.cpu_fixture_packet_is_schema_valid_yet_holds_every_check",
    },
    must_green={f"{VERDICT}.complete_native_observations_pass_all_twelve"},
)

unheld_observation_counted = Defect(
    id="native.unheld_observation_counted",
    target=verdict.decide,
    intent="Count a native observation whose subcase did not hold as a pass, reading only that it was observed (seed B1: PASS is decided from actual observations).",
    replacement=decide_reading_evidence_only,
    must_red={f"{VERDICT}.unheld_subcase_holds_naming_its_start"},
    must_green={f"{VERDICT}.cpu_fixture_observations_hold_never_pass"},
)

spliced_starts_accepted = Defect(
    id="native.spliced_starts_accepted",
    target=verdict.decide,
    intent="Read each arm's start but drop what the starts and manifests say, so an arm spliced from two starts, arms sharing one start and two manifests decide PASS (seed B2: partial arms are never spliced).",
    patch=("reasons, starts = _start_reasons(check, mine)", "reasons, starts = [], _start_reasons(check, mine)[1]"),
    must_red={
        f"{VERDICT}.spliced_starts_in_one_arm_hold",
        f"{VERDICT}.arms_sharing_one_start_hold",
        f"{VERDICT}.two_manifests_hold",
    },
)

only_observed_arms_judged = Defect(
    id="native.only_observed_arms_judged",
    target=verdict.decide,
    intent="Judge each subcase only in the arms someone observed it in, so a subcase missing from an arm no longer holds the check (seed B1: one missing subcase keeps it NOT RUN/HOLD).",
    patch=("for arm in Arm:", "for arm in [a for a in Arm if any(o.arm is a for o in seen)]:"),
    must_red={
        f"{VERDICT}.every_missing_subcase_and_arm_holds_naming_it",
        f"{VERDICT}.missing_final_tail_129_on_holds_naming_it",
        f"{VERDICT}.missing_off_arm_holds_naming_every_subcase",
    },
    must_green={f"{VERDICT}.no_observations_is_not_run", f"{VERDICT}.not_run_is_the_default_for_every_check"},
)

one_arm_stands_for_both = Defect(
    id="native.one_arm_stands_for_both",
    target=verdict.decide,
    intent="Let a subcase's observation in one arm fill the other arm's empty slot, so OFF-only evidence decides ON too (seed B1: both arms, OFF and ON).",
    patch=("[o for o in seen if o.arm is arm]", "([o for o in seen if o.arm is arm] or seen)"),
    must_red={
        f"{VERDICT}.missing_final_tail_129_on_holds_naming_it",
        f"{VERDICT}.missing_off_arm_holds_naming_every_subcase",
    },
    must_green={f"{VERDICT}.renamed_subcase_holds"},
)

unresolved_mode_waived = Defect(
    id="native.unresolved_mode_waived",
    target=verdict.decide,
    intent="Waive an unsupported mode once its owner has any record, resolved or not (seed B1: sync and multimodal stay NOT RUN/HOLD until their owner resolves them).",
    patch=("if not ok:", "if not ok and not resolutions:"),
    must_red={
        f"{VERDICT}.unresolved_sync_mode_holds_even_when_observed",
        f"{VERDICT}.unresolved_multimodal_holds_even_when_observed",
    },
    must_green={f"{VERDICT}.mode_without_owner_record_names_an_unassigned_owner"},
)

arms_run_differently_accepted = Defect(
    id="native.arms_run_differently_accepted",
    target=verdict.decide,
    intent="Stop comparing the two arms' workload, mode and hooks, so OFF and ON run differently still decide PASS (seed B1: the same workload, mode and hooks).",
    patch=("        reasons.extend(_identity_reasons(check, subcase, seen))\n", ""),
    must_red={f"{VERDICT}.mismatched_arms_hold_naming_the_field"},
)

table_forgets_tail_129 = Defect(
    id="native.table_forgets_tail_129",
    target=verdict.decide,
    intent="Decide the final-tail check against a table without the 36q + 129 tail, so a packet that never sent it is not held for it (seed B1: lowering a check is prohibited).",
    patch=("table = subcases()[check]", 'table = tuple(s for s in subcases()[check] if s.name != "tail_36q_plus_129")'),
    must_red={f"{VERDICT}.missing_final_tail_129_on_holds_naming_it"},
)

subcase_matched_stripped = Defect(
    id="native.subcase_matched_stripped",
    target=verdict.decide,
    intent="Match an observation to its subcase with surrounding whitespace stripped, so `remote_round_progress\\n` fills the slot it almost names.",
    patch=("if o.subcase == subcase.name]", "if o.subcase.strip() == subcase.name]"),
    must_red={f"{VERDICT}.near_misses_of_subcase_names_and_starts_hold_the_check"},
)


def decide_naming_the_last_owner(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    """Decide a check with the owner records in reverse, so an unresolved mode names its last record's owner."""
    # Which records resolve a mode does not depend on their order; only the owner an unresolved mode names does.
    return original(verdict.decide)(check, observations, tuple(reversed(resolutions)))


unresolved_mode_names_its_last_owner = Defect(
    id="native.unresolved_mode_names_its_last_owner",
    target=verdict.decide,
    intent="Name the owner of a mode's last unresolved record instead of its first, so the reason's owner follows the other end of the packet's records.",
    replacement=decide_naming_the_last_owner,
    must_red={f"{VERDICT}.an_unresolved_mode_names_its_first_records_owner"},
    must_green={f"{VERDICT}.mode_without_owner_record_names_an_unassigned_owner"},
)

unobserved_subcase_hides_its_mode = Defect(
    id="native.unobserved_subcase_hides_its_mode",
    target=verdict.decide,
    intent="Name an unresolved mode only for a subcase observed in some arm, so a sync subcase missing from both arms no longer says its mode is unresolved (seed B1: unsupported modes stay NOT RUN/HOLD until their owner resolves them).",
    patch=(
        "        for mode in subcase.needs:\n",
        "        for mode in subcase.needs if any(o.subcase == subcase.name for o in mine) else ():\n",
    ),
    must_red={f"{VERDICT}.a_subcase_unobserved_in_both_arms_still_names_its_unresolved_mode"},
    must_green={f"{VERDICT}.an_unresolved_mode_never_hides_a_missing_subcase"},
)

unknown_subcases_named_unsorted = Defect(
    id="native.unknown_subcases_named_unsorted",
    target=verdict.decide,
    intent="Name a check's unknown subcases in a set's hash order instead of sorted, so the verdict's reasons change order from run to run.",
    patch=("for name in sorted({o.subcase for o in mine} - known):", "for name in {o.subcase for o in mine} - known:"),
    must_red={f"{VERDICT}.renamed_subcases_beside_the_exact_ones_are_each_named_in_sorted_order"},
)

upper_cased_subcase_known = Defect(
    id="native.upper_cased_subcase_known",
    target=verdict.decide,
    intent="Know a subcase by its upper-cased name too, so an observation renamed CANCEL beside the exact cancel is never named unknown (seed B1: renaming a subcase is prohibited).",
    patch=("known = {s.name for s in table}", "known = {s.name for s in table} | {s.name.upper() for s in table}"),
    must_red={f"{VERDICT}.renamed_subcases_beside_the_exact_ones_are_each_named_in_sorted_order"},
)

# The start and manifest folds live in a private helper; these patch the one call `decide` makes of it.
fixture_start_not_spliced = Defect(
    id="native.fixture_start_not_spliced",
    target=verdict.decide,
    intent="Fold starts and manifests over NATIVE observations only, so a CPU-fixture observation from another start is never named a splice (seed B2: partial arms are never spliced).",
    patch=(
        "reasons, starts = _start_reasons(check, mine)",
        "reasons, starts = _start_reasons(check, [o for o in mine if o.evidence is Evidence.NATIVE])",
    ),
    must_red={f"{VERDICT}.a_start_or_manifest_fault_is_named_whatever_the_observation_showed"},
)

unheld_start_and_manifest_not_counted = Defect(
    id="native.unheld_start_and_manifest_not_counted",
    target=verdict.decide,
    intent="Fold starts and manifests over held observations only, so an unheld observation under another manifest, or from the other arm's start, is never named.",
    patch=(
        "reasons, starts = _start_reasons(check, mine)",
        "reasons, starts = _start_reasons(check, [o for o in mine if o.held])",
    ),
    must_red={f"{VERDICT}.a_start_or_manifest_fault_is_named_whatever_the_observation_showed"},
)

slot_missing_named_on_then_off = Defect(
    id="native.slot_missing_named_on_then_off",
    target=verdict.decide,
    intent="Fold a subcase's arms ON then OFF, so a subcase missing from both arms is named in the other order than every other fold.",
    patch=(
        "for arm in Arm:\n            reasons.extend(",
        "for arm in (Arm.ON, Arm.OFF):\n            reasons.extend(",
    ),
    must_red={f"{VERDICT}.a_subcase_missing_from_both_arms_is_named_off_then_on"},
)


def decide_naming_two_mismatched_values(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    """Decide a check naming at most the first two values of a workload, mode or hooks mismatch."""
    decided = original(verdict.decide)(check, observations, resolutions)

    def said(r: Reason) -> Reason:
        if not isinstance(r, ArmsMismatched):
            return r
        head, _, values = r.why.partition(", got ")
        return ArmsMismatched(r.where, f"{head}, got {', '.join(values.split(', ')[:2])}")

    return attrs.evolve(decided, reasons=tuple(said(r) for r in decided.reasons))


mismatch_names_two_values = Defect(
    id="native.mismatch_names_two_values",
    target=verdict.decide,
    intent="Name only the first two values of a subcase run three ways, so the third workload goes unsaid.",
    replacement=decide_naming_two_mismatched_values,
    must_red={f"{VERDICT}.a_subcase_missing_from_both_arms_is_named_off_then_on"},
    must_green={f"{VERDICT}.every_mismatched_field_and_unknown_subcase_is_named"},
)


def decide_naming_the_arms_starts_when_unheld(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    """Decide a check naming, for an unheld observation, every start of its arm instead of its own start."""
    decided = original(verdict.decide)(check, observations, resolutions)
    starts = {arm: sorted({o.start_id for o in observations if o.check is check and o.arm is arm}) for arm in Arm}

    def said(r: Reason) -> Reason:
        if not isinstance(r, SubcaseNotHeld):
            return r
        ids = starts[Arm.ON if r.where.endswith(".ON") else Arm.OFF]
        arm = f"start {ids[0]}" if len(ids) == 1 else f"starts {', '.join(ids)}"
        return SubcaseNotHeld(r.where, f"{r.why.split(' (NATIVE, ')[0]} (NATIVE, {arm})")

    return attrs.evolve(decided, reasons=tuple(said(r) for r in decided.reasons))


unheld_names_the_arms_starts = Defect(
    id="native.unheld_names_the_arms_starts",
    target=verdict.decide,
    intent="Name every start of a spliced arm in an unheld observation's reason instead of the start it came from.",
    replacement=decide_naming_the_arms_starts_when_unheld,
    must_red={f"{VERDICT}.an_unheld_observation_in_a_spliced_arm_names_its_own_start"},
)

decide_defaults_to_no_owners = Defect(
    id="native.decide_defaults_to_no_owners",
    target=verdict.decide,
    intent="Default a check's owner resolutions to none instead of the fixture's, so a caller naming none is told sync and MM have an unassigned owner, not the coordinator (seed B1: unsupported modes wait for their owner).",
    patch=(
        "resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,",
        "resolutions: tuple[OwnerResolution, ...] = (),",
    ),
    must_red={f"{VERDICT}.omitted_resolutions_are_the_fixture_owners"},
)

decide_all_defaults_to_no_owners = Defect(
    id="native.decide_all_defaults_to_no_owners",
    target=verdict.decide_all,
    intent="Default all twelve checks' owner resolutions to none instead of the fixture's, so a caller naming none is told sync and MM have an unassigned owner, not the coordinator (seed B1).",
    patch=(
        "resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,",
        "resolutions: tuple[OwnerResolution, ...] = (),",
    ),
    must_red={f"{VERDICT}.omitted_resolutions_are_the_fixture_owners"},
)

decide_names_only_native_unknown_subcases = Defect(
    id="native.decide_names_only_native_unknown_subcases",
    target=verdict.decide,
    intent="Name an unknown subcase only when a NATIVE observation carries it, so a renamed subcase offered as a CPU fixture goes unnamed (seed B1: renaming a subcase is prohibited, whatever the evidence).",
    patch=(
        "for name in sorted({o.subcase for o in mine} - known):",
        "for name in sorted({o.subcase for o in mine if o.evidence is Evidence.NATIVE} - known):",
    ),
    must_red={f"{VERDICT}.an_unknown_subcase_is_named_whatever_the_observation_showed"},
)

empty_resolutions_read_as_the_fixtures = Defect(
    id="native.empty_resolutions_read_as_the_fixtures",
    target=verdict.decide_all,
    intent="Read an explicit empty tuple of owner resolutions as the fixture's, so a packet naming no owner is said to wait on the coordinator.",
    patch=(
        "decide(check, observations, resolutions) for check in NativeCheck",
        "decide(check, observations, resolutions or FIXTURE_OWNER_RESOLUTIONS) for check in NativeCheck",
    ),
    must_red={"native.verdict.an_explicit_empty_resolution_tuple_names_an_unassigned_owner"},
)

not_run_miscounts_a_large_table = Defect(
    id="native.not_run_miscounts_a_large_table",
    target=verdict.decide,
    intent="Name one subcase fewer in the NOT RUN reason of a check with more than five subcases, keeping every smaller table's count right.",
    patch=(
        "no observation of any of its {len(table)} subcases",
        "no observation of any of its {len(table) - (1 if len(table) > 5 else 0)} subcases",
    ),
    must_red={"native.verdict.every_check_not_run_names_its_own_subcase_count"},
)
