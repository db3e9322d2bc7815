"""Witness the field validators: a good value builds, misuse names `Class.field: expected ..., got ...`.

A validator raising is misuse (a caller built a value wrongly), not a domain
refusal, so the positive claims catch the ValueError and pin its exact
message.  The refusal claims read the same validators where an operator
meets them: a JSON document structured by the strict converter, whose
located error lines become one reason each.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from types import MappingProxyType

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import convert
from domain.core import value_fields as vf
from domain.core.convert import STRICT, NotOfShape, structured
from domain.core.outcome import Reason
from domain.native.records import SAVED_SCREEN_300K
from domain.spark.engram import VllmEngramConfigRequest
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A, FabricAddressShared, GroupNotFourHosts, HostGroup, RankSeat
from domain.spark.launcher import ENV_NAME, SHM_SIZE, ArmEnv
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from domain.spark.runtime import V41_PRODUCED_ARTIFACT, ProducedArtifact
from witnesses.core import strategies as gen
from witnesses.core.fixtures import misuse

# A validator raises on misuse; it never returns a refusal of its own.  These four are reached by no reader whose
# converter would not refuse the same value first (the converter names a bool q or an int check before the validator
# runs), so their floor is a positive claim and a property, not a refusal claim.
witness = Witness("core.value_fields", never_refuses=[vf.strict_int, vf.exact_fraction, vf.dict_of, vf.matching])

HOST = GROUP_A.hosts[0]
FIT = FitFigures(
    weights_gib=287,
    allowance_gib=100,
    resident_gib=387,
    requirement_gib=Fraction(1935, 4),
    pool_gib=484,
    margin_gib=Fraction(1, 4),
)


@witness.positive(
    'A host\'s memory is an int above zero: 1 GiB builds, while 0, True and "121" are misuse named by class and field.',
    rules=[vf.positive_int],
)
def memory_must_be_an_int_above_zero() -> None:
    check.equal("memory of 1 GiB", attrs.evolve(HOST, memory_gib=1).memory_gib, 1)
    for bad, message in (
        (0, "Host.memory_gib: expected int > 0, got int 0"),
        (True, "Host.memory_gib: expected int > 0, got bool True"),
        ("121", "Host.memory_gib: expected int > 0, got str '121'"),
    ):
        check.equal(f"memory {bad!r}", misuse(lambda: attrs.evolve(HOST, memory_gib=bad)), message)


@witness.positive(
    "A node rank is an int of zero or more: rank 0 builds, while -1 and False are misuse named by class and field.",
    rules=[vf.non_negative_int],
)
def a_node_rank_must_be_an_int_of_zero_or_more() -> None:
    check.equal("rank 0", RankSeat(node_rank=0, host=HOST).node_rank, 0)
    for bad, message in (
        (-1, "RankSeat.node_rank: expected int >= 0, got int -1"),
        (False, "RankSeat.node_rank: expected int >= 0, got bool False"),
        ("0", "RankSeat.node_rank: expected int >= 0, got str '0'"),
    ):
        check.equal(f"rank {bad!r}", misuse(lambda: RankSeat(node_rank=bad, host=HOST)), message)


@witness.positive(
    "A fit margin is an exact Fraction of zero or more: 0 builds, while -1/4, 0.25 and the int 0 are misuse.",
    rules=[vf.non_negative_fraction],
)
def a_margin_must_be_an_exact_fraction_of_zero_or_more() -> None:
    check.equal("margin 0", attrs.evolve(FIT, margin_gib=Fraction(0)).margin_gib, Fraction(0))
    for bad, message in (
        (Fraction(-1, 4), "FitFigures.margin_gib: expected Fraction >= 0, got Fraction Fraction(-1, 4)"),
        (0.25, "FitFigures.margin_gib: expected Fraction >= 0, got float 0.25"),
        (0, "FitFigures.margin_gib: expected Fraction >= 0, got int 0"),
    ):
        check.equal(f"margin {bad!r}", misuse(lambda: attrs.evolve(FIT, margin_gib=bad)), message)


@witness.positive(
    'An Engram flag is True or False only: 1 and "true" are misuse named by class and field.',
    rules=[vf.strict_bool],
)
def an_engram_flag_must_be_a_bool() -> None:
    check.equal(
        "cpu_offload False", VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=True).cpu_offload, False
    )
    for bad, message in (
        (1, "VllmEngramConfigRequest.cpu_offload: expected bool, got int 1"),
        ("true", "VllmEngramConfigRequest.cpu_offload: expected bool, got str 'true'"),
    ):
        check.equal(
            f"cpu_offload {bad!r}",
            misuse(lambda: VllmEngramConfigRequest(cpu_offload=bad, dp_shared_memory=False)),
            message,
        )


@witness.positive(
    "A fabric address is a str with a non-blank character: blanks, the empty str and None are misuse.",
    rules=[vf.non_empty_str],
)
def a_fabric_address_must_be_a_non_blank_str() -> None:
    check.equal("address 10.77.0.9", attrs.evolve(HOST, fabric_address="10.77.0.9").fabric_address, "10.77.0.9")
    for bad, message in (
        ("  ", "Host.fabric_address: expected a non-empty str, got str '  '"),
        ("", "Host.fabric_address: expected a non-empty str, got str ''"),
        (None, "Host.fabric_address: expected a non-empty str, got NoneType None"),
    ):
        check.equal(f"address {bad!r}", misuse(lambda: attrs.evolve(HOST, fabric_address=bad)), message)


@witness.positive(
    "A host name is one token of letters, digits, '.', '_' or '-': a space, a leading dash or an int is misuse.",
    rules=[vf.name_token],
)
def a_host_name_must_be_one_token() -> None:
    check.equal("name srv-9.a_b", attrs.evolve(HOST, name="srv-9.a_b").name, "srv-9.a_b")
    for bad, message in (
        ("srv 5", "Host.name: expected a name of letters, digits, '.', '_' or '-', got str 'srv 5'"),
        ("-srv5", "Host.name: expected a name of letters, digits, '.', '_' or '-', got str '-srv5'"),
        (5, "Host.name: expected a name of letters, digits, '.', '_' or '-', got int 5"),
    ):
        check.equal(f"name {bad!r}", misuse(lambda: attrs.evolve(HOST, name=bad)), message)


@witness.positive(
    "A config digest is 'sha256:' and 64 lowercase hex digits: uppercase hex or a short digest is misuse.",
    rules=[vf.sha256_digest],
)
def a_config_digest_must_be_a_lowercase_sha256() -> None:
    check.equal(
        "digest",
        attrs.evolve(V41_PRODUCED_ARTIFACT, config_digest="sha256:" + "0a" * 32).config_digest,
        "sha256:" + "0a" * 32,
    )
    upper = "sha256:" + "5E" * 32
    for bad, message in (
        (upper, f"ProducedArtifact.config_digest: expected 'sha256:' and 64 lowercase hex digits, got str {upper!r}"),
        (
            "sha256:5e",
            "ProducedArtifact.config_digest: expected 'sha256:' and 64 lowercase hex digits, got str 'sha256:5e'",
        ),
        (None, "ProducedArtifact.config_digest: expected 'sha256:' and 64 lowercase hex digits, got NoneType None"),
    ):
        check.equal(f"digest {bad!r}", misuse(lambda: attrs.evolve(V41_PRODUCED_ARTIFACT, config_digest=bad)), message)


@witness.positive(
    "A utilization is 1 to 10000 basis points: both ends build, while 0, 10001 and True are misuse.",
    rules=[vf.basis_points],
)
def a_utilization_must_be_basis_points_in_range() -> None:
    for good in (1, 10_000):
        check.equal(
            f"{good} bp",
            attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=good).gpu_memory_utilization_bp,
            good,
        )
    for bad, message in (
        (0, "ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got int 0"),
        (10_001, "ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got int 10001"),
        (True, "ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got bool True"),
    ):
        check.equal(
            f"{bad!r} bp", misuse(lambda: attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=bad)), message
        )


@witness.positive(
    "A distinct-keys validator built afresh passes distinct host names and names a repeat anywhere in the list, listing every name.",
    rules=[vf.distinct],
)
def a_distinct_validator_built_afresh_names_any_repeat() -> None:
    # Built inside the claim, not at import: HostGroup's own validator was built before any mutant is switched in.
    probe = attrs.make_class("Probe", {"hosts": attrs.field(validator=vf.distinct("name", "host names"))}, frozen=True)
    check.equal("four distinct names", probe(hosts=GROUP_A.hosts).hosts, GROUP_A.hosts)
    apart = (GROUP_A.hosts[0], GROUP_A.hosts[1], GROUP_A.hosts[0])
    check.equal(
        "srv5 again after srv6",
        misuse(lambda: probe(hosts=apart)),
        "Probe.hosts: expected distinct host names, got ['srv5', 'srv6', 'srv5']",
    )


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


def raised(build: Callable[[], object]) -> str:
    """Say what `build` raised (attrs' own validators raise TypeError with the message first), or what it built."""
    try:
        built = build()
    except (ValueError, TypeError) as exc:
        return f"{type(exc).__name__}: {exc.args[0]}"
    return f"built {built!r}"


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


# --- validators that are factories: a claim builds them afresh, so they run while a mutant is switched in ---


@witness.positive(
    "An environment variable's name is an UPPER_CASE word matched whole and its value any str: lower case, a trailing newline or an int is misuse.",
    rules=[vf.matching, vf.strict_str],
)
def an_env_name_is_upper_case_matched_whole() -> None:
    check.equal(
        "GUNBC_ENGRAM_TOUCH_RECEIPT_DIR",
        ArmEnv(name="GUNBC_ENGRAM_TOUCH_RECEIPT_DIR", value="").name,
        "GUNBC_ENGRAM_TOUCH_RECEIPT_DIR",
    )
    for name, value, message in (
        ("gunbc_x", "v", "ArmEnv.name: expected an UPPER_CASE environment name, got str 'gunbc_x'"),
        ("GUNBC_X\n", "v", "ArmEnv.name: expected an UPPER_CASE environment name, got str 'GUNBC_X\\n'"),
        (5, "v", "ArmEnv.name: expected an UPPER_CASE environment name, got int 5"),
        ("GUNBC_X", 5, "ArmEnv.value: expected str, got int 5"),
        ("GUNBC_X", b"v", "ArmEnv.value: expected str, got bytes b'v'"),
    ):
        check.equal(f"name {name!r}, value {value!r}", misuse(lambda: ArmEnv(name=name, value=value)), message)
    probe = attrs.make_class(
        "Probe", {"size": attrs.field(validator=vf.matching(SHM_SIZE, "a docker size such as 64g"))}, frozen=True
    )
    check.equal("64g afresh", probe(size="64g").size, "64g")
    check.equal(
        "64 GB afresh",
        misuse(lambda: probe(size="64 GB")),
        "Probe.size: expected a docker size such as 64g, got str '64 GB'",
    )


@witness.positive(
    "A str-to-str mapping validator built afresh admits a dict of strs and names a non-str key or value and any other mapping.",
    rules=[vf.dict_of],
)
def a_dict_of_validator_built_afresh_names_misuse() -> None:
    probe = attrs.make_class("Probe", {"checks": attrs.field(validator=vf.dict_of(str, str))}, frozen=True)
    check.equal(
        "a dict of strs",
        probe(checks={"native_dispatch_unchanged": "PASS"}).checks,
        {"native_dispatch_unchanged": "PASS"},
    )
    check.equal("an empty dict", probe(checks={}).checks, {})
    for label, bad, said in (
        ("an int value", {"a": 1}, "TypeError: 'checks' must be <class 'str'> (got 1 that is a <class 'int'>)."),
        ("an int key", {1: "a"}, "TypeError: 'checks' must be <class 'str'> (got 1 that is a <class 'int'>)."),
        (
            "a read-only mapping",
            MappingProxyType({"a": "b"}),
            "TypeError: 'checks' must be <class 'dict'> (got mappingproxy({'a': 'b'}) that is a <class 'mappingproxy'>).",
        ),
        (
            "a list of pairs",
            [("a", "b")],
            "TypeError: 'checks' must be <class 'dict'> (got [('a', 'b')] that is a <class 'list'>).",
        ),
    ):
        check.equal(label, raised(lambda: probe(checks=bad)), said)


@witness.positive(
    'A screen record\'s counts are ints and its figures exact Fractions: the saved screen builds, while True, 12.0, "12", 6.8251, the int 7 and "0.93" are misuse.',
    rules=[vf.strict_int, vf.exact_fraction],
)
def a_screens_counts_are_ints_and_its_figures_exact_fractions() -> None:
    check.equal("the saved screen", attrs.evolve(SAVED_SCREEN_300K), SAVED_SCREEN_300K)
    check.equal(
        "a negative count builds (strict_int has no range)", attrs.evolve(SAVED_SCREEN_300K, completed=-1).completed, -1
    )
    for name, bad, message in (
        ("completed", True, "ScreenRecord.completed: expected int, got bool True"),
        ("completed", 12.0, "ScreenRecord.completed: expected int, got float 12.0"),
        ("submissions", "12", "ScreenRecord.submissions: expected int, got str '12'"),
        ("gain_percent", 6.8251, "ScreenRecord.gain_percent: expected Fraction, got float 6.8251"),
        ("gain_percent", 7, "ScreenRecord.gain_percent: expected Fraction, got int 7"),
        ("median_on_off", "0.93", "ScreenRecord.median_on_off: expected Fraction, got str '0.93'"),
    ):
        check.equal(f"{name}={bad!r}", misuse(lambda: attrs.evolve(SAVED_SCREEN_300K, **{name: bad})), message)


@witness.property(
    "An environment name built afresh with `matching` builds exactly when its pattern matches the whole str.",
    rules=[vf.matching],
)
@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="AZ_az09 \n-", max_size=6))
@example("GUNBC_X\n")
@example("gunbc")
@example("")
def a_matching_validator_builds_exactly_what_its_pattern_matches_whole(name: str) -> None:
    probe = attrs.make_class(
        "Probe", {"name": attrs.field(validator=vf.matching(ENV_NAME, "an UPPER_CASE environment name"))}, frozen=True
    )
    wanted = (
        "(built without error)"
        if ENV_NAME.fullmatch(name)
        else f"Probe.name: expected an UPPER_CASE environment name, got str {name!r}"
    )
    check.equal(f"name {name!r}", misuse(lambda: probe(name=name)), wanted)


