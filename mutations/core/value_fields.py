"""Declare the seeded defects of the field validators: a boundary moved, a type compared loosely, a blank let through.

A validator is misuse control at the edge (DESIGN: values are `@frozen`
attrs classes with validators); each defect lets one wrong value build.
"""

from __future__ import annotations

from claims.defects import Defect
from domain.core import value_fields as vf

zero_memory_builds = Defect(
    id="core.zero_memory_builds",
    target=vf.positive_int,
    intent="Accept zero where an int above zero is required, so a host of 0 GiB builds and pools nothing.",
    patch=("value <= 0", "value < 0"),
    must_red={
        "core.value_fields.memory_must_be_an_int_above_zero",
        "core.value_fields.a_group_document_with_bad_host_fields_is_refused",
    },
)

bool_passes_as_a_node_rank = Defect(
    id="core.bool_passes_as_a_node_rank",
    target=vf.non_negative_int,
    intent="Check a non-negative int with isinstance, so False builds as node rank 0 (bool is an int subclass).",
    patch=("type(value) is not int or value < 0", "not isinstance(value, int) or value < 0"),
    must_red={"core.value_fields.a_node_rank_must_be_an_int_of_zero_or_more"},
)

negative_margin_builds = Defect(
    id="core.negative_margin_builds",
    target=vf.non_negative_fraction,
    intent="Check only that a margin is a Fraction, so a negative fit margin builds.",
    patch=("type(value) is not Fraction or value < 0", "type(value) is not Fraction"),
    must_red={
        "core.value_fields.a_margin_must_be_an_exact_fraction_of_zero_or_more",
        "core.value_fields.fit_figures_below_zero_are_refused",
    },
)

one_passes_as_true = Defect(
    id="core.one_passes_as_true",
    target=vf.strict_bool,
    intent="Compare a flag with True and False by equality, so the int 1 builds as an Engram flag.",
    patch=("if type(value) is not bool:", "if value not in (True, False):"),
    must_red={"core.value_fields.an_engram_flag_must_be_a_bool"},
)

blank_address_builds = Defect(
    id="core.blank_address_builds",
    target=vf.non_empty_str,
    intent="Refuse only the empty string, so a fabric address of spaces builds.",
    patch=("not value.strip()", "not value"),
    must_red={
        "core.value_fields.a_fabric_address_must_be_a_non_blank_str",
        "core.value_fields.a_group_document_with_bad_host_fields_is_refused",
    },
)

leading_dash_name_builds = Defect(
    id="core.leading_dash_name_builds",
    target=vf.name_token,
    intent="Match names against a pattern that lets them start with '-', so a host name can read as a flag in a unit or an argv.",
    patch=("not NAME_TOKEN.fullmatch(value)", 'not re.fullmatch(r"[A-Za-z0-9._-]+", value)'),
    must_red={"core.value_fields.a_host_name_must_be_one_token"},
)

uppercase_digest_builds = Defect(
    id="core.uppercase_digest_builds",
    target=vf.sha256_digest,
    intent="Compare a config digest case-insensitively, so an image named in uppercase hex builds as another spelling of the same digest.",
    patch=("not SHA256_DIGEST.fullmatch(value)", "not SHA256_DIGEST.fullmatch(value.lower())"),
    must_red={
        "core.value_fields.a_config_digest_must_be_a_lowercase_sha256",
        "core.value_fields.an_uppercase_digest_is_refused",
    },
)

zero_basis_points_build = Defect(
    id="core.zero_basis_points_build",
    target=vf.basis_points,
    intent="Let 0 bp through the utilization validator, so a profile serving with no GPU memory builds (a share is 1..10000 bp).",
    patch=("not bp_in_unit_range(value)", "not 0 <= value <= BASIS_POINTS_PER_UNIT"),
    must_red={
        "core.value_fields.a_utilization_must_be_basis_points_in_range",
        "core.sizes.bp_in_unit_range_agrees_with_the_profile_validator",
    },
)

