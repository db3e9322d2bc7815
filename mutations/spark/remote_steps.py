"""Declare the seeded defects of the typed remote steps (seed A4: a manifest write sealed to its own directory, readback-verified)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import remote_steps

seal_allows_subdirectories = Defect(
    id="spark.seal_allows_subdirectories",
    target=remote_steps.seal_remote_file_write,
    intent="Seal a write anywhere below its scope by a prefix test instead of directly inside it (seed A4: sealed to its own directory).",
    patch=(
        "posixpath.dirname(normal) != posixpath.normpath(scope.root)",
        'not normal.startswith(posixpath.normpath(scope.root) + "/")',
    ),
    must_red={"spark.remote_steps.a_write_into_a_subdirectory_is_refused"},
    must_green={"spark.remote_steps.a_write_escaping_its_scope_is_refused"},
)

seal_judges_the_normalised_path = Defect(
    id="spark.seal_judges_the_normalised_path",
    target=remote_steps.seal_remote_file_write,
    intent="Judge only where a path normalises to, so a relative path or one spelled with a dot segment is sealed as written.",
    patch=('not path.startswith("/") or normal != path or ', ""),
    must_red={"spark.remote_steps.an_unnormal_or_relative_path_is_refused"},
)

write_line_without_its_size = Defect(
    id="spark.write_line_without_its_size",
    target=remote_steps.render_remote_step,
    intent="Render a sealed write's line without its byte count, so an operator cannot see how much the readback must verify.",
    patch=("({len(step.content)} bytes, sha256 {step.readback_sha256})", "(sha256 {step.readback_sha256})"),
    must_red={"spark.remote_steps.a_write_inside_its_scope_is_sealed"},
)

seal_reads_the_scope_as_spelled = Defect(
    id="spark.seal_reads_the_scope_as_spelled",
    target=remote_steps.seal_remote_file_write,
    intent="Compare a write's directory with its scope's root as spelled, so a scope written `/srv/m/` or `/srv/./m` refuses the very files directly inside it.",
    patch=(
        "posixpath.dirname(normal) != posixpath.normpath(scope.root)",
        "posixpath.dirname(normal) != scope.root",
    ),
    must_red={"spark.remote_steps.a_scope_seals_the_directory_it_names_however_spelled"},
)

write_line_names_the_files_directory = Defect(
    id="spark.write_line_names_the_files_directory",
    target=remote_steps.render_remote_step,
    intent="Render a sealed write's scope as its file's directory instead of the scope it was sealed to, so an operator never reads the scope as declared.",
    patch=("FileTreeScope({step.scope.root})", "FileTreeScope({posixpath.dirname(step.path)})"),
    must_red={"spark.remote_steps.a_scope_seals_the_directory_it_names_however_spelled"},
)

write_size_in_characters = Defect(
    id="spark.write_size_in_characters",
    target=remote_steps.render_remote_step,
    intent="Render a sealed write's size as its decoded characters, a wrong unit, so a multi-byte UTF-8 manifest says fewer bytes than land.",
    patch=("({len(step.content)} bytes,", "({len(step.content.decode())} bytes,"),
    must_red={"spark.remote_steps.a_sealed_write_renders_its_size_in_bytes"},
)

mkdir_lowercases_its_directory = Defect(
    id="spark.mkdir_lowercases_its_directory",
    target=remote_steps.mkdir_step,
    intent="Plan `mkdir -p` of a lowercased directory, so a directory spelled with an uppercase letter is never the one created.",
    patch=('argv=("mkdir", "-p", directory)', 'argv=("mkdir", "-p", directory.lower())'),
    must_red={"spark.remote_steps.every_remote_step_keeps_its_value_whole"},
)

readback_digest_of_a_prefix = Defect(
    id="spark.readback_digest_of_a_prefix",
    target=remote_steps.seal_remote_file_write,
    intent="Digest only the first 4096 bytes, so a long manifest's readback verifies none of its tail.",
    patch=("digest = hashlib.sha256(content).hexdigest()", "digest = hashlib.sha256(content[:4096]).hexdigest()"),
    must_red={"spark.remote_steps.every_remote_step_keeps_its_value_whole"},
)

mkdir_line_drops_middle_words = Defect(
    id="spark.mkdir_line_drops_middle_words",
    target=remote_steps.render_remote_step,
    intent="Render a mkdir as its first two words and its last, so an argv of more than three words hides its options.",
    patch=("{' '.join(step.argv)}", "{' '.join(step.argv[:2] + step.argv[-1:])}"),
    must_red={"spark.remote_steps.a_mkdir_renders_every_word_of_its_argv"},
)

seal_admits_a_trailing_slash = Defect(
    id="spark.seal_admits_a_trailing_slash",
    target=remote_steps.seal_remote_file_write,
    intent="Admit a path ending in a slash (a directory) when it normalizes into the scope.",
    patch=("normal != path or", "(normal != path and not path.endswith('/')) or"),
    must_red={"spark.remote_steps.a_path_ending_in_a_slash_is_refused"},
)

root_scope_seals_nothing = Defect(
    id="spark.root_scope_seals_nothing",
    target=remote_steps.seal_remote_file_write,
    intent="Strip the scope's trailing slash after normalizing, so a scope at the root directory seals no file at all.",
    patch=(
        "posixpath.dirname(normal) != posixpath.normpath(scope.root)",
        "posixpath.dirname(normal) != posixpath.normpath(scope.root).rstrip('/')",
    ),
    must_red={"spark.remote_steps.a_root_scope_seals_the_files_directly_under_it"},
)

sealed_write_host_cut_at_its_dot = Defect(
    id="spark.sealed_write_host_cut_at_its_dot",
    target=remote_steps.seal_remote_file_write,
    intent="Keep only a host's first label on a sealed write, so the manifest meant for srv5.lab lands on whatever srv5 resolves to.",
    patch=(
        "return Admitted(TypedRemoteFileWrite(host=host,",
        "return Admitted(TypedRemoteFileWrite(host=host.split('.')[0],",
    ),
    must_red={"spark.remote_steps.a_sealed_write_renders_whole_in_every_shape"},
)

long_write_path_rendered_by_basename = Defect(
    id="spark.long_write_path_rendered_by_basename",
    target=remote_steps.render_remote_step,
    intent="Show a write's path past 80 characters by its file name only, so an operator cannot read where a deep manifest lands.",
    patch=(
        'f"write-file on {step.host}: {step.path} (',
        'f"write-file on {step.host}: {step.path if len(step.path) <= 80 else posixpath.basename(step.path)} (',
    ),
    must_red={"spark.remote_steps.a_sealed_write_renders_whole_in_every_shape"},
)

empty_write_says_no_bytes = Defect(
    id="spark.empty_write_says_no_bytes",
    target=remote_steps.render_remote_step,
    intent="Say 'no bytes' instead of the count for an empty write, so the rendered size is no longer a number.",
    patch=("({len(step.content)} bytes,", "({len(step.content) or 'no'} bytes,"),
    must_red={"spark.remote_steps.a_sealed_write_renders_whole_in_every_shape"},
)

seal_refuses_a_non_ascii_name = Defect(
    id="spark.seal_refuses_a_non_ascii_name",
    target=remote_steps.seal_remote_file_write,
    intent="Refuse any path with a non-ASCII character, so a manifest named in the operator's language is never sealed though it lies inside its scope.",
    patch=(
        '    if not path.startswith("/") or normal != path',
        '    if not path.isascii() or not path.startswith("/") or normal != path',
    ),
    must_red={"spark.remote_steps.any_direct_child_is_sealed_whatever_its_name"},
)
