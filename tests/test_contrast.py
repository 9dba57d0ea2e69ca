"""Every text of the interface reads at 4.5:1 or better against what it is drawn on (WCAG AA),
computed from the theme's colours."""

from __future__ import annotations

import pytest

from scenes.ui import theme
from scenes.ui.widgets import hovered

# The grounds text is drawn on, and the colours drawn on each.
ON_TABLE = [theme.FELT, theme.FELT_DARK, theme.PANEL, theme.TAG, theme.ALERT_PANEL]
TABLE_INKS = [theme.INK, theme.INK_DIM, theme.GOLD, theme.ALERT, theme.GLOW, theme.MARK_BEST]
BUTTONS = [theme.BUTTON, theme.BUTTON_GO, theme.BUTTON_WARN, theme.BUTTON_STOP, theme.BUTTON_QUIET]
BUTTON_INKS = [theme.INK]  # a disabled button's label is INK_DIM on BUTTON_OFF
FIELDS = [theme.FIELD, theme.FIELD_FOCUSED]
FIELD_INKS = [theme.FIELD_INK, theme.FIELD_HINT, theme.FIELD_ALERT]
TEXT_COLOURS = set(TABLE_INKS + FIELD_INKS + [theme.NEW_TAG_INK])


def luminance(color) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = color[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


PAIRS = ([(ink, ground) for ink in TABLE_INKS for ground in ON_TABLE]
         + [(ink, ground) for ink in BUTTON_INKS for button in BUTTONS for ground in (button, hovered(button))]
         + [(theme.INK_DIM, theme.BUTTON_OFF)]
         + [(ink, ground) for ink in FIELD_INKS for ground in FIELDS]
         + [(theme.FIELD_INK, theme.FIELD_SELECTED)]  # a value chosen whole (never a hint)
         + [(theme.NEW_TAG_INK, theme.NEW_TAG)])


@pytest.mark.parametrize("ink, ground", PAIRS)
def test_text_contrast_is_at_least_4_5_to_1(ink, ground):
    assert contrast(ink, ground) >= 4.5, f"{ink} on {ground}: {contrast(ink, ground):.2f}:1"


def test_the_contrast_formula_matches_known_values():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_every_text_drawn_uses_a_checked_colour():
    """The layout test's screens draw text only in the colours checked above."""
    import pygame

    from scenes.shell.screens import open_app
    from scenes.ui.widgets import recording
    from test_layout import screens

    app = open_app(fit_to_desktop=False)
    app.screen = pygame.display.set_mode((1280, 800))
    unchecked = set()
    for name, scene in screens(app):
        app.reset_to(scene)
        scene.layout((1280, 800))
        with recording() as drawn:
            scene.draw(app.screen)
        unchecked |= {(name, item.color) for item in drawn if item.size and item.color not in TEXT_COLOURS}
    assert not unchecked
