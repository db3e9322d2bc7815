"""Declare the seeded defects of seed A4's admission conjuncts and the fold over them.

Two of them are members of the seed's three-defect control (the held-host
conjunct removed, the lease check removed); the control itself is declared
with the V4.1 call site it is judged on (`mutations.spark.v41_group_a_launch`).
"""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import admission

lease_check_removed = Defect(
    id="spark.lease_check_removed",
    target=admission.pair_serving_successor_may_launch,
    intent="Let a suspension admit its successor whatever its lease says (seed A4 conjunct 1 without its live lease).",
    patch=("if not at < state.lease_expires_at:", "if False:"),
    must_red={"spark.admission.a_live_lease_admits_until_it_expires"},
    must_green={"spark.admission.a_group_with_no_state_refuses"},
)

lease_live_at_its_expiry = Defect(
    id="spark.lease_live_at_its_expiry",
    target=admission.pair_serving_successor_may_launch,
    intent="Hold a lease live through the second it expires, a boundary moved from at < expiry to at <= expiry.",
    patch=("if not at < state.lease_expires_at:", "if not at <= state.lease_expires_at:"),
    must_red={"spark.admission.a_live_lease_admits_until_it_expires"},
)

longer_key_taken_as_the_candidate = Defect(
    id="spark.longer_key_taken_as_the_candidate",
    target=admission.successor_is_candidate,
    intent="Match the authorized successor key by prefix, so a suspension for another realization that extends the key admits this candidate (seed A4 conjunct 2: exactly this candidate).",
    patch=("if authorized != candidate.candidate:", "if not authorized.startswith(candidate.candidate):"),
    must_red={"spark.admission.a_longer_key_is_another_successor"},
    must_green={"spark.admission.the_exact_candidate_key_admits"},
)

runtime_key_compared_by_name = Defect(
    id="spark.runtime_key_compared_by_name",
    target=admission.image_admitted_for_runtime_artifact,
    intent="Compare the image's runtime key by its name before '@' only, so an image built for another vLLM revision admits (seed A4 conjunct 3).",
    patch=(
        "if image.runtime_key != candidate.runtime_artifact:",
        'if image.runtime_key.split("@")[0] != candidate.runtime_artifact.split("@")[0]:',
    ),
    must_red={
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.v41_group_a_launch.image_for_another_runtime_key_refuses_the_launch",
    },
    must_green={"spark.admission.the_latest_image_for_the_key_admits"},
)

only_the_head_host_checked = Defect(
    id="spark.only_the_head_host_checked",
    target=admission.admit_host_held_by_subject_among,
    intent="Check only rank 0's host is held by the group's subject, so a follower held by another subject goes unseen (seed A4 conjunct 4: all four hosts).",
    patch=("for host in group.hosts]", "for host in group.hosts[:1]]"),
    must_red={
        "spark.admission.one_reason_names_every_unheld_host",
        "spark.admission.the_unheld_hosts_are_listed_exactly",
    },
    must_green={"spark.admission.four_held_hosts_admit"},
)

held_host_conjunct_removed = Defect(
    id="spark.held_host_conjunct_removed",
    target=admission.successor_launch_admission,
    intent="Fold the admission without the all-hosts-held conjunct's refusal (seed A4 conjunct 4 left out).",
    patch=("for outcome in (image, held):", "for outcome in (image,):"),
    must_red={"spark.admission.the_fold_reports_every_failing_conjunct"},
    must_green={"spark.admission.the_fold_admits_the_admitting_world"},
)

fold_keeps_its_first_reason = Defect(
    id="spark.fold_keeps_its_first_reason",
    target=admission.successor_launch_admission,
    intent="Refuse the launch with the first failing conjunct only, so the others go unsaid (seed A4: every failing conjunct is its own located refusal).",
    patch=("return Refused(tuple(reasons))", "return Refused(tuple(reasons[:1]))"),
    must_red={"spark.admission.the_fold_reports_every_failing_conjunct"},
)

# Identities compared loosely: each one lets a near miss of an identity through (the near-miss properties).

candidate_key_compared_case_blind = Defect(
    id="spark.candidate_key_compared_case_blind",
    target=admission.successor_is_candidate,
    intent="Compare the authorized successor key with the candidate's case-blind, so a suspension for `Gunbc-v41-tp4@...` authorizes this candidate.",
    patch=("if authorized != candidate.candidate:", "if authorized.casefold() != candidate.candidate.casefold():"),
    must_red={"spark.admission.near_misses_of_the_candidate_key_are_other_successors"},
    must_green={"spark.admission.the_exact_candidate_key_admits"},
)

