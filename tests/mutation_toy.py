"""Build a green toy project with rules, claims and declared defects for the mutation engine's tests."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

TOY = Path(__file__).parent / "fixtures" / "toy"

LIMITS = '''\
"""Toy limits: a rule calling another by name, a rule built on a private helper, and hazards."""

import os
import signal

from toy_domain.rules import Admitted, Refused, admit_size

DEFAULT_LIMIT = 10


def admit_default(size: int) -> Admitted | Refused:
    """Admit a size against the default limit."""
    return admit_size(size, DEFAULT_LIMIT)


def _twice(n: int) -> int:
    return n * 2


def doubled(n: int) -> int:
    """Double a count through a private helper."""
    total = _twice(n)
    return total


def unused_rule(size: int) -> int:
    """Triple a size; no claim calls this."""
    return size * 3


def guard(n: int) -> int:
    """Return one; a mutant flipping the test ends the worker."""
    if n > 0:
        return 1
    os._exit(9)


def stall(n: int) -> int:
    """Return one; a mutant flipping the test blocks the alarm and spins."""
    if n > 0:
        return 1
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
    while True:
        pass
'''

BY_NAME = '''\
"""Claims that reach the rules through names imported into this module."""

from claims import Witness, because, check
from toy_domain.limits import admit_default, doubled, guard, stall
from toy_domain.rules import OverLimit, admit_size

witness = Witness("toy.by_name")


@witness.positive("The default limit admits a small size.", rules=[admit_default])
def default_admits_small() -> None:
    check.equal("margin", check.admitted(admit_default(4)), 6)


@witness.refusal("The default limit refuses eleven.", rules=[admit_default], reasons=[because(OverLimit, at="$.size", saying="limit 10")])
def default_refuses_eleven():
    return admit_default(11)


@witness.positive("A by-name import admits within the limit.", rules=[admit_size])
def by_name_admits() -> None:
    check.equal("margin", check.admitted(admit_size(1, 5)), 4)


@witness.positive("Doubling three gives six.", rules=[doubled])
def doubling_three_gives_six() -> None:
    check.equal("doubled", doubled(3), 6)


@witness.positive("The guard returns one.", rules=[guard], timeout=1)
def guard_returns_one() -> None:
    check.equal("guard", guard(1), 1)


@witness.positive("The stall returns one.", rules=[stall], timeout=1)
def stall_returns_one() -> None:
    check.equal("stall", stall(1), 1)
'''

DEFECTS = '''\
"""Toy declared defects, one per verdict."""

from claims.defects import Defect, DefectGroup, original
from toy_domain import limits, rules


def admit_everything(size: int, limit: int) -> rules.Admitted | rules.Refused:
    return rules.Admitted(limit - size)


def one_more(size: int, limit: int) -> rules.Admitted | rules.Refused:
    return original(rules.admit_size)(size, limit + 1)


def crash(size: int, limit: int) -> rules.Admitted | rules.Refused:
    raise RuntimeError("seeded crash")


admit_all = Defect(
    id="toy.admit_everything",
    target=rules.admit_size,
    intent="Admit every size, so no refusal holds.",
    replacement=admit_everything,
    must_red={"toy.good.oversize_refuses", "toy.by_name.default_refuses_eleven"},
    must_green={"toy.good.within_limit_admits"},
)

limit_off_by_one = Defect(
    id="toy.limit_off_by_one",
    target=rules.admit_size,
    intent="Allow one more than the limit, through the original rule.",
    replacement=one_more,
    must_red={"toy.good.oversize_refuses"},
)

strict_bound = Defect(
    id="toy.strict_bound",
    target=rules.admit_size,
    intent="Refuse a size equal to the limit; judged exactly within toy.good.",
    patch=("size > limit", "size >= limit - 7"),
    must_red={"toy.good.within_limit_admits"},
    scope=("toy.good",),
)

missing = Defect(
    id="toy.admit_everything_expecting_a_positive",
    target=rules.admit_size,
    intent="Admit every size, wrongly expecting a positive claim to notice.",
    replacement=admit_everything,
    must_red={"toy.good.within_limit_admits"},
)

broken_control = Defect(
    id="toy.off_by_one_breaking_a_control",
    target=rules.admit_size,
    intent="Allow one more, naming a claim it turns red as a control.",
    replacement=one_more,
    must_red={"toy.good.oversize_refuses"},
    must_green={"toy.by_name.default_admits_small", "toy.good.within_limit_admits"},
)

wrong = Defect(
    id="toy.admit_everything_exactly_one",
    target=rules.admit_size,
    intent="Admit every size, judged exactly within toy.by_name but naming too few.",
    replacement=admit_everything,
    must_red=set(),
    scope=("toy.by_name",),
)

noop = Defect(id="toy.unused_rule", target=limits.unused_rule, intent="Break a rule no claim calls.", patch=("size * 3", "size * 4"), must_red=set())

gone = Defect(id="toy.gone_patch", target=rules.admit_size, intent="Patch text that is not there.", patch=("size >>> limit", "size"), must_red=set())

crashing = Defect(id="toy.crash", target=rules.admit_size, intent="Crash the rule every claim calls.", replacement=crash, must_red=set())

group = DefectGroup(
    id="toy.group",
    intent="Admit everything and break doubling together.",
    defects=[
        Defect(id="toy.group_admit", target=rules.admit_size, intent="Admit all.", replacement=admit_everything, must_red=set()),
        Defect(id="toy.group_double", target=limits.doubled, intent="Add one.", patch=("total = _twice(n)", "total = _twice(n) + 1"), must_red=set()),
    ],
    must_red={"toy.good.oversize_refuses", "toy.by_name.doubling_three_gives_six"},
    must_green={"toy.by_name.by_name_admits"},
)
'''

PYPROJECT = """\
[tool.claims]
witnesses = ["toy_witnesses"]
typecheck = ["toy_domain"]
mutations = ["toy_mutations"]
ledger = "ledger"
timeout = 5
"""


def make_toy(project: Path, defects: str = DEFECTS) -> Path:
    """Copy the toy project to `project`, make it green, and add limits, by-name claims and defects."""
    shutil.copytree(TOY, project, ignore=shutil.ignore_patterns("__pycache__", ".claims-cache"))
    (project / "toy_witnesses" / "mixed.py").unlink()
    (project / "toy_witnesses" / "broken.py").unlink()
    shutil.rmtree(project / "ledger" / "snapshots" / "toy.mixed")
    (project / "toy_domain" / "limits.py").write_text(LIMITS)
    (project / "toy_witnesses" / "by_name.py").write_text(BY_NAME)
    (project / "toy_mutations").mkdir()
    (project / "toy_mutations" / "__init__.py").write_text('"""Toy defects."""\n')
    (project / "toy_mutations" / "seeded.py").write_text(defects)
    (project / "pyproject.toml").write_text(PYPROJECT)
    return project


def dedent(text: str) -> str:
    """Dedent a test's inline source."""
    return textwrap.dedent(text)
