"""The probe deals its claims into jobs that shrink as the work left does, longest first, so workers end together."""

from __future__ import annotations

from claims._internal.mutation.jobs import Job
from claims._internal.mutation.probing import CLAIM_COST, PROBE_SLOWDOWN, SMALLEST, SUBJECT_COST, probe_jobs


def _planned(claims: dict[str, list[str]], limit: float = 1.0) -> list[Job]:
    """Return one planned job per subject, running the claims that name it."""
    subjects: dict[str, list[tuple[str, float]]] = {}
    for claim_id, watched in claims.items():
        for subject in watched:
            subjects.setdefault(subject, []).append((claim_id, limit))
    return [Job("defect", subject, tuple(items)) for subject, items in sorted(subjects.items())]


def test_every_covering_claim_is_probed_once_watching_every_subject_that_runs_it() -> None:
    claims = {f"w.c{n:03}": [f"s{n % 7}", f"s{n % 5 + 10}"] for n in range(60)}
    dealt = probe_jobs(_planned(claims, limit=2.0), 2, ceiling=5.0, durations={})
    seen = [(c, limit, watched) for job in dealt for (c, limit), watched in zip(job.claims, job.watch, strict=True)]
    assert sorted(c for c, _, _ in seen) == sorted(claims)
    assert {c: watched for c, _, watched in seen} == {c: tuple(sorted(w)) for c, w in claims.items()}
    assert {limit for _, limit, _ in seen} == {min(5.0, PROBE_SLOWDOWN * 2.0)}
    assert [job.ident for job in dealt] == [f"probe-{n}" for n in range(len(dealt))]
    assert all(job.kind == "probe" for job in dealt)


def test_jobs_shrink_with_the_work_left_so_the_last_are_short() -> None:
    claims = {f"w.c{n:03}": ["s"] for n in range(400)}
    durations = dict.fromkeys(claims, 0.05)
    dealt = probe_jobs(_planned(claims), 2, ceiling=60.0, durations=durations)
    sizes = [len(job.claims) for job in dealt]
    # A quarter of the work first (two workers), then a quarter of what is left, and so on down to the smallest.
    assert sizes[0] == 100 and sizes[1] == 75, sizes
    assert sizes == sorted(sizes, reverse=True), sizes
    one = 0.05 + SUBJECT_COST + CLAIM_COST
    assert max(sizes[-3:]) * one < SMALLEST + one, sizes
    assert sum(sizes) == 400


def test_the_longest_claims_go_first_and_a_claim_never_timed_counts_as_the_longest() -> None:
    claims = {f"w.c{n:03}": ["s"] for n in range(200)}
    durations = dict.fromkeys(claims, 0.01)
    durations["w.c150"] = 0.9
    durations["w.c151"] = 0.5
    del durations["w.c199"]
    dealt = probe_jobs(_planned(claims), 2, ceiling=60.0, durations=durations)
    assert [c for job in dealt for c, _ in job.claims][:3] == ["w.c150", "w.c199", "w.c151"]
    # Many watched subjects make a claim's probe longer: it goes before its equals watched for fewer.
    watched = {"w.a": ["s1"], "w.b": [f"s{n}" for n in range(40)], "w.c": ["s1", "s2"]}
    dealt = probe_jobs(_planned(watched), 2, ceiling=60.0, durations=dict.fromkeys(watched, 0.01))
    assert [c for job in dealt for c, _ in job.claims] == ["w.b", "w.c", "w.a"]


def test_nothing_to_probe_deals_no_job() -> None:
    assert probe_jobs([], 2, ceiling=60.0, durations={}) == []
