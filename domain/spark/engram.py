"""Render the vLLM Engram request in vLLM's own dotted form.

Seed A2: `VllmEngramConfigRequest` is vLLM d2d649e6's EngramConfig request,
rendered as `--engram-config.cpu_offload true --engram-config.dp_shared_memory
false`.  vLLM's FlexibleArgumentParser rewrites dotted keys into nested JSON
(`--engram-config '{"cpu_offload": true, "dp_shared_memory": false}'`), so the
words stay plain and fit a systemd `ExecStart=` line.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf

ENGRAM_CONFIG_FLAG = "--engram-config"


@frozen
class VllmEngramConfigRequest:
    """Request vLLM's Engram config: offload to CPU memory, share across data-parallel ranks."""

    cpu_offload: bool = field(validator=vf.strict_bool)
    dp_shared_memory: bool = field(validator=vf.strict_bool)


V41_ENGRAM_REQUEST = VllmEngramConfigRequest(cpu_offload=True, dp_shared_memory=False)
"""What V4.1 decides (seed A3): the file-backed Engram request, cpu_offload true, dp_shared_memory false."""


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
