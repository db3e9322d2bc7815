"""Declare the V4.1 launch's frontiers as typed obligations that refuse the dry run by name while open.

Seed A4 (DESIGN §3c, proud-deer-538 Q2): each input an open PR owns is a
typed obligation, never a placeholder.  An obligation is discharged only by
a value supplied at the plan's interface (`FrontierDischarge`, or the typed
value itself: the produced image, the launch shape, the manifest text); an
undischarged one makes the plan refuse with `ObligationOpen`, located at the
frontier's key and saying its owner, today, TRIGGER and SUFFICIENT FOR.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Reason


@frozen
class DeclaredFrontier:
    """Name an open input: its key, owner, what stands today, what lands it and what it suffices for."""

    key: str = field(validator=vf.non_empty_str)
    input: str = field(validator=vf.non_empty_str)
    # Who owns it, without the key: a reason is located at the key already, and a report line starts with it.
    owner: str = field(validator=vf.non_empty_str)
    today: str = field(validator=vf.non_empty_str)
    trigger: str = field(validator=vf.non_empty_str)
    sufficient_for: str = field(validator=vf.non_empty_str)


@frozen
class FrontierDischarge:
    """Discharge one frontier at the plan's interface, saying by what (a live read or a named fixture)."""

    key: str = field(validator=vf.non_empty_str)
    by: str = field(validator=vf.non_empty_str)


@frozen
class ObligationOpen(Reason):
    """Say a declared frontier is open: no value discharged it at the plan's interface."""


@frozen
class V41RuntimeProductionUnestablished(ObligationOpen):
    """Say the produced V4.1 image (#12353) is not established in the authority log."""


PRODUCED_IMAGE = DeclaredFrontier(
    key="#12353",
    input="the produced V4.1 image (its config digest) and a registry reading inside it",
    owner="the build lane",
    today='no produced image is established; without a registry reading in one, the arm wall refuses "no registry reading exists"',
    trigger="the build lane publishes the image and the authority log admits it (image_admitted, registry_reading)",
    sufficient_for="the arm wall admits the image and every rank names it by its config digest",
)
LAUNCH_SHAPE = DeclaredFrontier(
    key="#12371",
    input="the launch shape (max_num_batched_tokens 8192, utilization 8000 bp, prefix caching explicitly off)",
    owner="v41_measurement_launch_shape (clever-gull-48)",
    today="no launch shape is supplied, so the plan refuses by this frontier's name",
    trigger="#12371 merges and v41_measurement_launch_shape supplies the value",
    sufficient_for="each rank renders --max-num-batched-tokens, --gpu-memory-utilization and --no-enable-prefix-caching from the owner's value",
)
ENGRAM_MANIFEST = DeclaredFrontier(
    key="#12359",
    input="the Engram manifest text",
    owner="v41_engram_store_manifest",
    today="no manifest text is supplied, so the plan refuses by this frontier's name",
    trigger="#12359 merges and v41_engram_store_manifest derives the manifest",
    sufficient_for="each host's staging writes the owner's manifest bytes, readback-verified",
)
OCCUPANCY = DeclaredFrontier(
    key="#12351",
    input="the occupancy conjunct (a V4 unit or any GPU process is live, or memory is short, so refuse and never stop)",
    owner="admit_spark_host_unoccupied",
    today="not yet a conjunct",
    trigger="#12351 merges",
    sufficient_for="a host whose V4 unit or any GPU process is live, or whose available memory is short, refuses this launch",
)
HOST_EFFECTS = DeclaredFrontier(
    key="wet-runner",
    input="the host-effect claims",
    owner="the measurement's serve",
    today="the dry run lands no effect, so there is nothing to claim",
    trigger="the measurement's serve runs this plan on the hosts",
    sufficient_for="claims that each unit is active, each container runs the image and the front door answers",
)
AUTHORITY_TRANSITION = DeclaredFrontier(
    key="#12370",
    input="the authority transition itself",
    owner="adhoc-f7cabf26-ca3 (bright-ant-770)",
    today=(
        "consumed as specified there: SuspendedForAuthorizedSuccessor { exact_candidate_realization: "
        "PairRealizationKeyed { key: successor } }, lease observed at read time"
    ),
    trigger="#12370 merges and writes that transition to the authority log",
    sufficient_for="admission reads the suspension, its successor key and its lease from the log at read time",
)

V41_DECLARED_FRONTIERS = (PRODUCED_IMAGE, LAUNCH_SHAPE, ENGRAM_MANIFEST, OCCUPANCY, HOST_EFFECTS, AUTHORITY_TRANSITION)
"""The six frontiers of seed A4's table, in its order."""

FIXTURE_OCCUPANCY_DISCHARGE = FrontierDischarge(
    key=OCCUPANCY.key,
    by="FIXTURE_OCCUPANCY_DISCHARGE: a dry run stops and starts nothing, so no occupancy is read; a wet launch waits on #12351",
)
FIXTURE_HOST_EFFECTS_DISCHARGE = FrontierDischarge(
    key=HOST_EFFECTS.key,
    by="FIXTURE_HOST_EFFECTS_DISCHARGE: a dry run lands no effect, so it claims none",
)


def obligation_open(frontier: DeclaredFrontier, context: str) -> ObligationOpen:
    """Refuse by the frontier's name: where = its key, why = what `context` waits on, its owner, today, TRIGGER, SUFFICIENT FOR."""
    kind = V41RuntimeProductionUnestablished if frontier.key == PRODUCED_IMAGE.key else ObligationOpen
    return kind(
        where=frontier.key,
        why=(
            f"{context} waits on {frontier.input}, owned by {frontier.owner}; today: {frontier.today}; "
            f"TRIGGER: {frontier.trigger}; SUFFICIENT FOR: {frontier.sufficient_for}"
        ),
    )


def open_frontiers(discharged: tuple[str, ...]) -> tuple[DeclaredFrontier, ...]:
    """Return the declared frontiers whose key no discharge names, in the table's order."""
    return tuple(frontier for frontier in V41_DECLARED_FRONTIERS if frontier.key not in discharged)
