"""Declare the seeded defects of publishing a packet (seed B2): an overwrite instead of an exclusive link, a temp file left, an unchecked name or root."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import packet_publish

W = "edges.packet_publish"

publish_overwrites = Defect(
    id="edges.publish_overwrites",
    target=packet_publish.publish_packet,
    intent="Rename the packet into place with os.replace instead of an exclusive os.link, so a second publish silently overwrites the first (seed B2: exclusive fresh artifacts).",
    patch=("os.link(temp, final)", "os.replace(temp, final)"),
    must_red={f"{W}.a_published_packet_is_never_overwritten"},
    must_green={f"{W}.a_fresh_packet_is_published"},
)

publish_leaves_its_temp = Defect(
    id="edges.publish_leaves_its_temp",
    target=packet_publish.publish_packet,
    intent="Leave the temp file beside the packet, so the evidence root holds a half-named copy of every packet.",
    patch=("path.unlink()", "pass"),
    must_red={f"{W}.a_fresh_packet_is_published", f"{W}.a_published_packet_is_never_overwritten"},
)

publish_skips_the_name_check = Defect(
    id="edges.publish_skips_the_name_check",
    target=packet_publish.publish_packet,
    intent="Publish under any name, so `../p.json` lands outside the evidence root.",
    patch=("if isinstance(named, Refused):", "if False:"),
    must_red={f"{W}.an_unsafe_name_writes_nothing"},
)

publish_skips_the_root_check = Defect(
    id="edges.publish_skips_the_root_check",
    target=packet_publish.publish_packet,
    intent="Skip the evidence-root check, so a missing root surfaces as an opaque file-system failure instead of being named.",
    patch=("if not evidence_root.is_dir():", "if False:"),
    must_red={f"{W}.a_missing_evidence_root_is_refused"},
)

any_link_failure_taken_for_an_existing_packet = Defect(
    id="edges.any_link_failure_taken_for_an_existing_packet",
    target=packet_publish.publish_packet,
    intent="Catch every link failure as an existing packet, so a file system refusing the link (EPERM, EXDEV, EMLINK, ENOSPC) is reported as a packet already published.",
    patch=("        except FileExistsError:", "        except OSError:"),
    must_red={f"{W}.a_link_refused_for_another_reason_is_a_failed_publish"},
)

temp_owned_only_once_written = Defect(
    id="edges.temp_owned_only_once_written",
    target=packet_publish.publish_packet,
    intent="Take the temp file as this publish's only once its bytes are written and synced, so a write or fsync the disk refuses leaves a temp file in the evidence root.",
    patch=(
        "        made.append(temp)\n"
        "        try:\n"
        "            view = memoryview(payload)\n"
        "            while view:\n"
        "                view = view[os.write(fd, view) :]\n"
        "            os.fsync(fd)\n"
        "        finally:\n"
        "            os.close(fd)\n",
        "        try:\n"
        "            view = memoryview(payload)\n"
        "            while view:\n"
        "                view = view[os.write(fd, view) :]\n"
        "            os.fsync(fd)\n"
        "        finally:\n"
        "            os.close(fd)\n"
        "        made.append(temp)\n",
    ),
    must_red={f"{W}.a_packet_the_disk_refuses_leaves_no_temp_file"},
)

large_payload_written_empty = Defect(
    id="edges.large_payload_written_empty",
    target=packet_publish.publish_packet,
    intent="Stop writing a payload of 1 MiB or more after its first write, publishing it cut short while every smaller packet lands whole.",
    patch=(
        "view = view[os.write(fd, view) :]",
        'view = view[os.write(fd, view) :] if len(payload) < 1 << 20 else b""',
    ),
    must_red={"edges.packet_publish.a_payload_of_any_size_under_any_name_is_published_whole"},
)

empty_payload_leaves_its_temp = Defect(
    id="edges.empty_payload_leaves_its_temp",
    target=packet_publish.publish_packet,
    intent="Remove the temp file only when the payload is not empty, so an empty packet leaves a temp file in the evidence root.",
    patch=("        for path in made:\n", "        for path in (made if payload else []):\n"),
    must_red={"edges.packet_publish.a_payload_of_any_size_under_any_name_is_published_whole"},
)

uppercase_names_open_the_temp_shared = Defect(
    id="edges.uppercase_names_open_the_temp_shared",
    target=packet_publish.publish_packet,
    intent="Create the temp file exclusively only for a lowercase packet name, so a taken temp name of a name with an uppercase letter is opened and written through.",
    patch=("os.O_WRONLY | os.O_CREAT | os.O_EXCL,", "os.O_WRONLY | os.O_CREAT | (os.O_EXCL if name.islower() else 0),"),
    must_red={"edges.packet_publish.a_taken_temp_name_is_left_alone_for_any_name"},
)
