"""Render and read the vLLM Engram request in vLLM's own dotted form.

Seed A2: `VllmEngramConfigRequest` is vLLM d2d649e6's EngramConfig request,
rendered as `--engram-config.cpu_offload true --engram-config.dp_shared_memory
false`.  vLLM's FlexibleArgumentParser rewrites dotted keys into nested JSON
(`--engram-config '{"cpu_offload": true, "dp_shared_memory": false}'`), so the
words stay plain and fit a systemd `ExecStart=` line.  The reader here is the
same rewrite, strict: every key known, every value a JSON boolean, each once.
"""

from __future__ import annotations

from attrs import field, frozen

from domain import value_fields as vf
from domain.outcome import Admitted, Reason, Refused

ENGRAM_CONFIG_FLAG = "--engram-config"
ENGRAM_CONFIG_KEYS = ("cpu_offload", "dp_shared_memory")
"""The EngramConfig keys the request sets, in rendering order."""


@frozen
class VllmEngramConfigRequest:
    """Request vLLM's Engram config: offload to CPU memory, share across data-parallel ranks."""

    cpu_offload: bool = field(validator=vf.strict_bool)
    dp_shared_memory: bool = field(validator=vf.strict_bool)


V41_ENGRAM_REQUEST = VllmEngramConfigRequest(cpu_offload=True, dp_shared_memory=False)
"""What V4.1 decides (seed A3): the file-backed Engram request, cpu_offload true, dp_shared_memory false."""


class EngramRequestAbsent(Reason):
    """An argv carries no `--engram-config.*` word at all."""


class EngramKeyUnknown(Reason):
    """A dotted `--engram-config.<key>` names no key of the request."""


class EngramKeyRepeated(Reason):
    """A dotted key is given twice, so one value would silently win."""


class EngramValueNotBoolean(Reason):
    """A dotted key's value is not the JSON boolean `true` or `false`."""


class EngramValueMissing(Reason):
    """A dotted key ends the argv, or is followed by another flag, with no value."""


class EngramKeyMissing(Reason):
    """A key of the request is not given, so vLLM's default would decide it silently."""


def _json_bool(value: bool) -> str:
    return "true" if value else "false"


def engram_config_flags(request: VllmEngramConfigRequest) -> tuple[str, ...]:
    """Render the request as vLLM's dotted flags: plain words for an `ExecStart=` line."""
    return (
        f"{ENGRAM_CONFIG_FLAG}.cpu_offload",
        _json_bool(request.cpu_offload),
        f"{ENGRAM_CONFIG_FLAG}.dp_shared_memory",
        _json_bool(request.dp_shared_memory),
    )


def engram_request_of_flags(argv: tuple[str, ...]) -> Admitted[VllmEngramConfigRequest] | Refused:
    """Read the Engram request back out of an argv's dotted words, refusing any loose word."""
    prefix = f"{ENGRAM_CONFIG_FLAG}."
    values: dict[str, bool] = {}
    reasons: list[Reason] = []
    found = False
    for index, word in enumerate(argv):
        if not word.startswith(prefix):
            continue
        found = True
        key = word[len(prefix):]
        where = f"$.argv[{index}]"
        if key not in ENGRAM_CONFIG_KEYS:
            reasons.append(EngramKeyUnknown(where=where, why=f"{word} names no Engram key; known: {', '.join(ENGRAM_CONFIG_KEYS)}"))
            continue
        if key in values:
            reasons.append(EngramKeyRepeated(where=where, why=f"{word} is given again after it was already set"))
            continue
        if index + 1 >= len(argv) or argv[index + 1].startswith("--"):
            reasons.append(EngramValueMissing(where=where, why=f"{word} has no value; expected true or false"))
            continue
        value = argv[index + 1]
        if value not in ("true", "false"):
            reasons.append(
                EngramValueNotBoolean(where=f"$.argv[{index + 1}]", why=f"{word} has value {value!r}; expected true or false")
            )
            continue
        values[key] = value == "true"
    if not found:
        return Refused((EngramRequestAbsent(where="$.argv", why=f"no {prefix}* word in {len(argv)} argv words"),))
    for key in ENGRAM_CONFIG_KEYS:
        if key not in values and not any(w == f"{prefix}{key}" for w in argv):
            reasons.append(EngramKeyMissing(where="$.argv", why=f"{prefix}{key} is not given; vLLM's default would decide it"))
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(VllmEngramConfigRequest(cpu_offload=values["cpu_offload"], dp_shared_memory=values["dp_shared_memory"]))