runtime_key_compared_stripped = Defect(
    id="spark.runtime_key_compared_stripped",
    target=admission.image_admitted_for_runtime_artifact,
    intent="Compare the image's runtime key with surrounding whitespace stripped, so an image admitted as `vllm-openai@d2d649e6 ` counts as the produced one.",
    patch=(
        "if image.runtime_key != candidate.runtime_artifact:",
        "if image.runtime_key.strip() != candidate.runtime_artifact:",
    ),
    must_red={"spark.admission.near_misses_of_the_runtime_key_are_refused"},
)

subject_compared_stripped = Defect(
    id="spark.subject_compared_stripped",
    target=admission.admit_host_held_by_subject_among,
    intent="Compare each holder with the group's subject stripped of surrounding whitespace, so a host held by `spark-serving-group-a\\t` reads as held by the group.",
    patch=("if holder != group.subject]", "if (holder or '').strip() != group.subject]"),
    must_red={"spark.admission.near_misses_of_the_subject_do_not_hold"},
)

held_hosts_counted_out_of_four = Defect(
    id="spark.held_hosts_counted_out_of_four",
    target=admission.admit_host_held_by_subject_among,
    intent="Count the unheld hosts out of four whatever the group's size, so a five- or three-host group's reason miscounts its hosts.",
    patch=("{len(strays)} of {len(group.hosts)} hosts", "{len(strays)} of 4 hosts"),
    must_red={"spark.admission.the_held_host_reason_counts_the_groups_own_hosts"},
)

suspension_read_a_second_early = Defect(
    id="spark.suspension_read_a_second_early",
    target=admission.pair_serving_successor_may_launch,
    intent="Read the group's state a second before the read, so a suspension logged at the read second is not yet seen and the lapsing one it supersedes decides conjunct 1 (seed A4: the log as read at a given time).",
    patch=("state = group_state_at(log, group.name, at)", "state = group_state_at(log, group.name, at - 1)"),
    must_red={"spark.v41_group_a_launch_beyond_seed.a_suspension_logged_at_the_read_second_is_the_one_read"},
)

candidate_read_a_second_early = Defect(
    id="spark.candidate_read_a_second_early",
    target=admission.successor_launch_admission,
    intent="Read the suspension whose key conjunct 2 checks a second before the read, so the fold checks a superseded suspension's successor instead of the one logged at the read second.",
    patch=("state = group_state_at(log, group.name, at)", "state = group_state_at(log, group.name, at - 1)"),
    must_red={"spark.v41_group_a_launch_beyond_seed.a_suspension_logged_at_the_read_second_is_the_one_read"},
)

any_image_for_the_key_admits = Defect(
    id="spark.any_image_for_the_key_admits",
    target=admission.image_admitted_for_runtime_artifact,
    intent="Admit when any image read so far carries the candidate's runtime key, not only the latest (the produced one), so an image superseded by one built for another key still admits (seed A4 conjunct 3).",
    patch=(
        "image = latest_image_at(log, at)",
        "image = next((e.event for e in reversed(log.events) if e.event.at <= at and getattr(e.event, 'runtime_key', None) == candidate.runtime_artifact), None) or latest_image_at(log, at)",
    ),
    must_red={"spark.admission.an_earlier_image_for_the_key_is_superseded_by_a_later_one"},
)

image_keyed_against_the_fixture = Defect(
    id="spark.image_keyed_against_the_fixture",
    target=admission.image_admitted_for_runtime_artifact,
    intent="Compare the latest image's runtime key with the produced-image fixture's instead of the candidate's runtime_artifact, so another candidate is admitted on an image built for V4.1's key (seed A4 conjunct 3).",
    patch=(
        "if image.runtime_key != candidate.runtime_artifact:",
        "if image.runtime_key != V41_PRODUCED_ARTIFACT.runtime_key:",
    ),
    must_red={"spark.admission.the_runtime_conjunct_reads_the_given_candidates_key"},
)

