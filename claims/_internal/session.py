"""Start a session: read the configuration, install the type-check hook, then discover.

The order matters: typeguard instruments only modules imported after its
hook, so the hook goes in before any witness (and so any domain) imports.
"""

from __future__ import annotations

import sys

from attrs import frozen

from claims._internal.config import Config, load_config
from claims._internal.discovery import Discovery, discover
from claims._internal.profiles import chosen_profile, load_when_imported
from claims._internal.typecheck import install_typecheck_hook


@frozen
class Session:
    """Hold a configuration and what discovery found under it."""

    config: Config
    discovery: Discovery


def open_session(profile: str | None = None) -> Session:
    """Load config, install typeguard, choose the hypothesis profile, then discover witnesses."""
    config = load_config()
    load_when_imported(chosen_profile(profile))
    too_early = install_typecheck_hook(config.typecheck)
    if too_early:
        print(f"claim_batch: warning: {', '.join(too_early)} imported before the type-check hook; calls into it are not type-checked", file=sys.stderr)
    return Session(config=config, discovery=discover(config.witnesses))
