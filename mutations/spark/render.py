"""Declare the seeded defects of the renderers: each rank's vLLM words, `docker create` argv and unit (seed A2).

Each models an element of the rendered argv or unit gone missing or taken
from the wrong field; the rendered words are what lands on a host.
"""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import render

every_rank_binds_the_head_address = Defect(
    id="spark.every_rank_binds_the_head_address",
    target=render.docker_create_argv,
    intent="Bind every rank's VLLM_HOST_IP to the head's rail address instead of its own, so followers' collectives answer on the head's address.",
    patch=("VLLM_HOST_IP={rank.host.fabric_address}", "VLLM_HOST_IP={plan.master_addr}"),
    must_red={"spark.render.head_serves_and_followers_run_headless"},
)

every_mount_read_only = Defect(
    id="spark.every_mount_read_only",
    target=render.docker_create_argv,
    intent="Render every mount read-only, so the Engram touch-receipt directory the overlay writes is mounted ro (seed A4: the receipt directory is writable).",
    patch=("{'ro' if mount.read_only else 'rw'}", "ro"),
    must_red={"spark.v41_group_a_launch.v41_engram_env_and_three_mounts_ride_under_gunbc_v41_tp4"},
)

unit_starts_detached = Defect(
    id="spark.unit_starts_detached",
    target=render.render_unit,
    intent="Start the container without --attach, so its output never reaches the unit's log (seed A2: create-then-start attached).",
    patch=("ExecStart={DOCKER} start --attach {name}", "ExecStart={DOCKER} start {name}"),
    must_red={"spark.render.a_unit_creates_then_starts_attached"},
)

systemd_dollar_not_doubled = Defect(
    id="spark.systemd_dollar_not_doubled",
    target=render.systemd_word,
    intent="Double only `%` in a systemd word, so a `$` in an argv word is expanded by systemd on the Exec line.",
    patch=('escaped = word.replace("%", "%%").replace("$", "$$")', 'escaped = word.replace("%", "%%")'),
    must_red={"spark.render.systemd_words_escape_specifiers"},
)

utilization_unpadded = Defect(
    id="spark.utilization_unpadded",
    target=render.utilization_words,
    intent="Drop the two-place padding, so 8000 bp renders 0.8 instead of vLLM's 0.80.",
    patch=('.rstrip("0").ljust(2, "0")', '.rstrip("0") or "0"'),
    must_red={"spark.render.utilization_renders_exactly_from_basis_points"},
)

prefix_caching_off_not_rendered = Defect(
    id="spark.prefix_caching_off_not_rendered",
    target=render.vllm_serve_args,
    intent="Test prefix caching for truth instead of presence, so an explicit off renders nothing and vLLM's default (on) serves (seed A4, #12371: --no-enable-prefix-caching).",
    patch=("if profile.enable_prefix_caching is not None:", "if profile.enable_prefix_caching:"),
    must_red={"spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape"},
)

plain_word_judged_stripped = Defect(
    id="spark.plain_word_judged_stripped",
    target=render.systemd_word,
    intent="Judge a word plain after stripping its surrounding whitespace, so ` a` or `a ` renders unquoted and systemd drops the space.",
    patch=("if _PLAIN_WORD.fullmatch(word):", "if _PLAIN_WORD.search(word.strip()):"),
    must_red={
        "spark.render.systemd_words_with_whitespace_are_quoted_whole",
        "spark.render.every_word_reads_back_as_itself",
    },
)

plain_word_admits_a_space = Defect(
    id="spark.plain_word_admits_a_space",
    target=render.systemd_word,
    intent="Count a space among a plain word's characters, so `x=y z` renders unquoted and systemd splits it into two words.",
    patch=("if _PLAIN_WORD.fullmatch(word):", 'if re.fullmatch(r"[A-Za-z0-9@+=:,./_ -]+", word):'),
    must_red={
        "spark.render.systemd_words_with_whitespace_are_quoted_whole",
        "spark.render.every_word_reads_back_as_itself",
    },
)

