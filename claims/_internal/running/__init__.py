"""Running claims: discover witnesses, import them safely, run each claim under supervision, judge what it returned."""
