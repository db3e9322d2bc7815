"""Witness the typed remote steps: mkdir argvs and writes sealed to their own directory."""

from __future__ import annotations

import hashlib

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import value_fields as vf
from domain.core.outcome import Refused
from domain.spark import remote_steps
from domain.spark.remote_steps import FileTreeScope, MkdirStep, TypedRemoteFileWrite, WriteOutsideScope
from witnesses.core import strategies as near
from witnesses.core.fixtures import ValueRefused, constructed

witness = Witness("spark.remote_steps")

SCOPE = FileTreeScope(root="/srv/gunbc/engram/manifests/gunbc-v41-tp4")


@witness.positive(
    "A write directly inside its scope is sealed with the sha256 its readback must show.",
    rules=[remote_steps.seal_remote_file_write, remote_steps.render_remote_step],
)
def a_write_inside_its_scope_is_sealed() -> None:
    write = check.admitted(remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/m.json", b"{}\n", SCOPE))
    check.equal("readback digest", write.readback_sha256, hashlib.sha256(b"{}\n").hexdigest())
    check.contains("rendered", "(3 bytes, sha256 ", remote_steps.render_remote_step(write))
    check.equal("mkdir argv", remote_steps.mkdir_step("srv5", SCOPE.root).argv, ("mkdir", "-p", SCOPE.root))


@witness.refusal(
    "A write that escapes its scope by a dot-dot path is refused at its path, so no write step renders.",
    rules=[remote_steps.seal_remote_file_write, remote_steps.render_remote_step],
    reasons=[because(WriteOutsideScope, at="$.path", saying="not a file directly inside the sealed scope")],
)
def a_write_escaping_its_scope_is_refused():
    return remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/../m.json", b"{}", SCOPE)


@witness.refusal(
    "A write into a subdirectory of its scope is refused: the seal is to the directory itself.",
    rules=[remote_steps.seal_remote_file_write],
    reasons=[because(WriteOutsideScope, at="$.path", saying="sub/m.json")],
)
def a_write_into_a_subdirectory_is_refused():
    return remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/sub/m.json", b"{}", SCOPE)


@witness.refusal(
    "An absolute path spelled with a dot segment, or a relative path, is refused even when it normalizes into its scope.",
    rules=[remote_steps.seal_remote_file_write],
    reasons=[
        because(
            WriteOutsideScope,
            at="$.path",
            saying=f"{SCOPE.root}/./m.json is not a file directly inside the sealed scope {SCOPE.root}",
        ),
        because(
            WriteOutsideScope,
            at="$.path",
            saying="manifests/m.json is not a file directly inside the sealed scope manifests",
        ),
    ],
)
def an_unnormal_or_relative_path_is_refused():
    dotted = remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/./m.json", b"{}", SCOPE)
    relative = remote_steps.seal_remote_file_write("srv5", "manifests/m.json", b"{}", FileTreeScope(root="manifests"))
    return Refused((*check.refused(dotted), *check.refused(relative)))


@witness.positive(
    "A sealed write carries any bytes, even none.",
    rules=[vf.strict_bytes],
)
def a_write_carries_any_bytes() -> None:
    write = check.admitted(remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/m.json", b"", SCOPE))
    check.equal("content", write.content, b"")


@witness.refusal(
    "A write whose content is text, not bytes, is refused at construction, naming the class and field.",
    rules=[vf.strict_bytes],
    reasons=[
        because(ValueRefused, at="construction", saying="TypedRemoteFileWrite.content: expected bytes, got str '{}'")
    ],
)
def a_text_content_is_refused():
    return constructed(
        lambda: TypedRemoteFileWrite(
            host="srv5", path=f"{SCOPE.root}/m.json", content="{}", scope=SCOPE, readback_sha256="0"
        )
    )  # type: ignore[arg-type]


@witness.property(
    "A file directly inside any near miss of the scope's directory is outside the seal, and the exact directory admits.",
    rules=[remote_steps.seal_remote_file_write],
)
@settings(max_examples=30)
@given(near.near_misses(SCOPE.root))
@example(near.extended(SCOPE.root, "x"))
@example(near.extended(SCOPE.root, "-next"))
@example(near.strict_prefix(SCOPE.root))
@example(near.strict_prefix(SCOPE.root, len("/srv/gunbc/engram/manifests")))
@example(near.case_flipped(SCOPE.root, 5))
@example(near.padded(SCOPE.root, after=" "))
@example(near.lookalike(SCOPE.root))
def a_file_beside_a_near_miss_of_the_scope_is_refused(miss: str) -> None:
    check.admitted(remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/m.json", b"{}", SCOPE))
    reasons = check.refused(remote_steps.seal_remote_file_write("srv5", f"{miss}/m.json", b"{}", SCOPE))
    check.equal(
        f"{miss!r}/m.json refused at",
        [(type(r), r.where, r.why) for r in reasons],
        [(WriteOutsideScope, "$.path", f"{miss}/m.json is not a file directly inside the sealed scope {SCOPE.root}")],
    )


@witness.positive(
    "A remote step renders as the one line an operator reads: a mkdir as its host and whole argv, a sealed write as its host, path, byte count, digest and scope, landing only on a matching readback.",
    rules=[remote_steps.render_remote_step],
)
def each_remote_step_renders_whole_on_one_line() -> None:
    check.equal(
        "mkdir",
        remote_steps.render_remote_step(remote_steps.mkdir_step("srv6", "/srv/a b")),
        "run on srv6: mkdir -p /srv/a b",
    )
    content = b"{}\n"
    write = check.admitted(
        remote_steps.seal_remote_file_write("srv7", "/srv/m/x.json", content, remote_steps.FileTreeScope(root="/srv/m"))
    )
    check.equal(
        "write",
        remote_steps.render_remote_step(write),
        "write-file on srv7: /srv/m/x.json (3 bytes, sha256 "
        "ca3d163bab055381827226140568f3bef7eaac187cebd76878e0b63e9e442356) "
        "sealed to FileTreeScope(/srv/m); lands when the readback digest matches",
    )


@witness.positive(
    "A scope spelled with a trailing slash, a doubled slash or a dot segment seals exactly the files directly inside the directory it names, and its write renders the scope as declared.",
    rules=[remote_steps.seal_remote_file_write, remote_steps.render_remote_step],
)
def a_scope_seals_the_directory_it_names_however_spelled() -> None:
    for spelled in ("/srv/m/", "/srv//m", "/srv/./m", "/srv/x/../m"):
        scope = FileTreeScope(root=spelled)
        write = check.admitted(remote_steps.seal_remote_file_write("srv5", "/srv/m/x.json", b"{}", scope))
        check.equal(f"{spelled!r} sealed path", write.path, "/srv/m/x.json")
        check.contains(
            f"{spelled!r} rendered", f"sealed to FileTreeScope({spelled});", remote_steps.render_remote_step(write)
        )
        for outside in ("/srv/m/sub/x.json", "/srv/x.json", "/srv/mm/x.json"):
            reasons = check.refused(remote_steps.seal_remote_file_write("srv5", outside, b"{}", scope))
            check.equal(f"{spelled!r} seals out {outside}", [type(r) for r in reasons], [WriteOutsideScope])


@witness.positive(
    "A sealed write renders its size in bytes, never characters: a two-character UTF-8 text of three bytes says 3 bytes, and bytes that are no text still say their count.",
    rules=[remote_steps.seal_remote_file_write, remote_steps.render_remote_step],
)
def a_sealed_write_renders_its_size_in_bytes() -> None:
    for content, size in (("é\n".encode(), 3), ("{}\n".encode("utf-16"), 8), (b"\xff\x00", 2)):
        write = check.admitted(remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/m.json", content, SCOPE))
        check.contains(
            f"{content!r} rendered", f"/m.json ({size} bytes, sha256 ", remote_steps.render_remote_step(write)
        )


@witness.property(
    "Every remote step keeps its value whole in any shape: a mkdir renders its directory verbatim (any case, digit, dot, space or non-ASCII letter), and a sealed write's readback digest is the sha256 of all its bytes, of any length, even none.",
    rules=[remote_steps.seal_remote_file_write, remote_steps.render_remote_step],
)
@settings(max_examples=30)
@given(st.text(min_size=1, max_size=40), st.binary(max_size=64))
@example("/srv/Engram-2.X/Row Stores/é", b"")
@example("/srv/m", bytes(range(256)) * 20)
def every_remote_step_keeps_its_value_whole(directory: str, content: bytes) -> None:
    check.equal(
        f"mkdir of {directory!r}",
        remote_steps.render_remote_step(remote_steps.mkdir_step("srv5", directory)),
        f"run on srv5: mkdir -p {directory}",
    )
    write = check.admitted(remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/m.json", content, SCOPE))
    check.equal(f"digest of {len(content)} bytes", write.readback_sha256, hashlib.sha256(content).hexdigest())


@witness.positive(
    "A mkdir step renders every word of its argv, however many it has (three, four or six).",
    rules=[remote_steps.render_remote_step],
)
def a_mkdir_renders_every_word_of_its_argv() -> None:
    for argv in (("mkdir", "-p", "/a"), ("mkdir", "-p", "-v", "/a"), ("mkdir", "-p", "-m", "0750", "-v", "/a")):
        check.equal(
            f"{len(argv)} words",
            remote_steps.render_remote_step(MkdirStep(host="srv8", argv=argv)),
            "run on srv8: " + " ".join(argv),
        )


@witness.refusal(
    "A path ending in a slash names a directory, not a file, so a write to it is refused even when it normalizes into its scope.",
    rules=[remote_steps.seal_remote_file_write],
    reasons=[
        because(
            WriteOutsideScope,
            at="$.path",
            saying=f"{SCOPE.root}/m.json/ is not a file directly inside the sealed scope {SCOPE.root}",
        )
    ],
)
def a_path_ending_in_a_slash_is_refused():
    return remote_steps.seal_remote_file_write("srv5", f"{SCOPE.root}/m.json/", b"{}", SCOPE)


@witness.positive(
    "A scope at the root directory seals the files directly under it: /m.json is sealed, /srv/m.json is not.",
    rules=[remote_steps.seal_remote_file_write],
)
def a_root_scope_seals_the_files_directly_under_it() -> None:
    root = FileTreeScope(root="/")
    check.equal(
        "/m.json", check.admitted(remote_steps.seal_remote_file_write("srv5", "/m.json", b"{}", root)).path, "/m.json"
    )
    reasons = check.refused(remote_steps.seal_remote_file_write("srv5", "/srv/m.json", b"{}", root))
    check.equal("/srv/m.json", [type(r) for r in reasons], [WriteOutsideScope])


@witness.positive(
    "A sealed write keeps and renders its host, its whole path and its byte count exactly: a dotted, uppercase or hyphenated host, a path of any length (short, or past 80 characters), content of none, one or many bytes.",
    rules=[remote_steps.seal_remote_file_write, remote_steps.render_remote_step],
)
def a_sealed_write_renders_whole_in_every_shape() -> None:
    long_root = "/srv/gunbc/engram/manifests/" + "deep-" * 16 + "tp4"
    for host in ("srv5", "srv5.lab.example", "Srv-6"):
        for root in (SCOPE.root, long_root, "/m"):
            for content in (b"", b"x", b"{}\n" * 700):
                path, scope = f"{root}/row-store-manifest.json", FileTreeScope(root=root)
                write = check.admitted(remote_steps.seal_remote_file_write(host, path, content, scope))
                check.equal(f"{host} host kept", write.host, host)
                check.equal(
                    f"{host} {len(path)}-character path, {len(content)} bytes",
                    remote_steps.render_remote_step(write),
                    f"write-file on {host}: {path} ({len(content)} bytes, sha256 {hashlib.sha256(content).hexdigest()}) "
                    f"sealed to FileTreeScope({root}); lands when the readback digest matches",
                )


@witness.positive(
    "Any file directly inside its scope is sealed whatever its name's spelling: non-ASCII, a space, a leading dot, digits only, uppercase, a long name.",
    rules=[remote_steps.seal_remote_file_write],
)
def any_direct_child_is_sealed_whatever_its_name() -> None:
    for name in ("manifeste-été.json", "row stores.json", ".hidden", "12371", "MANIFEST.JSON", "m" * 200, "行.json"):
        path = f"{SCOPE.root}/{name}"
        write = check.admitted(remote_steps.seal_remote_file_write("srv5", path, b"{}", SCOPE))
        check.equal(f"{name[:20]!r} path", write.path, path)