plain_word_admits_a_single_quote = Defect(
    id="spark.plain_word_admits_a_single_quote",
    target=render.systemd_word,
    intent="Count a single quote among a plain word's characters, so `it's` renders bare and systemd reads its quote as the start of a quoted word.",
    patch=("if _PLAIN_WORD.fullmatch(word):", 'if _PLAIN_WORD.fullmatch(word.replace("\'", "")):'),
    must_red={"spark.render.a_word_is_bare_exactly_when_every_character_is_plain"},
)

plain_word_matched_up_to_a_trailing_newline = Defect(
    id="spark.plain_word_matched_up_to_a_trailing_newline",
    target=render.systemd_word,
    intent="Judge a word plain by `.match` against a `$`-anchored pattern, so `a\\n` renders bare and its newline ends the Exec line inside the unit file.",
    patch=("if _PLAIN_WORD.fullmatch(word):", "if _PLAIN_WORD.match(word):"),
    must_red={
        "spark.render.a_word_with_a_line_break_stays_on_its_line",
        "spark.render.every_word_reads_back_as_itself",
    },
)

line_breaks_quoted_raw = Defect(
    id="spark.line_breaks_quoted_raw",
    target=render.systemd_word,
    intent="Quote a word holding a line break without writing the break as a C escape, so the raw newline still ends the Exec line and what follows it becomes a directive.",
    patch=('.replace("\\n", "\\\\n").replace("\\r", "\\\\r")', ""),
    must_red={
        "spark.render.a_word_with_a_line_break_stays_on_its_line",
        "spark.render.every_word_reads_back_as_itself",
    },
)

only_the_first_percent_doubled = Defect(
    id="spark.only_the_first_percent_doubled",
    target=render.systemd_word,
    intent="Double only a word's first `%`, so a word holding two leaves the second as a specifier systemd expands.",
    patch=('escaped = word.replace("%", "%%")', 'escaped = word.replace("%", "%%", 1)'),
    must_red={"spark.render.every_word_reads_back_as_itself"},
)

kv_cache_dtype_lowercased = Defect(
    id="spark.kv_cache_dtype_lowercased",
    target=render.vllm_serve_args,
    intent="Render the KV cache dtype lowercased, so a dtype spelled with an uppercase letter is not the one the profile names.",
    patch=(
        'words += ["--kv-cache-dtype", profile.kv_cache_dtype]',
        'words += ["--kv-cache-dtype", profile.kv_cache_dtype.lower()]',
    ),
    must_red={"spark.render.five_mounts_and_an_uppercase_kv_dtype_parse_back"},
)

fifth_mount_dropped = Defect(
    id="spark.fifth_mount_dropped",
    target=render.docker_create_argv,
    intent="Bind only the first four mounts, so an arm with the checkpoint and four extra mounts loses its last.",
    patch=("    for mount in plan.mounts:\n", "    for mount in plan.mounts[:4]:\n"),
    must_red={"spark.render.five_mounts_and_an_uppercase_kv_dtype_parse_back"},
)

auto_tokenizer_mode_dropped = Defect(
    id="spark.auto_tokenizer_mode_dropped",
    target=render.vllm_serve_args,
    intent="Render no --tokenizer-mode when the row names `auto`, so a mode the row states is left to vLLM's default (seed A2: only an absent mode renders no flag).",
    patch=("if parsers.tokenizer_mode is not None:", 'if parsers.tokenizer_mode not in (None, "auto"):'),
    must_red={"spark.render.a_pinned_image_an_auto_tokenizer_and_expandable_values_parse_back"},
)

