"""Install typeguard's import hook over the configured domain packages.

It must run before those packages are imported: the hook instruments only
modules imported after it.  Collections are checked item by item and an
unresolvable forward reference is an error, so an ill-typed call into a rule
fails loudly instead of passing by luck.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

_installed: set[str] = set()


def install_typecheck_hook(packages: Sequence[str]) -> list[str]:
    """Install the hook once per package; return packages that were imported too early to be checked."""
    wanted = [p for p in packages if p not in _installed]
    if not wanted:
        return []
    from typeguard import CollectionCheckStrategy, ForwardRefPolicy, install_import_hook
    from typeguard import config as typeguard_config

    typeguard_config.collection_check_strategy = CollectionCheckStrategy.ALL_ITEMS
    typeguard_config.forward_ref_policy = ForwardRefPolicy.ERROR
    too_early = [p for p in wanted if any(m == p or m.startswith(p + ".") for m in sys.modules)]
    install_import_hook(wanted)
    _installed.update(wanted)
    return too_early