@witness.property(
    "A str-to-str mapping validator built afresh builds exactly the dicts whose keys and values are all strs.",
    rules=[vf.dict_of],
)
@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.one_of(st.text(max_size=2), st.integers(0, 3)), st.one_of(st.text(max_size=2), st.integers(0, 3)), max_size=3
    )
)
@example({"a": 1})
@example({1: "a"})
def a_dict_of_validator_builds_exactly_dicts_of_its_types(checks: dict[object, object]) -> None:
    probe = attrs.make_class("Probe", {"checks": attrs.field(validator=vf.dict_of(str, str))}, frozen=True)
    builds = all(type(k) is str and type(v) is str for k, v in checks.items())
    check.equal(f"checks {checks!r} builds", raised(lambda: probe(checks=checks)).startswith("built "), builds)


TYPED = {
    # validator: (accepts, expected words)
    "strict_int": (lambda v: type(v) is int, "int"),
    "positive_int": (lambda v: type(v) is int and v > 0, "int > 0"),
    "non_negative_int": (lambda v: type(v) is int and v >= 0, "int >= 0"),
    "port": (lambda v: type(v) is int and 1 <= v <= 65535, "a port in 1..65535"),
    "basis_points": (lambda v: type(v) is int and 1 <= v <= 10_000, "basis points in 1..10000"),
    "exact_fraction": (lambda v: type(v) is Fraction, "Fraction"),
    "non_negative_fraction": (lambda v: type(v) is Fraction and v >= 0, "Fraction >= 0"),
    "strict_str": (lambda v: type(v) is str, "str"),
    "non_empty_str": (lambda v: type(v) is str and bool(v.strip()), "a non-empty str"),
    "strict_bytes": (lambda v: type(v) is bytes, "bytes"),
    "strict_bool": (lambda v: type(v) is bool, "bool"),
}
ANY_VALUE = st.one_of(
    st.integers(min_value=-2, max_value=70_000),
    st.sampled_from([0, 1, 10_000, 10_001, 65_535, 65_536]),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, width=32),
    st.fractions(max_denominator=8),
    st.text(max_size=3),
    st.sampled_from(["", " ", "\n"]),
    st.binary(max_size=3),
)


