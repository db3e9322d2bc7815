"""Witness the validators that are factories (strict_int, exact_fraction, dict_of, matching, optional, instance_of), built afresh so they run while a mutant is switched in."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.core import value_fields as vf
from domain.native.records import SAVED_SCREEN_300K
from domain.spark.launcher import ENV_NAME, SHM_SIZE, ArmEnv
from witnesses.core.fixtures import misuse, raised
from witnesses.core.value_fields import witness

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
@example("GUNBC_X")  # a name the pattern matches whole: it builds
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
    "A str-to-str mapping validator built afresh builds exactly the dicts whose keys and values are all strs, and never the same pairs as a read-only mapping or a list.",
    rules=[vf.dict_of],
)
@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.one_of(st.text(max_size=2), st.integers(0, 3)), st.one_of(st.text(max_size=2), st.integers(0, 3)), max_size=3
    ),
    st.sampled_from(["dict", "read-only mapping", "list of pairs"]),
)
@example({"a": 1}, "dict")
@example({1: "a"}, "dict")
@example({"a": "b"}, "read-only mapping")  # a mapping of strs in all but its kind
@example({"a": "b"}, "list of pairs")
def a_dict_of_validator_builds_exactly_dicts_of_its_types(checks: dict[object, object], shape: str) -> None:
    probe = attrs.make_class("Probe", {"checks": attrs.field(validator=vf.dict_of(str, str))}, frozen=True)
    given_as = {"dict": checks, "read-only mapping": MappingProxyType(checks), "list of pairs": list(checks.items())}
    builds = shape == "dict" and all(type(k) is str and type(v) is str for k, v in checks.items())
    check.equal(
        f"checks {checks!r} as a {shape} builds",
        raised(lambda: probe(checks=given_as[shape])).startswith("built "),
        builds,
    )


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


TYPE_VALIDATORS = [
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
]
"""The eleven type validators of `value_fields`, each claimed on its accepted values and on its type's near misses."""


