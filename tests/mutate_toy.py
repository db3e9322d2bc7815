"""Build a green toy project with a constant, a by-name import and declared defects (shared by the mutate tests)."""

from __future__ import annotations

import textwrap
from pathlib import Path

LIMITS = '''\
"""Toy limits: a constant and a rule that imports another rule by name."""

from toy_domain.rules import Admitted, Refused, admit_size

DEFAULT_LIMIT = 10


def admit_default(size: int) -> Admitted | Refused:
    """Admit a size against the default limit."""
    return admit_size(size, DEFAULT_LIMIT)


def unused_rule(size: int) -> int:
    """Double a size; no claim calls this."""
    return size * 2
'''

BY_NAME = '''\
"""Claims that reach the rules through names imported into this module."""

from claims import Witness, because, check
from toy_domain.limits import DEFAULT_LIMIT, admit_default
from toy_domain.rules import OverLimit, admit_size

witness = Witness("toy.by_name")


@witness.positive("The default limit admits a small size.", rules=[admit_default])
def default_admits_small() -> None:
    check.equal("margin", check.admitted(admit_default(4)), 6)


@witness.refusal("The default limit refuses eleven.", rules=[admit_default], reasons=[because(OverLimit, at="$.size", saying="limit 10")])
def default_refuses_eleven():
    return admit_default(11)


@witness.positive("The default limit is ten.", rules=[admit_default])
def default_limit_is_ten() -> None:
    check.equal("limit", DEFAULT_LIMIT, 10)


@witness.positive("A by-name import admits within the limit.", rules=[admit_size])
def by_name_admits() -> None:
    check.equal("margin", check.admitted(admit_size(1, 5)), 4)
'''

DEFECTS = '''\
"""Toy declared defects."""

from claims._internal.mutate import Defect, DefectGroup
from toy_domain.rules import Admitted, Refused


def admit_everything(size: int, limit: int) -> Admitted | Refused:
    return Admitted(limit - size)


def crash(size: int, limit: int) -> Admitted | Refused:
    raise RuntimeError("seeded crash")


def double_wrongly(size: int) -> int:
    return size * 3


admit_all = Defect(
    id="toy.admit_everything",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Admit every size, so no refusal holds.",
    expect_red={"toy.good.oversize_refuses", "toy.by_name.default_refuses_eleven"},
    expect_green={"toy.good.within_limit_admits"},
)

limit_nine = Defect(
    id="toy.default_limit_nine",
    target="toy_domain.limits.DEFAULT_LIMIT",
    replacement=9,
    description="Lower the default limit to nine.",
    expect_red={"toy.by_name.default_limit_is_ten", "toy.by_name.default_admits_small", "toy.by_name.default_refuses_eleven"},
)

too_few = Defect(
    id="toy.admit_everything_expecting_too_few",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Admit every size, but expect only one refusal to notice.",
    expect_red={"toy.good.oversize_refuses"},
)

too_many = Defect(
    id="toy.admit_everything_expecting_too_many",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Admit every size, but expect a positive claim to notice too.",
    expect_red={"toy.good.oversize_refuses", "toy.by_name.default_refuses_eleven", "toy.good.within_limit_admits"},
)

never_called = Defect(
    id="toy.unused_rule",
    target="toy_domain.limits.unused_rule",
    replacement=double_wrongly,
    description="Break a rule no claim calls.",
    expect_red={"toy.by_name.default_admits_small"},
)

crash_everything = Defect(
    id="toy.crash",
    target="toy_domain.rules.admit_size",
    replacement=crash,
    description="Crash the rule every claim calls.",
    expect_red={"toy.good.oversize_refuses"},
)

group = DefectGroup(
    id="toy.group",
    description="Admit everything and lower the default limit together.",
    defects=[
        Defect(id="toy.group_admit", target="toy_domain.rules.admit_size", replacement=admit_everything, description="Admit all.", expect_red=set()),
        Defect(id="toy.group_limit", target="toy_domain.limits.DEFAULT_LIMIT", replacement=9, description="Limit nine.", expect_red=set()),
    ],
    expect_red={"toy.good.oversize_refuses", "toy.by_name.default_refuses_eleven", "toy.by_name.default_limit_is_ten", "toy.by_name.default_admits_small"},
    expect_green={"toy.by_name.by_name_admits"},
)
'''


def make_green_toy(project: Path, defects: str = DEFECTS) -> Path:
    """Turn a copy of the toy project green and add limits, by-name claims and declared defects."""
    (project / "toy_witnesses" / "mixed.py").unlink()
    (project / "toy_witnesses" / "broken.py").unlink()
    (project / "toy_domain" / "limits.py").write_text(LIMITS)
    (project / "toy_witnesses" / "by_name.py").write_text(BY_NAME)
    (project / "toy_mutations").mkdir()
    (project / "toy_mutations" / "__init__.py").write_text('"""Toy defects."""\n')
    (project / "toy_mutations" / "seeded.py").write_text(defects)
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('ledger = "ledger"', 'ledger = "ledger"\nmutations = ["toy_mutations"]'))
    return project


def dedent(text: str) -> str:
    """Dedent a test's inline source."""
    return textwrap.dedent(text)
