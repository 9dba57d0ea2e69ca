"""Runs a host and a joiner of the app (`--smoke-host`, `--smoke-join`) as two processes over
loopback: the unit tests run them from the source, the packaging tests from the built executables."""

from __future__ import annotations

import json
import subprocess


def play_over_loopback(host_command: list[str], join_command: list[str], env: dict, cwd,
                       seconds: float = 150) -> tuple[str, str]:
    """Start `host_command --smoke-host`, read its port and room, run `join_command --smoke-join`
    against it; both must exit 0. Their outputs (lines ending in LF), host's then joiner's."""
    host = subprocess.Popen([*host_command, "--smoke-host"], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        first = host.stdout.readline()
        if not first.startswith("{"):
            host.wait(timeout=seconds)
            raise AssertionError(f"the host told no table: {first}{host.stdout.read()}{host.stderr.read()[-3000:]}")
        table = json.loads(first)
        joiner = subprocess.run([*join_command, "--smoke-join", f"ws://127.0.0.1:{table['port']}", table["room"],
                                 "--smoke-seed", "7"], cwd=cwd, env=env, capture_output=True, text=True,
                                timeout=seconds)
        host.wait(timeout=seconds)  # its output is a few lines: the pipe never fills
        host_output, host_errors = first + host.stdout.read(), host.stderr.read()
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()
    joined = joiner.stdout.replace("\r\n", "\n")
    assert joiner.returncode == 0, joined + joiner.stderr
    assert host.returncode == 0, host_output + host_errors
    return host_output.replace("\r\n", "\n"), joined
