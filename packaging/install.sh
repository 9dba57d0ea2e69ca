#!/usr/bin/env bash
# Install Chain Table from this checkout into a virtual environment, compiled, and say how to start it:
#
#   bash packaging/install.sh [VENV [EXTRAS]]
#
# VENV is .venv in the checkout by default; EXTRAS, e.g. "test", are pyproject.toml's optional
# dependencies. The install is editable (`pip install -e`: a change to the checkout needs no
# reinstall), and pip compiles only the packages it unpacks, never the checkout's own modules:
# without this script's compileall, the first start compiles them all before a window shows
# (benchmarks/startup.py --after-install measures both).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=$(realpath -m "${1:-$ROOT/.venv}")
EXTRAS=${2:-}

[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q -e "$ROOT${EXTRAS:+[$EXTRAS]}"
# The same interpreter that runs the game compiles, into each package's __pycache__.
"$VENV/bin/python" -m compileall -q -j 0 "$ROOT/game" "$ROOT/scenes"
echo "installed: start it with $VENV/bin/chaintable"
