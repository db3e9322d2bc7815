"""Build report models by hand: a small one with every status, and a large one shaped like this project's matrix."""

from __future__ import annotations

from collections import Counter

from claims._internal.reports.model import MutantInfo, Position, ReportModel, TestInfo

FIT_WALL = '''"""Fit wall rules."""


def headroom_gib(pool: int, used: int) -> int:
    """Return the headroom."""
    return max(pool - used, 0)


def fits(pool: int, used: int, need: int) -> bool:
    """Say whether a need fits."""
    return headroom_gib(pool, used) >= need
'''

ADMISSION = '''"""Admission rules."""


def admit(held: int, wanted: int) -> bool:
    """Admit when every wanted host is held."""
    if held < wanted:
        return False
    return True
'''

RENDER = '''"""Renderers."""


def render_unit(name: str) -> str:
    """Render a unit."""
    return f"[Unit]\\nDescription={name}\\n"
'''

WITNESS_FIT = '''"""Claims about the fit wall."""

from claims import Witness

W = Witness("spark.fit_wall")


@W.positive("A need under the headroom fits.", rules=["domain.fit_wall.fits"])
def need_under_headroom_fits():
    ...


@W.refusal("A need over the headroom is refused.", rules=["domain.fit_wall.fits"])
def need_over_headroom_is_refused():
    ...


@W.property("Headroom is never negative.", rules=["domain.fit_wall.headroom_gib"])
def headroom_never_negative():
    ...
'''

WITNESS_ADMISSION = '''"""Claims about admission."""

from claims import Witness

W = Witness("spark.admission")


@W.positive("Held hosts admit.", rules=["domain.admission.admit"])
def held_hosts_admit():
    ...


@W.refusal("An unheld host refuses.", rules=["domain.admission.admit"])
def unheld_host_refuses():
    ...


@W.snapshot("The unit renders byte for byte.", rules=["domain.native.render.render_unit"])
def unit_renders():
    ...
'''

FIT = "spark.fit_wall."
ADM = "spark.admission."
UNDER, OVER, NEVER_NEG = (
    FIT + "need_under_headroom_fits",
    FIT + "need_over_headroom_is_refused",
    FIT + "headroom_never_negative",
)
HELD, UNHELD, UNIT = ADM + "held_hosts_admit", ADM + "unheld_host_refuses", ADM + "unit_renders"

TESTS = (
    TestInfo(
        UNDER,
        "A need under the headroom fits.",
        "witnesses/spark/fit_wall.py",
        8,
        "spark.fit_wall",
        "positive",
        ("domain.fit_wall.fits",),
    ),
    TestInfo(
        OVER,
        "A need over the headroom is refused.",
        "witnesses/spark/fit_wall.py",
        13,
        "spark.fit_wall",
        "refusal",
        ("domain.fit_wall.fits",),
    ),
    TestInfo(
        NEVER_NEG,
        "Headroom is never negative.",
        "witnesses/spark/fit_wall.py",
        18,
        "spark.fit_wall",
        "property",
        ("domain.fit_wall.headroom_gib",),
    ),
    TestInfo(
        HELD,
        "Held hosts admit.",
        "witnesses/spark/admission.py",
        8,
        "spark.admission",
        "positive",
        ("domain.admission.admit",),
    ),
    TestInfo(
        UNHELD,
        "An unheld host refuses.",
        "witnesses/spark/admission.py",
        13,
        "spark.admission",
        "refusal",
        ("domain.admission.admit",),
    ),
    TestInfo(
        UNIT,
        "The unit renders byte for byte.",
        "witnesses/spark/admission.py",
        18,
        "spark.admission",
        "snapshot",
        ("domain.native.render.render_unit",),
    ),
)


def _m(
    id: str,
    file: str,
    rule: str,
    operator: str,
    line: int,
    original: str,
    replacement: str,
    status: str,
    killed_by: tuple[str, ...] = (),
    covered_by: tuple[str, ...] = (),
    *,
    reason: str | None = None,
    how: tuple[tuple[str, str], ...] = (),
    declared: bool = False,
    description: str = "",
) -> MutantInfo:
    # The mutated text is found on its line, so every position below is right by construction.
    column = 1 + SOURCES[file].splitlines()[line - 1].index(original) if file in SOURCES else 27
    return MutantInfo(
        id, declared, file, rule, operator, description, original, replacement,
        Position(line, column), Position(line, column + len(original)), status, reason, killed_by, covered_by, how,
    )  # fmt: skip


FW, AD, RE = "domain/fit_wall.py", "domain/admission.py", "domain/native/render.py"
SOURCES = {FW: FIT_WALL, AD: ADMISSION, RE: RENDER}
MANY_KILLERS = "domain.fit_wall.x_headroom_gib__mutmut_1"
ALONE = "domain.fit_wall.x_fits__mutmut_1"
SURVIVOR = "domain.admission.x_admit__mutmut_2"
EQUIVALENT = "domain.fit_wall.x_headroom_gib__mutmut_2"
DEFECT = "spark.headroom_ignores_used"

