"""Witness the validators where an operator meets them: a document structured by the strict converter, one located reason per bad field, near-miss digests and names."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given, settings

from claims import because, check
from domain.core import convert
from domain.core import value_fields as vf
from domain.core.convert import STRICT, NotOfShape, structured
from domain.core.outcome import Reason
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A, FabricAddressShared, GroupNotFourHosts, HostGroup
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from domain.spark.runtime import V41_PRODUCED_ARTIFACT, ProducedArtifact
from witnesses.core import strategies as gen
from witnesses.core.fixtures import misuse, raised
from witnesses.core.value_fields import FIT, HOST, witness

GROUP_A_DOCUMENT = STRICT.unstructure(GROUP_A)


@witness.refusal(
    "A Group A document with a spaced name, a blank address and zero memory is refused at each host's field.",
    rules=[vf.name_token, vf.non_empty_str, vf.positive_int, convert.located_pairs],
    reasons=[
        because(
            NotOfShape,
            at="$.hosts[0].name",
            saying="expected a name of letters, digits, '.', '_' or '-', got str 'srv 5'",
        ),
        because(NotOfShape, at="$.hosts[1].fabric_address", saying="expected a non-empty str, got str '  '"),
        because(NotOfShape, at="$.hosts[2].memory_gib", saying="expected int > 0, got int 0"),
    ],
)
def a_group_document_with_bad_host_fields_is_refused() -> object:
    document = STRICT.unstructure(GROUP_A)
    document["hosts"][0]["name"] = "srv 5"
    document["hosts"][1]["fabric_address"] = "  "
    document["hosts"][2]["memory_gib"] = 0
    return structured(document, HostGroup)


@witness.refusal(
    "Fit figures with a negative allowance or a negative margin are refused at that figure.",
    rules=[vf.non_negative_int, vf.non_negative_fraction, convert.located_pairs],
    reasons=[
        because(NotOfShape, at="$[0].allowance_gib", saying="expected int >= 0, got int -1"),
        because(NotOfShape, at="$[1].margin_gib", saying="expected Fraction >= 0, got Fraction Fraction(-1, 4)"),
    ],
)
def fit_figures_below_zero_are_refused() -> object:
    document = STRICT.unstructure(FIT)
    return structured([dict(document, allowance_gib=-1), dict(document, margin_gib="-1/4")], tuple[FitFigures, ...])


@witness.refusal(
    "Profiles at 10001 bp or with an Engram flag of 1 are refused at that field.",
    rules=[vf.basis_points, vf.strict_bool, convert.located_pairs],
    reasons=[
        because(
            NotOfShape, at="$[0].gpu_memory_utilization_bp", saying="expected basis points in 1..10000, got int 10001"
        ),
        because(NotOfShape, at="$[1].engram.cpu_offload", saying="expected bool, got int 1"),
    ],
)
def profiles_out_of_range_or_with_a_numeric_flag_are_refused() -> object:
    document = STRICT.unstructure(GLM_GROUP_B_PROFILE)
    return structured(
        [
            dict(document, gpu_memory_utilization_bp=10_001),
            dict(document, engram={"cpu_offload": 1, "dp_shared_memory": False}),
        ],
        tuple[ServingLaunchProfile, ...],
    )


@witness.refusal(
    "A produced image whose digest is spelled in uppercase hex is refused at its config digest.",
    rules=[vf.sha256_digest, convert.located_pairs],
    reasons=[
        because(
            NotOfShape,
            at="$.config_digest",
            saying="expected 'sha256:' and 64 lowercase hex digits, got str 'sha256:5E5E",
        )
    ],
)
def an_uppercase_digest_is_refused() -> object:
    return structured(
        dict(STRICT.unstructure(V41_PRODUCED_ARTIFACT), config_digest="sha256:" + "5E" * 32), ProducedArtifact
    )


@witness.snapshot(
    "A regression control: the misuse messages of reasons built with a blank where or why read as pinned.",
    # _non_empty_sentence is the Reason validator; the reasons pinned here are four_spark_tp4's.
    rules=["domain.spark.fleet.four_spark_tp4"],
)
def blank_reason_sentences_are_misuse() -> str:
    lines = [
        misuse(lambda: GroupNotFourHosts(where="$.hosts", why="   ")),
        misuse(lambda: FabricAddressShared(where="", why="srv7 answers on 10.77.0.5")),
        misuse(lambda: Reason(where="$", why="")),
    ]
    return "\n".join(lines) + "\n"


@witness.snapshot(
    "A regression control: a value class built afresh from strict_int, exact_fraction, tuple_of, optional and instance_of admits good fields and names each misuse as pinned.",
    # The helpers built afresh here are exercised through positive_int (wrapped by optional).
    rules=[vf.positive_int],
)
def validators_built_afresh_name_misuse() -> str:
    # Built inside the claim, not at import, so the validator factories run while a mutant is switched in.
    probe = attrs.make_class(
        "Probe",
        {
            "count": attrs.field(validator=vf.strict_int),
            "share": attrs.field(validator=vf.exact_fraction),
            "items": attrs.field(validator=vf.tuple_of(int, min_len=1)),
            "tags": attrs.field(validator=vf.tuple_of(str)),
            "limit": attrs.field(validator=vf.optional(vf.positive_int)),
            "host": attrs.field(validator=vf.instance_of(type(HOST))),
        },
        frozen=True,
    )
    good = {"count": -3, "share": Fraction(-1, 4), "items": (1, 2), "tags": (), "limit": None, "host": HOST}
    lines = [f"good -> {raised(lambda: probe(**good))}"]
    for name, bad in (
        ("count", True), ("count", 1.0), ("share", 0.25), ("share", 1), ("items", [1]), ("items", ()),
        ("items", (1, "2")), ("tags", ("a", 1)), ("limit", 0), ("limit", 5), ("host", "srv5"),
    ):  # fmt: skip
        lines.append(f"{name}={bad!r} -> {raised(lambda: probe(**{**good, name: bad}))}")
    return "\n".join(lines) + "\n"


# --- near misses of identities: a digest or a name that almost is one never builds ---

DIGEST = V41_PRODUCED_ARTIFACT.config_digest


@witness.property(
    "Every near miss of a config digest (a case flip, a prefix, a suffix, whitespace, a look-alike) is misuse, and the digest itself builds.",
    rules=[vf.sha256_digest],
)
@settings(max_examples=25)
@given(gen.near_misses(DIGEST))
@example(gen.case_flipped(DIGEST))
@example(gen.strict_prefix(DIGEST))
@example(gen.extended(DIGEST, "0"))
@example(gen.padded(DIGEST, after="\n"))
@example(gen.lookalike(DIGEST, 7))
def near_misses_of_a_config_digest_never_build(miss: str) -> None:
    check.equal("the digest", attrs.evolve(V41_PRODUCED_ARTIFACT, config_digest=DIGEST).config_digest, DIGEST)
    check.contains(
        f"{miss!r} is misuse",
        "ProducedArtifact.config_digest: expected 'sha256:'",
        misuse(lambda: attrs.evolve(V41_PRODUCED_ARTIFACT, config_digest=miss)),
    )


@witness.property(
    "A host name with surrounding whitespace or a look-alike character is misuse, and the name itself builds.",
    rules=[vf.name_token],
)
@settings(max_examples=25)
@given(gen.near_misses(HOST.name, kinds=(gen.NearMiss.WHITESPACE, gen.NearMiss.LOOKALIKE)))
@example(gen.padded(HOST.name, after="\n"))
@example(gen.padded(HOST.name, before="\u00a0"))
@example(gen.lookalike(HOST.name))
@example(gen.lookalike(HOST.name, 1))
def host_names_with_whitespace_or_look_alikes_never_build(miss: str) -> None:
    check.equal("the name", attrs.evolve(HOST, name=HOST.name).name, HOST.name)
    check.contains(
        f"{miss!r} is misuse", "Host.name: expected a name of letters", misuse(lambda: attrs.evolve(HOST, name=miss))
    )
