"""Draw the application icon and write it as PNG, Windows ICO and macOS ICNS.

    python assets/icons/make_icons.py

ICO and ICNS both accept PNG images inside, so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
SIZE = 256


def draw_icon(size: int) -> pygame.Surface:
    s = size / 256
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(icon, (22, 92, 62), (0, 0, size, size), border_radius=int(48 * s))
    pygame.draw.rect(icon, (245, 200, 80), (0, 0, size, size), max(2, int(6 * s)), border_radius=int(48 * s))
    for i, (x, y, color) in enumerate(((34, 70, (200, 30, 40)), (92, 52, (25, 25, 30)), (150, 34, (200, 30, 40)))):
        card = pygame.Rect(int(x * s), int(y * s), int(74 * s), int(104 * s))
        pygame.draw.rect(icon, (252, 250, 244), card, border_radius=int(10 * s))
        pygame.draw.rect(icon, (90, 90, 90), card, max(1, int(2 * s)), border_radius=int(10 * s))
        pygame.draw.circle(icon, color, card.center, int(16 * s))
    link = (245, 200, 80)
    for cx, cy in ((98, 196), (138, 196), (178, 196)):
        pygame.draw.ellipse(icon, link, (int((cx - 26) * s), int((cy - 16) * s), int(52 * s), int(32 * s)), max(3, int(9 * s)))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def write_ico(images: dict[int, bytes], path: Path) -> None:
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for size, png in sorted(images.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    path.write_bytes(header + entries + data)


def write_icns(images: dict[int, bytes], path: Path) -> None:
    kinds = {32: b"ic11", 64: b"ic12", 128: b"ic07", 256: b"ic08"}
    body = b"".join(kinds[size] + struct.pack(">I", len(png) + 8) + png for size, png in sorted(images.items()))
    path.write_bytes(b"icns" + struct.pack(">I", len(body) + 8) + body)


def main() -> None:
    pygame.init()
    images = {size: png_bytes(draw_icon(size)) for size in (32, 64, 128, 256)}
    (HERE / "chaintable.png").write_bytes(images[256])
    write_ico(images, HERE / "chaintable.ico")
    write_icns(images, HERE / "chaintable.icns")
    print("wrote chaintable.png, chaintable.ico, chaintable.icns")


if __name__ == "__main__":
    main()