MUTANTS = (
    # Killed by three claims, each a different way: the mutant the browser test opens.
    _m(MANY_KILLERS, FW, "domain.fit_wall.headroom_gib", "mutmut.operator", 6, "-", "+", "Killed",
       (UNDER, OVER, NEVER_NEG), (UNDER, OVER, NEVER_NEG), how=((UNDER, "FAIL"), (OVER, "FAIL"), (NEVER_NEG, "ERROR by the type contract"))),
    # max(a, 0) and max(0, a) are the same value.
    _m(EQUIVALENT, FW, "domain.fit_wall.headroom_gib", "domain.min_max", 6, "max(pool - used, 0)", "max(0, pool - used)", "Ignored",
       (), (UNDER, OVER, NEVER_NEG), reason="max(a, 0) and max(0, a) are the same value"),
    _m(ALONE, FW, "domain.fit_wall.fits", "mutmut.operator", 11, ">=", ">", "Killed", (OVER,), (UNDER, OVER), how=((OVER, "FAIL"),)),
    _m("domain.fit_wall.x_fits__mutmut_2", FW, "domain.fit_wall.fits", "mutmut.operator", 11, ">=", "<=", "Timeout",
       (UNDER,), (UNDER, OVER), how=((UNDER, "timeout"),)),
    _m("domain.admission.x_admit__mutmut_1", AD, "domain.admission.admit", "mutmut.operator", 6, "<", "<=", "RuntimeError",
       (UNHELD,), (HELD, UNHELD), how=((UNHELD, "worker ended"),)),
    _m(SURVIVOR, AD, "domain.admission.admit", "mutmut.bool", 8, "True", "False", "Survived", (), (HELD,)),
    _m("domain.admission.x_admit__mutmut_3", AD, "domain.admission.admit", "mutmut.bool", 7, "False", "True", "Killed",
       (UNHELD, HELD), (HELD, UNHELD), how=((HELD, "FAIL"), (UNHELD, "FAIL"))),
    _m("domain.native.render.x_render_unit__mutmut_1", RE, "domain.native.render.render_unit", "mutmut.string", 6, 'f"[Unit]\\nDescription={name}\\n"',
       'f"XX[Unit]\\nDescription={name}\\nXX"', "NoCoverage"),
    _m("domain.native.render.x_render_unit__mutmut_2", RE, "domain.native.render.render_unit", "mutmut.string", 5, '"""Render a unit."""', '"""XXRender a unit.XX"""',
       "CompileError", reason="the docstring is not code"),
    _m(DEFECT, FW, "domain.fit_wall.headroom_gib", DEFECT, 6, "return max(pool - used, 0)", "return max(pool, 0)", "Killed",
       (UNDER, OVER), (UNDER, OVER, NEVER_NEG), how=((UNDER, "FAIL"), (OVER, "FAIL")), declared=True,
       description="Ignore the used memory: the headroom is the whole pool."),
)  # fmt: skip


def synthetic_model() -> ReportModel:
    """Return three domain files, two witness files, six claims, and a mutant of every status plus a declared defect."""
    return ReportModel(
        "/project",
        dict(SOURCES),
        MUTANTS,
        TESTS,
        {"witnesses/spark/fit_wall.py": WITNESS_FIT, "witnesses/spark/admission.py": WITNESS_ADMISSION},
        version="0.1.0",
    )


def status_counts(model: ReportModel) -> Counter[str]:
    """Count the model's mutants by status."""
    return Counter(m.status for m in model.mutants)


def big_model(mutants: int = 5000, claims: int = 320, files: int = 40) -> ReportModel:
    """Return a model shaped like this project's kill matrix: ~17 covering and ~7 killing claims a mutant."""
    tests = tuple(
        TestInfo(f"spark.witness_{i % 37}.claim_number_{i}_states_a_rule", f"Claim {i} holds.", f"witnesses/w{i % 37}.py", 1 + 5 * (i // 37),
                 f"spark.witness_{i % 37}", ("positive", "refusal", "property", "snapshot")[i % 4], (f"domain.m{i % files}.rule_{i % 90}",))
        for i in range(claims)
    )  # fmt: skip
    test_files = {
        f"witnesses/w{w}.py": "\n".join(f"def claim_{k}():\n    ...\n\n\n" for k in range(10)) for w in range(37)
    }
    lines_per_file = 2 + mutants // files
    sources = {
        f"domain/m{f}.py": "".join(f"    value_{n} = compute(a + {n}, b - 1)\n" for n in range(lines_per_file))
        for f in range(files)
    }
    infos = []
    for n in range(mutants):
        f, line = n % files, 1 + n // files
        covering = tuple(tests[(n * 7 + k * 13) % claims].id for k in range(17))
        status = "Survived" if n % 50 == 7 else "Ignored" if n % 50 == 8 else "Killed"
        killers = covering[:7] if status == "Killed" else ()
        infos.append(
            _m(f"domain.m{f}.x_rule_{n % 90}__mutmut_{n}", f"domain/m{f}.py", f"domain.m{f}.rule_{n % 90}", ("mutmut.number", "mutmut.operator", "domain.min_max")[n % 3],
               line, "+", "-", status, killers, covering, how=tuple((k, "FAIL") for k in killers),
               reason="a and b are the same value" if status == "Ignored" else None)
        )  # fmt: skip
    return ReportModel("/project", sources, tuple(infos), tests, test_files, version="0.1.0")