@witness.property(
    "Each type validator accepts exactly the values of its type and range, and names any other by class, field, type and value.",
    rules=[
        vf.strict_int,
        vf.positive_int,
        vf.non_negative_int,
        vf.port,
        vf.basis_points,
        vf.exact_fraction,
        vf.non_negative_fraction,
        vf.strict_str,
        vf.non_empty_str,
        vf.strict_bytes,
        vf.strict_bool,
    ],
)
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(TYPED)), ANY_VALUE)
@example("strict_int", True)
@example("positive_int", 0)
@example("non_negative_int", -1)
@example("port", 65_536)
@example("basis_points", 0)
@example("exact_fraction", 1)
@example("non_negative_fraction", Fraction(-1, 4))
@example("strict_str", b"x")
@example("non_empty_str", "\n")
@example("strict_bytes", "x")
@example("strict_bool", 1)
def each_type_validator_accepts_exactly_its_type(name: str, value: object) -> None:
    accepts, expected = TYPED[name]
    probe = attrs.make_class("Probe", {"x": attrs.field(validator=getattr(vf, name))}, frozen=True)
    said = misuse(lambda: probe(x=value))
    wanted = (
        "(built without error)"
        if accepts(value)
        else f"Probe.x: expected {expected}, got {type(value).__name__} {value!r}"
    )
    check.equal(f"{name} of {value!r}", said, wanted)
