#!/usr/bin/env bash
# Make the Windows installer from the Windows one-folder build:
#
#   bash packaging/installer.sh [FOLDER [OUT]]
#
# FOLDER is the one-folder build (dist/windows/chaintable by default); the installer is
# OUT/chaintable-VERSION-setup.exe (OUT is dist/windows by default), from packaging/chaintable.nsi
# with pyproject.toml's version and publisher. Needs NSIS's makensis (Debian's `nsis`; on Windows,
# NSIS 3) and python3 (3.11 or newer).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
FOLDER=$(realpath "${1:-$ROOT/dist/windows/chaintable}")
OUT=$(realpath -m "${2:-$ROOT/dist/windows}")
project() { python3 "$ROOT/packaging/project.py" "$@"; }
# makensis on Windows wants Windows paths; Git Bash's cygpath makes them.
native() { if command -v cygpath >/dev/null; then cygpath -w "$1"; else printf '%s' "$1"; fi; }

VERSION=$(project version)
mkdir -p "$OUT"
INSTALLER=$OUT/chaintable-$VERSION-setup.exe
makensis -V2 -DVERSION="$VERSION" -DVERSION4="$(project windows-version)" -DPUBLISHER="$(project publisher)" \
    -DSOURCE="$(native "$FOLDER")" -DICON="$(native "$ROOT/assets/icons/chaintable.ico")" \
    -DOUTFILE="$(native "$INSTALLER")" "$(native "$ROOT/packaging/chaintable.nsi")"
echo "$INSTALLER"
