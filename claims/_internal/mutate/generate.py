"""Generate mutmut's trampolined copy of the typecheck packages, reusing its operators and naming.

Each `.py` file below a `[tool.claims].typecheck` package is rewritten by
`mutmut.mutation.file_mutation.mutate_file_contents` into a tree under
`.claims-cache/mutate/tree/`; a worker puts that tree first on sys.path, so
`import domain` loads the trampolined copy and `MUTANT_UNDER_TEST` switches
mutants in-process.  Mutant ids are mutmut's (`domain.fit_wall.x_rule__mutmut_3`),
so `mutmut show ID` and `mutations/equivalent.toml` use the same names.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
from pathlib import Path

from attrs import frozen

from claims.atomic import write_atomically
from claims.errors import ConfigError

MANIFEST = "manifest.json"


@frozen
class Mutant:
    """Name one mutant: its id, its module, and the mangled function it mutates with that function's hash."""

    id: str
    module: str
    function: str
    function_hash: str


def package_folder(package: str, root: Path) -> Path:
    """Return a top-level package's folder under the project root, without importing it."""
    folder = root / package.replace(".", "/")
    if (folder / "__init__.py").is_file():
        return folder
    spec = importlib.util.find_spec(package) if "." not in package else None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    raise ConfigError(f"[tool.claims].typecheck names {package!r}, which is not a package folder under {root}")


def module_name(package: str, folder: Path, path: Path) -> str:
    """Return the dotted module name of a file inside a package folder."""
    parts = list(path.relative_to(folder).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_mutmut_config(packages: tuple[str, ...]) -> None:
    """Load mutmut's configuration (its pragmas and do_not_mutate_patterns apply), defaulting its source paths to ours."""
    from mutmut import configuration

    if configuration._config is not None:
        return
    guess = configuration._guess_source_paths
    # mutmut guesses the code folder from the project name and fails when it cannot;
    # the typecheck packages are the answer here.
    configuration._guess_source_paths = lambda: [p.replace(".", "/") for p in packages]
    try:
        configuration.config()
    finally:
        configuration._guess_source_paths = guess


def generate(packages: tuple[str, ...], root: Path, tree: Path) -> list[Mutant]:
    """Write the trampolined tree (regenerating only changed files) and return every mutant, sorted by id."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    load_mutmut_config(packages)
    from mutmut import configuration
    from mutmut.utils.format_utils import mangled_name_from_mutant_name

    settings = configuration.config()

    manifest_path = tree / MANIFEST
    old = json.loads(manifest_path.read_text()) if manifest_path.is_file() else {}
    new: dict[str, dict[str, object]] = {}
    mutants: list[Mutant] = []
    for package in packages:
        folder = package_folder(package, root)
        for path in sorted(folder.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            rel = f"{package.replace('.', '/')}/{path.relative_to(folder).as_posix()}"
            out = tree / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            # mutmut's own `do_not_mutate` globs (in [tool.mutmut]) hold here too.
            if path.suffix != ".py" or not settings.should_mutate(rel):
                shutil.copyfile(path, out)
                continue
            source = path.read_text(encoding="utf-8")
            digest = _digest(source)
            cached = old.get(rel)
            if isinstance(cached, dict) and cached.get("digest") == digest and out.is_file():
                new[rel] = cached
            else:
                mutated = mutate_file_contents(rel, source)
                write_atomically(out, mutated.code.encode("utf-8"))
                new[rel] = {"digest": digest, "names": list(mutated.mutant_names), "hashes": dict(mutated.hash_by_function_name)}
            module = module_name(package, folder, path)
            hashes, names = new[rel]["hashes"], new[rel]["names"]
            assert isinstance(hashes, dict) and isinstance(names, list)
            for name in names:
                function = mangled_name_from_mutant_name(name)
                mutants.append(Mutant(id=f"{module}.{name}", module=module, function=f"{module}.{function}", function_hash=str(hashes.get(function, ""))))
    write_atomically(manifest_path, (json.dumps(new, indent=1, sort_keys=True) + "\n").encode())
    return sorted(mutants, key=lambda m: m.id)
