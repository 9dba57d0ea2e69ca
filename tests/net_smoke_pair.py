"""Runs a host and a joiner of the app (`--smoke-host`, `--smoke-join`) as two processes over
loopback: the unit tests run them from the source, the packaging tests from the built executables."""

from __future__ import annotations

import json
import subprocess


def play_over_loopback(command: list[str], env: dict, cwd, seconds: float = 150) -> tuple[str, str]:
    """Start `command --smoke-host`, read its port and room, run `command --smoke-join` against it;
    both must exit 0. Their outputs, host's then joiner's."""
    host = subprocess.Popen([*command, "--smoke-host"], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        table = json.loads(host.stdout.readline())
        joiner = subprocess.run([*command, "--smoke-join", f"ws://127.0.0.1:{table['port']}", table["room"],
                                 "--smoke-seed", "7"], cwd=cwd, env=env, capture_output=True, text=True,
                                timeout=seconds)
        host_output, host_errors = host.communicate(timeout=seconds)
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()
    joined = joiner.stdout.replace("\r\n", "\n")
    assert joiner.returncode == 0, joined + joiner.stderr
    assert host.returncode == 0, host_output + host_errors
    return host_output.replace("\r\n", "\n"), joined