image_digest_pin_dropped = Defect(
    id="spark.image_digest_pin_dropped",
    target=render.docker_create_argv,
    intent="Cut the image at its `@`, so a digest-pinned image runs whatever tag the registry now serves.",
    patch=(
        'argv += ["--entrypoint", "vllm", plan.request.image]',
        'argv += ["--entrypoint", "vllm", plan.request.image.split("@")[0]]',
    ),
    must_red={"spark.render.a_pinned_image_an_auto_tokenizer_and_expandable_values_parse_back"},
)

description_host_cut_at_its_dot = Defect(
    id="spark.description_host_cut_at_its_dot",
    target=render.render_unit,
    intent="Name only the host's first label in the unit description, so srv1.lab and srv1.prod read alike.",
    patch=("on {rank.host.name})", "on {rank.host.name.split('.')[0]})"),
    must_red={"spark.render.every_unit_line_keeps_its_value_whole_in_every_spelling"},
)

stop_names_a_truncated_container = Defect(
    id="spark.stop_names_a_truncated_container",
    target=render.render_unit,
    intent="Stop the container by its first 40 characters, so a long-named arm's ExecStop stops nothing.",
    patch=(
        'f"ExecStop={DOCKER} stop --time {STOP_TIMEOUT_SECONDS} {name}"',
        'f"ExecStop={DOCKER} stop --time {STOP_TIMEOUT_SECONDS} {name[:40]}"',
    ),
    must_red={"spark.render.every_unit_line_keeps_its_value_whole_in_every_spelling"},
)

privileged_port_served_on_loopback = Defect(
    id="spark.privileged_port_served_on_loopback",
    target=render.vllm_serve_args,
    intent="Bind the head to 127.0.0.1 when its serve port is below 1024, so an arm serving on 80 or 443 answers no other host.",
    patch=(
        '["--host", "0.0.0.0", "--port", str(request.serve_port)]',
        '["--host", "0.0.0.0" if request.serve_port >= 1024 else "127.0.0.1", "--port", str(request.serve_port)]',
    ),
    must_red={"spark.render.the_head_serves_on_every_address_at_any_port"},
)

description_percent_left_to_systemd = Defect(
    id="spark.description_percent_left_to_systemd",
    target=render.render_unit,
    intent="Write the description as given, so systemd expands a `%` in it as a specifier (or refuses the unit).",
    patch=("Description={_literal(plan.request.units.description)}", "Description={plan.request.units.description}"),
    must_red={"spark.render.a_description_and_a_log_path_are_written_literally"},
)

log_path_percent_left_to_systemd = Defect(
    id="spark.log_path_percent_left_to_systemd",
    target=render.render_unit,
    intent="Write the rank's output path as given, so systemd expands a `%` in it and logs elsewhere.",
    patch=('f"StandardOutput=append:{_literal(rank.log_path)}"', 'f"StandardOutput=append:{rank.log_path}"'),
    must_red={"spark.render.a_description_and_a_log_path_are_written_literally"},
)

shell_line_quotes_only_spaced_words = Defect(
    id="spark.shell_line_quotes_only_spaced_words",
    target=render.shell_command_line,
    intent="Quote only the words of a command line that hold a space, so a quote, `$(...)`, `;` or a glob reaches the shell bare and the pasted line runs another command than the host's argv.",
    patch=("shlex.quote(word) for word in argv", "(shlex.quote(word) if ' ' in word else word) for word in argv"),
    must_red={
        "spark.render.any_argv_reads_back_from_its_command_line",
        "spark.render.awkward_words_are_quoted_and_plain_ones_left_bare",
    },
    must_green={"spark.render.every_hosts_command_line_reads_back_as_its_argv"},
)

shell_line_quoted_for_systemd = Defect(
    id="spark.shell_line_quoted_for_systemd",
    target=render.shell_command_line,
    intent="Quote the shell command line as the unit's Exec line is quoted, so `%` and `$` are doubled and a pasted line passes 50%% where the unit passes 50%.",
    patch=("shlex.quote(word) for word in argv", "systemd_word(word) for word in argv"),
    must_red={"spark.render.any_argv_reads_back_from_its_command_line"},
)