port_zero_builds = Defect(
    id="core.port_zero_builds",
    target=vf.port,
    intent="Move the port range's lower bound to 0, so a container with rendezvous port 0 builds.",
    patch=("not 0 < value <= MAX_PORT", "not 0 <= value <= MAX_PORT"),
    must_red={"spark.launcher.out_of_range_ports_and_a_non_string_source_are_refused"},
)

none_passes_as_a_str = Defect(
    id="core.none_passes_as_a_str",
    target=vf.strict_str,
    intent="Accept None where any str is required, so a mount with no source builds.",
    patch=("if type(value) is not str:", "if not isinstance(value, (str, type(None))):"),
    must_red={"spark.launcher.out_of_range_ports_and_a_non_string_source_are_refused"},
)

text_passes_as_bytes = Defect(
    id="core.text_passes_as_bytes",
    target=vf.strict_bytes,
    intent="Accept text where bytes are required, so a sealed write carries a str whose readback digest depends on an encoding.",
    patch=("if type(value) is not bytes:", "if not isinstance(value, (bytes, str)):"),
    must_red={"spark.remote_steps.a_text_content_is_refused"},
)

only_neighbouring_repeats_seen = Defect(
    id="core.only_neighbouring_repeats_seen",
    target=vf.distinct,
    intent="Compare each key with its neighbour only, so a host named again further down the list passes as distinct.",
    patch=("if len(set(keys)) != len(keys):", "if any(a == b for a, b in zip(keys, keys[1:])):"),
    must_red={"core.value_fields.a_distinct_validator_built_afresh_names_any_repeat"},
)

digest_matched_as_a_prefix = Defect(
    id="core.digest_matched_as_a_prefix",
    target=vf.sha256_digest,
    intent="Match a config digest by its start, so `sha256:…\\n` or a digest with a suffix builds as the digest (a `$`-anchored search lets a trailing newline through).",
    patch=("not SHA256_DIGEST.fullmatch(value)", "not SHA256_DIGEST.match(value)"),
    must_red={
        "core.value_fields.near_misses_of_a_config_digest_never_build",
        "spark.authority_log.near_misses_of_a_config_digest_are_refused",
    },
)

name_matched_as_a_prefix = Defect(
    id="core.name_matched_as_a_prefix",
    target=vf.name_token,
    intent="Match a name by its start, so `srv5\\n` builds as a host name and ends a unit file's line.",
    patch=("not NAME_TOKEN.fullmatch(value)", "not NAME_TOKEN.match(value)"),
    must_red={"core.value_fields.host_names_with_whitespace_or_look_alikes_never_build"},
)

bytearray_passes_as_bytes = Defect(
    id="core.bytearray_passes_as_bytes",
    target=vf.strict_bytes,
    intent="Check bytes with isinstance over bytes and bytearray, so a mutable bytearray builds where exact bytes (a remote file's content) are required.",
    patch=("if type(value) is not bytes:", "if not isinstance(value, (bytes, bytearray)):"),
    must_red={"core.value_fields.each_type_validator_refuses_the_near_misses_of_its_type"},
)

minus_one_is_positive = Defect(
    id="core.minus_one_is_positive",
    target=vf.positive_int,
    intent="Let -1 through as an int > 0, so a negative count builds where only zero is refused.",
    patch=(
        "    if type(value) is not int or value <= 0:",
        "    if type(value) is not int or (value <= 0 and value != -1):",
    ),
    must_red={"core.value_fields.each_type_validator_decides_every_partition_of_its_input"},
)

repeat_of_two_unnoticed = Defect(
    id="core.repeat_of_two_unnoticed",
    target=vf.distinct,
    intent="Check distinct keys only in lists other than two long, so a pair of equal names passes.",
    patch=("        if len(set(keys)) != len(keys):", "        if len(set(keys)) != len(keys) and len(keys) != 2:"),
    must_red={"core.value_fields.a_distinct_validator_names_a_repeat_at_every_size_and_position"},
)
