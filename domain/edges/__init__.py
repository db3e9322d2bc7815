"""The command-line edges: pure rules of what each command decides, and the thin I/O shells that run them.

Pure (claimed and mutated like every rule): `command_output` (lines and exit
codes), `dry_run_command` and `verdict_command` (what a command line asks,
what it prints), `out_path` (which `--out` may take a report).  I/O, claimed
in a temporary folder: `report_file` (inspect `--out`, write atomically),
`packet_publish` (exclusive publish), `streams` (bounded reads, whole
escaped writes), and the shells `launch_dry_run` and `native_verdict`.
Rules outside this package never import it.
"""