admitted_digest_from_the_fixture = Defect(
    id="spark.admitted_digest_from_the_fixture",
    target=admission.successor_launch_admission,
    intent="Report the produced-image fixture's config digest as the admitted image, not the digest the authority log admitted, so ranks would name an image admission never read.",
    patch=("config_digest=image.value,", "config_digest=V41_PRODUCED_ARTIFACT.config_digest,"),
    must_red={"spark.admission.the_fold_admits_the_logged_images_digest"},
)

unheld_hosts_listed_by_name = Defect(
    id="spark.unheld_hosts_listed_by_name",
    target=admission.admit_host_held_by_subject_among,
    intent="List the unheld hosts sorted by name instead of in the group's rank order, so a group listing srv8 first names srv5 first.",
    patch=(
        "holder_of_at(log, host.name, at)) for host in group.hosts]",
        "holder_of_at(log, host.name, at)) for host in sorted(group.hosts, key=lambda h: h.name)]",
    ),
    must_red={"spark.admission.the_unheld_hosts_follow_the_groups_order"},
)

active_incumbent_refused_only_on_group_a = Defect(
    id="spark.active_incumbent_refused_only_on_group_a",
    target=admission.pair_serving_successor_may_launch,
    intent="Refuse an Active incumbent only for a group whose name ends in 'A', so Group B's Active incumbent reads as a suspension.",
    patch=("if isinstance(state, GroupActive):", 'if isinstance(state, GroupActive) and group.name.endswith("A"):'),
    must_red={"spark.admission.each_group_reads_its_own_state"},
)

lease_dropped_in_its_last_second = Defect(
    id="spark.lease_dropped_in_its_last_second",
    target=admission.successor_launch_admission,
    intent="Admit without the lease it read when the lease expires in one second, so the admitted value no longer says what bounds it.",
    patch=(
        "lease_expires_at=state.lease_expires_at,",
        "lease_expires_at=state.lease_expires_at if state.lease_expires_at - at > 1 else None,",
    ),
    must_red={"spark.admission.the_fold_admits_with_what_it_read_until_the_lease_expires"},
)

candidate_compared_without_non_ascii = Defect(
    id="spark.candidate_compared_without_non_ascii",
    target=admission.successor_is_candidate,
    intent="Compare the suspension's key with the candidate's after dropping non-ASCII characters, so a key with a combining accent or a zero-width or no-break space reads as this candidate.",
    patch=(
        "if authorized != candidate.candidate:",
        'if authorized.encode("ascii", "ignore") != candidate.candidate.encode("ascii", "ignore"):',
    ),
    must_red={"spark.admission.near_misses_of_the_candidate_key_are_other_successors"},
)

expiry_said_at_least_one_second_late = Defect(
    id="spark.expiry_said_at_least_one_second_late",
    target=admission.pair_serving_successor_may_launch,
    intent="Say a lease read at its very expiry second expired 1 s before the read, not 0 s (seed A4: each conjunct says what it read).",
    patch=(
        'f"{at - state.lease_expires_at} s before the read at {iso_utc_with_epoch(at)}"',
        'f"{max(1, at - state.lease_expires_at)} s before the read at {iso_utc_with_epoch(at)}"',
    ),
    must_red={"spark.admission.an_expired_lease_says_the_seconds_since_it_expired"},
)

another_successor_said_in_part = Defect(
    id="spark.another_successor_said_in_part",
    target=admission.successor_is_candidate,
    intent="Cut the other successor's key to its first 64 characters in the refusal, so a long key is never said whole.",
    patch=("is suspended for successor {authorized!r}", "is suspended for successor {authorized[:64]!r}"),
    must_red={"spark.admission.another_successor_is_said_whole"},
)

only_three_unheld_hosts_said = Defect(
    id="spark.only_three_unheld_hosts_said",
    target=admission.admit_host_held_by_subject_among,
    intent="Name at most three unheld hosts in the held-host reason, so a fourth stray goes unsaid (seed A4 conjunct 4: every host).",
    patch=("for name, holder in strays\n        )", "for name, holder in strays[:3]\n        )"),
    must_red={"spark.admission.the_held_host_conjunct_names_every_unheld_host_of_any_group"},
)

lease_beyond_2038_admitted_as_none = Defect(
    id="spark.lease_beyond_2038_admitted_as_none",
    target=admission.successor_launch_admission,
    intent="Carry a lease expiring at or after 2**31 as no lease at all in the admitted value.",
    patch=(
        "            lease_expires_at=state.lease_expires_at,",
        "            lease_expires_at=state.lease_expires_at if state.lease_expires_at < 2**31 else None,",
    ),
    must_red={"spark.admission.the_fold_admits_any_group_with_what_it_read"},
)

