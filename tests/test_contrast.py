"""Every text of the interface reads at 4.5:1 or better against what it is drawn on (WCAG AA),
computed from the theme's colours."""

from __future__ import annotations

import pytest

from scenes.ui import theme
from scenes.ui.widgets import hovered

def grounds_and_inks():
    """The grounds text is drawn on and the colours drawn on each, in the contrast chosen now:
    (table grounds, table inks, buttons, button inks, fields, field inks)."""
    return ([theme.FELT, theme.FELT_DARK, theme.PANEL, theme.TAG, theme.ALERT_PANEL],
            [theme.INK, theme.INK_DIM, theme.GOLD, theme.ALERT, theme.GLOW, theme.MARK_BEST],
            [theme.BUTTON, theme.BUTTON_GO, theme.BUTTON_WARN, theme.BUTTON_STOP, theme.BUTTON_QUIET],
            [theme.INK],  # a disabled button's label is INK_DIM on BUTTON_OFF
            [theme.FIELD, theme.FIELD_FOCUSED],
            [theme.FIELD_INK, theme.FIELD_HINT, theme.FIELD_ALERT])


def text_colours() -> set:
    _g, table_inks, _b, _bi, _f, field_inks = grounds_and_inks()
    return set(table_inks + field_inks + [theme.NEW_TAG_INK])


def luminance(color) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = color[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def pairs() -> list[tuple]:
    on_table, table_inks, buttons, button_inks, fields, field_inks = grounds_and_inks()
    return ([(ink, ground) for ink in table_inks for ground in on_table]
            + [(ink, ground) for ink in button_inks for button in buttons for ground in (button, hovered(button))]
            + [(theme.INK_DIM, theme.BUTTON_OFF)]
            + [(ink, ground) for ink in field_inks for ground in fields]
            + [(theme.FIELD_INK, theme.FIELD_SELECTED)]  # a value chosen whole (never a hint)
            + [(theme.NEW_TAG_INK, theme.NEW_TAG)])


# The least contrast of each: the standard colours meet WCAG AA (4.5:1), high contrast AAA (7:1).
CONTRASTS = {"standard": (False, 4.5), "high": (True, 7.0)}


@pytest.fixture(params=list(CONTRASTS))
def least(request):
    high, least = CONTRASTS[request.param]
    theme.set_contrast(high)
    yield least
    theme.set_contrast(False)


def test_text_contrast_is_at_least_4_5_to_1_and_7_to_1_in_high_contrast(least):
    weak = [f"{ink} on {ground}: {contrast(ink, ground):.2f}:1" for ink, ground in pairs() if contrast(ink, ground) < least]
    assert not weak


def test_high_contrast_changes_every_ground_and_ink_and_goes_back():
    standard = pairs()
    theme.set_contrast(True)
    high = pairs()
    theme.set_contrast(False)
    assert pairs() == standard
    assert not {ink for ink, _g in standard} & {ink for ink, _g in high} - {theme.CARD_BLACK, theme.NEW_TAG_INK}


def test_a_colour_a_control_kept_follows_the_contrast_chosen():
    kept = theme.BUTTON_GO  # a button made before the switch
    theme.set_contrast(True)
    try:
        assert theme.live(kept) == theme.BUTTON_GO == theme.HIGH_CONTRAST["BUTTON_GO"]
    finally:
        theme.set_contrast(False)
    assert theme.live(kept) == kept


def test_the_contrast_formula_matches_known_values():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_every_text_drawn_uses_a_checked_colour(least):
    """The layout test's screens draw text only in the colours checked above, in each contrast."""
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
        unchecked |= {(name, item.color) for item in drawn if item.size and item.color not in text_colours()}
    assert not unchecked


def test_high_contrast_chosen_in_settings_redraws_the_screen_at_once(driver):
    driver.app.screens.settings()
    scene = driver.app.top
    contrast_row = scene.cyclers["high_contrast"]
    try:
        driver.click(contrast_row.rect.move(contrast_row.rect.w - 10, 0).midleft)
        assert driver.app.settings["high_contrast"]
        driver.frame()
        back = scene.back.rect
        assert driver.app.screen.get_at((2, 2))[:3] == theme.HIGH_CONTRAST["FELT"]
        assert driver.app.screen.get_at((back.x + 6, back.centery))[:3] == theme.HIGH_CONTRAST["BUTTON"], \
            "the Back button, made before the switch, is drawn in high contrast too"
    finally:
        theme.set_contrast(False)
