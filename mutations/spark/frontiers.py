"""Declare the seeded defects of the declared frontiers (seed A4: each open input refuses the dry run by name)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import frontiers

obligation_located_at_its_owner = Defect(
    id="spark.obligation_located_at_its_owner",
    target=frontiers.obligation_open,
    intent="Locate an open obligation at its owner instead of its frontier key, so the refusal no longer names the frontier.",
    patch=("where=frontier.key,", "where=frontier.owner,"),
    must_red={
        "spark.frontiers.nothing_supplied_refuses_every_frontier_by_name",
        "spark.frontiers.every_discharge_leaves_no_frontier_open",
    },
)

last_frontier_never_open = Defect(
    id="spark.last_frontier_never_open",
    target=frontiers.open_frontiers,
    intent="Skip the table's last frontier (#12370, the authority transition) when listing the open ones, an off-by-one over seed A4's six.",
    patch=("for frontier in V41_DECLARED_FRONTIERS if", "for frontier in V41_DECLARED_FRONTIERS[:-1] if"),
    must_red={"spark.frontiers.nothing_supplied_refuses_every_frontier_by_name"},
)

discharge_keys_stripped = Defect(
    id="spark.discharge_keys_stripped",
    target=frontiers.open_frontiers,
    intent="Read each discharge's key with surrounding whitespace stripped, so a discharge keyed `#12351 ` closes #12351.",
    patch=("if frontier.key not in discharged)", "if frontier.key not in {key.strip() for key in discharged})"),
    must_red={"spark.frontiers.near_misses_of_a_frontier_key_discharge_nothing"},
)

trigger_said_only_for_pr_keys = Defect(
    id="spark.trigger_said_only_for_pr_keys",
    target=frontiers.obligation_open,
    intent="Say a frontier's TRIGGER only when its key names a PR ('#'), so the wet runner's obligation refuses without saying what lands it.",
    patch=("TRIGGER: {frontier.trigger};", "TRIGGER: {frontier.trigger if frontier.key.startswith('#') else ''};"),
    must_red={"spark.frontiers.every_frontier_refuses_saying_each_of_its_parts"},
)

obligation_context_stripped = Defect(
    id="spark.obligation_context_stripped",
    target=frontiers.obligation_open,
    intent="Strip the caller's context before saying it, so the refusal no longer opens with the context as given.",
    patch=(
        '            f"{context} waits on {frontier.input}',
        '            f"{context.strip()} waits on {frontier.input}',
    ),
    must_red={"spark.frontiers.the_refusal_says_its_context_verbatim"},
)

twice_discharged_frontier_left_open = Defect(
    id="spark.twice_discharged_frontier_left_open",
    target=frontiers.open_frontiers,
    intent="Leave a frontier open when its key is discharged more than once.",
    patch=("if frontier.key not in discharged)", "if discharged.count(frontier.key) != 1)"),
    must_red={"spark.frontiers.repeated_discharges_discharge_once"},
)
