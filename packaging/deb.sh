#!/usr/bin/env bash
# Make the Linux package (.deb) from the one-folder build:
#
#   bash packaging/deb.sh [FOLDER [OUT]]
#
# FOLDER is PyInstaller's one-folder build (dist/chaintable by default). The package,
# OUT/chaintable_VERSION_ARCH.deb (OUT is dist by default), installs it as /usr/lib/chaintable, the
# launcher /usr/bin/chaintable, the menu entry and the icon in four sizes; the menu's and the icon
# theme's own dpkg triggers refresh their caches, and `dpkg -r chaintable` removes it all. Needs
# dpkg-deb and python3 (3.11 or newer) only, and no root: the package's files belong to root all
# the same (--root-owner-group).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
FOLDER=$(realpath "${1:-$ROOT/dist/chaintable}")
OUT=$(realpath -m "${2:-$ROOT/dist}")
project() { python3 "$ROOT/packaging/project.py" "$@"; }
# Debian sorts a pre-release before its release when a tilde marks it: 1.0rc1 is 1.0~rc1.
VERSION=$(project version | sed -E 's/([0-9])(a|b|rc|dev)/\1~\2/')
ARCH=$(dpkg --print-architecture)
# The executable runs on the C library it was built with and newer ones only.
GLIBC=$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)

STAGE=$(mktemp -d)
chmod 755 "$STAGE"
trap 'rm -rf "$STAGE"' EXIT
# Under /usr/lib rather than /opt: dpkg then owns no folder that other programs share, and removes
# the package without a word.
mkdir -p "$STAGE/usr/lib" "$STAGE/usr/bin" "$STAGE/usr/share/applications" "$STAGE/DEBIAN"
cp -a "$FOLDER" "$STAGE/usr/lib/chaintable"
ln -s ../lib/chaintable/chaintable "$STAGE/usr/bin/chaintable"
sed -e 's/{exec}/chaintable/' -e 's/{icon}/chaintable/' "$ROOT/assets/icons/chaintable.desktop" \
    > "$STAGE/usr/share/applications/chaintable.desktop"
chmod 644 "$STAGE/usr/share/applications/chaintable.desktop"
project icons "$STAGE/usr/share/icons/hicolor"
chmod -R u=rwX,go=rX "$STAGE/usr"
cat >"$STAGE/DEBIAN/control" <<CONTROL
Package: chaintable
Version: $VERSION
Architecture: $ARCH
Maintainer: $(project publisher)
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: libc6 (>= $GLIBC)
Section: games
Priority: optional
Description: $(project description)
 Chains, Chain-Chain, LINX, Cubes and Sovereign's Chain (with a solitaire),
 against computer players or friends at the same table.
CONTROL
mkdir -p "$OUT"
PACKAGE=$OUT/chaintable_${VERSION}_$ARCH.deb
dpkg-deb --root-owner-group --build "$STAGE" "$PACKAGE" >/dev/null
echo "$PACKAGE"
