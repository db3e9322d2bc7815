"""Register and load the derandomised hypothesis profile mutation runs use, so kills are reproducible."""

from __future__ import annotations

PROFILE = "claims-mutation"


def use_mutation_profile(max_examples: int = 10) -> None:
    """Load a small, derandomised, database-free profile; call it before any witness imports.

    Hypothesis copies the default settings when a test is decorated, so a
    profile loaded after the witnesses import would not reach them.  Repeated
    in-process runs of one test trip `differing_executors`, hence the suppression.
    """
    from hypothesis import HealthCheck, Phase, settings

    settings.register_profile(
        PROFILE,
        derandomize=True,
        database=None,
        max_examples=max_examples,
        deadline=None,
        print_blob=False,
        # A kill needs one failing example, not the smallest: shrinking would only spend the mutant's time.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
        suppress_health_check=[HealthCheck.differing_executors, HealthCheck.too_slow],
    )
    settings.load_profile(PROFILE)
