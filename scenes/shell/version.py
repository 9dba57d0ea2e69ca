"""The program's version: the one number in pyproject.toml.

A source checkout reads pyproject.toml; an executable reads the VERSION file build.spec writes
from it into the bundle; an installed wheel has the number in its metadata."""

from __future__ import annotations

import sys
from pathlib import Path


def program_version() -> str:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return (Path(bundle) / "VERSION").read_text(encoding="utf-8").strip()
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if pyproject.exists():
        import tomllib

        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    from importlib.metadata import version

    return version("chain-table")