held_before_image_without_a_state = Defect(
    id="spark.held_before_image_without_a_state",
    target=admission.successor_launch_admission,
    intent="State the held-host reason before the image's when the log records no group state, so the reasons leave the conjunct order.",
    patch=(
        "    for outcome in (image, held):",
        "    for outcome in ((held, image) if state is None else (image, held)):",
    ),
    must_red={"spark.admission.admission_names_exactly_the_failing_conjuncts"},
)

holder_said_as_the_group_off_four_hosts = Defect(
    id="spark.holder_said_as_the_group_off_four_hosts",
    target=admission.successor_launch_admission,
    intent="Admit a group of other than four hosts as held by its group name instead of its subject.",
    patch=(
        "            hosts_held_by=group.subject,",
        "            hosts_held_by=group.subject if len(group.hosts) == 4 else group.name,",
    ),
    must_red={"spark.admission.the_fold_admits_any_group_with_what_it_read"},
)

no_state_at_zero_said_the_start = Defect(
    id="spark.no_state_at_zero_said_the_start",
    target=admission.pair_serving_successor_may_launch,
    intent="Say a read at epoch second 0 as 'the start', so the no-state refusal no longer says the second it read at.",
    patch=('at or before {iso_utc_with_epoch(at)}"', "at or before {iso_utc_with_epoch(at) if at else 'the start'}\""),
    must_red={"spark.admission.no_state_says_the_read_second_verbatim"},
)

active_candidate_incumbent_admitted = Defect(
    id="spark.active_candidate_incumbent_admitted",
    target=admission.pair_serving_successor_may_launch,
    intent="Let an Active incumbent named as the candidate itself pass conjunct 1 (seed A4: an Active incumbent refuses, whoever it is).",
    patch=(
        "    if isinstance(state, GroupActive):",
        "    if isinstance(state, GroupActive) and state.incumbent != V41_GROUP_A_CANDIDATE.candidate:",
    ),
    must_red={"spark.admission.an_active_incumbent_of_any_name_refuses"},
)

candidate_checked_for_group_a_only = Defect(
    id="spark.candidate_checked_for_group_a_only",
    target=admission.successor_is_candidate,
    intent="Check the authorized successor key only on FabricGroupA's suspensions, so any other group's suspension admits any successor.",
    patch=(
        "    if authorized != candidate.candidate:",
        '    if authorized != candidate.candidate and state.group == "FabricGroupA":',
    ),
    must_red={"spark.admission.every_groups_suspension_names_its_own_successor"},
)

runtime_key_admitted_for_a_digest_ending_in_zero = Defect(
    id="spark.runtime_key_admitted_for_a_digest_ending_in_zero",
    target=admission.image_admitted_for_runtime_artifact,
    intent="Admit with the runtime key instead of the config digest when the digest's last hex digit is 0.",
    patch=(
        "    return Admitted(image.config_digest)",
        '    return Admitted(image.config_digest if not image.config_digest.endswith("0") else image.runtime_key)',
    ),
    must_red={"spark.admission.the_image_conjunct_admits_any_logged_digest"},
)

one_unheld_host_said_as_many = Defect(
    id="spark.one_unheld_host_said_as_many",
    target=admission.admit_host_held_by_subject_among,
    intent="Say one unheld host in the plural, '1 of 4 hosts are not held', a sentence that reads as generated.",
    patch=("{'is' if len(strays) == 1 else 'are'}", "are"),
    must_red={
        "spark.admission.near_misses_of_the_subject_do_not_hold",
        "spark.admission.the_held_host_conjunct_names_every_unheld_host_of_any_group",
    },
)

many_unheld_hosts_said_as_one = Defect(
    id="spark.many_unheld_hosts_said_as_one",
    target=admission.admit_host_held_by_subject_among,
    intent="Say two or more unheld hosts in the singular, '2 of 4 hosts is not held'.",
    patch=("{'is' if len(strays) == 1 else 'are'}", "is"),
    must_red={
        "spark.admission.the_unheld_hosts_are_listed_exactly",
        "spark.admission.the_held_host_conjunct_names_every_unheld_host_of_any_group",
    },
)