@witness.property(
    "Each type validator accepts exactly the values of its type and range, and names any other by class, field, type and value.",
    rules=TYPE_VALIDATORS,
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


class _Text(str):
    """A str subclass: looks like text, is not a str."""


class _Count(int):
    """An int subclass other than bool: looks like an int, is not an int."""


NEAR_MISSES = (True, False, 1, 0, _Count(1), 1.0, Fraction(1), "x", _Text("x"), b"x", bytearray(b"x"), None)
"""One value of each type a validator's own type could be mistaken for (subclasses, the other numbers, the other byte strings)."""


@witness.positive(
    "Each type validator refuses every near-miss of its type (bool or an int subclass for int, an int or float for Fraction, a str subclass for str, a bytearray for bytes), naming its class.",
    rules=TYPE_VALIDATORS,
)
def each_type_validator_refuses_the_near_misses_of_its_type() -> None:
    for name, (accepts, expected) in sorted(TYPED.items()):
        probe = attrs.make_class("Probe", {"x": attrs.field(validator=getattr(vf, name))}, frozen=True)
        for value in NEAR_MISSES:
            wanted = (
                "(built without error)"
                if accepts(value)
                else f"Probe.x: expected {expected}, got {type(value).__name__} {value!r}"
            )
            check.equal(f"{name} of {type(value).__name__} {value!r}", misuse(lambda: probe(x=value)), wanted)


PARTITIONS = (
    *(-(2**63), -65_536, -2, -1, 0, 1, 2, 9_999, 10_000, 10_001, 32_767, 32_768, 65_535, 65_536, 2**63),
    *(Fraction(-3, 2), Fraction(-1), Fraction(-1, 4), Fraction(0), Fraction(1, 4), Fraction(3, 2), Fraction(10**20, 3)),
    *("", " ", "\t", "\n", "\u3000", " x ", "x", "é", "a" * 500),
    *(b"", b"x", True, False, None, 0.0, -1.0),
)
"""One value of every partition a type validator splits: each sign and boundary of an int, a fraction with and without a fractional part, each shape of blank and non-blank text."""


@witness.positive(
    "Each type validator decides every partition of its input alike: every boundary and sign of an int, a negative fraction with or without a fractional part, each kind of blank text.",
    rules=TYPE_VALIDATORS,
)
def each_type_validator_decides_every_partition_of_its_input() -> None:
    for name, (accepts, expected) in sorted(TYPED.items()):
        probe = attrs.make_class("Probe", {"x": attrs.field(validator=getattr(vf, name))}, frozen=True)
        for value in PARTITIONS:
            wanted = (
                "(built without error)"
                if accepts(value)
                else f"Probe.x: expected {expected}, got {type(value).__name__} {value!r}"
            )
            check.equal(f"{name} of {type(value).__name__} {value!r}", misuse(lambda: probe(x=value)), wanted)


def _optional_probe() -> type:
    """Build, afresh, a value class of an optional positive int and an int: `optional` and `instance_of` run now."""
    return attrs.make_class(
        "Probe",
        {
            "limit": attrs.field(validator=vf.optional(vf.positive_int)),
            "kind": attrs.field(validator=vf.instance_of(int)),
        },
        frozen=True,
    )


@witness.positive(
    "An optional validator built afresh admits None and what the validator it wraps admits, naming what that one refuses; an instance validator built afresh admits its kind (a bool is an int) and names None, a float or a str.",
    rules=[vf.optional, vf.instance_of],
)
def optional_and_instance_validators_built_afresh_admit_and_name_as_pinned() -> None:
    probe = _optional_probe()
    for limit, kind, said in (
        (None, 1, "built Probe(limit=None, kind=1)"),
        (1, 1, "built Probe(limit=1, kind=1)"),
        (0, 1, "ValueError: Probe.limit: expected int > 0, got int 0"),
        ("5", 1, "ValueError: Probe.limit: expected int > 0, got str '5'"),
        (None, True, "built Probe(limit=None, kind=True)"),
        (None, "1", "TypeError: 'kind' must be <class 'int'> (got '1' that is a <class 'str'>)."),
        (None, 1.0, "TypeError: 'kind' must be <class 'int'> (got 1.0 that is a <class 'float'>)."),
        (None, None, "TypeError: 'kind' must be <class 'int'> (got None that is a <class 'NoneType'>)."),
    ):
        check.equal(f"limit={limit!r}, kind={kind!r}", raised(lambda: probe(limit=limit, kind=kind)), said)


@witness.property(
    "An optional validator built afresh builds None and exactly what the validator it wraps builds, with that one's message otherwise; an instance validator built afresh builds exactly instances of its kind.",
    rules=[vf.optional, vf.instance_of],
)
@settings(max_examples=40)
@given(
    st.one_of(st.none(), st.integers(-1, 2), st.booleans(), st.sampled_from(["", "1", 1.0])),
    st.sampled_from([1, 0, True, "1", None, 1.0]),
)
@example(limit=None, kind=1)
@example(limit=0, kind=1)
@example(limit=None, kind=None)
def an_optional_validator_builds_none_and_exactly_what_it_wraps_builds(limit: object, kind: object) -> None:
    alone = attrs.make_class("Probe", {"limit": attrs.field(validator=vf.positive_int)}, frozen=True)
    wrapped = raised(lambda: alone(limit=limit))
    if limit is not None and not wrapped.startswith("built "):
        wanted = wrapped  # attrs checks the fields in order: the limit's message comes first
    elif not isinstance(kind, int):
        wanted = f"TypeError: 'kind' must be <class 'int'> (got {kind!r} that is a <class '{type(kind).__name__}'>)."
    else:
        wanted = f"built Probe(limit={limit!r}, kind={kind!r})"
    check.equal(f"limit={limit!r}, kind={kind!r}", raised(lambda: _optional_probe()(limit=limit, kind=kind)), wanted)
