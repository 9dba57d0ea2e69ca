"""Colours and proportions shared by every scene."""

FELT = (22, 92, 62)
FELT_DARK = (15, 66, 45)
FELT_SHADOW = (8, 40, 27)    # the felt's edges, darkened towards the window's corners
PANEL = (12, 40, 30)
PANEL_EDGE = (60, 120, 90)
INK = (240, 240, 232)
INK_DIM = (195, 212, 203)   # secondary text: at least 4.5:1 on every background it is drawn on
INK_FAINT = (110, 130, 120)  # lines and edges only, never text
GOLD = (245, 200, 80)
GLOW = (90, 225, 250)       # a legal target, on every table: an aqua that is no suit's colour in any game
FOCUS_RING = (255, 255, 255)  # round the control the keyboard focus is on (Tab)
CHOSEN = (255, 255, 255)    # the target picked by keyboard: a broad white ring edged in aqua
MARK_BEST = (160, 235, 170)  # a review's best move (good is GOLD, costly ALERT)
ALERT = (255, 185, 175)
ALERT_PANEL = (70, 25, 25)
TAG = (20, 40, 30)           # small labels drawn over the board
BUTTON = (28, 85, 130)
BUTTON_GO = (25, 95, 50)     # start, play, next game
BUTTON_WARN = (115, 72, 20)  # pass, take the pile
BUTTON_STOP = (120, 50, 50)  # quit, remove
BUTTON_QUIET = (70, 75, 72)  # clear
BUTTON_OFF = (70, 85, 80)
FIELD = (225, 230, 225)
FIELD_FOCUSED = (250, 250, 245)
FIELD_INK = (20, 30, 25)
FIELD_SELECTED = (178, 206, 238)  # behind a field's text chosen whole: the next letter replaces it
FIELD_HINT = (90, 100, 95)
FIELD_ALERT = (165, 20, 30)  # a number typed out of its range
CARD_FACE = (252, 250, 244)
CARD_EDGE = (120, 120, 120)
CARD_RED = (200, 30, 40)
CARD_BLACK = (25, 25, 30)
NEW_TAG, NEW_TAG_INK = (245, 200, 80), (25, 25, 30)  # the "new" tag on a card just come into the hand
CARD_BLUE = (25, 80, 190)
CARD_GREEN = (20, 125, 55)
CARD_BACKS = {"blue": ((40, 70, 150), (70, 100, 180)), "red": ((150, 30, 40), (195, 80, 80))}  # base, pattern
CARD_BACK_LINE = (230, 230, 240)
CARD_RATIO = 1.4
CARD_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.15, "larger": 1.5, "largest": 2.0}  # the card-size setting: a factor on every card
BASE_SIZE = (1280, 800)

# -- type and spacing scales. Every text size and gap a layout draws with is one of these steps, in pixels of the
# 1280x800 base window; a scene scales it to the window with `scene.px(theme.STEP)`.
# Text, smallest to largest:
#   FINE 13 counts and tags on cards | CAPTION 14 captions, footnotes | SMALL 15 dense panels' lines
#   BODY 16 running text, lists, logs | NOTE 17 one-line notes under a heading | LABEL 18 labels,
#   messages, buttons in panels | EMPHASIS 19 a bold name or mode over its block | CONTROL 20 fields,
#   menu rows | BUTTON 22 a screen's buttons | LEAD 24 a screen's main choices | HEADING 26 a
#   dialog's question or title | PANEL_TITLE 30 a boxed screen's title | TITLE 40 a screen's title.
# Spacing, tightest to widest:
#   HAIR 2 a rule, an inset edge | TIGHT 4 a ring or caption against its thing | SNUG 6 inside tags
#   and chips | SMALL 8 between items of one group | NARROW 10 a panel's padding | CLOSE 12 between
#   rows of a list | SPACE 14 the gap between controls, a box's padding | WIDE 16 a screen's side
#   inset | LARGE 20 between groups | XLARGE 24 between panels | SECTION 40 between a screen's
#   sections, twice its margin.
# A measure that is neither (a card's proportion, an icon's geometry, a box's width) is a named
# constant of the module that draws it.
TEXT_FINE, TEXT_CAPTION, TEXT_SMALL, TEXT_BODY, TEXT_NOTE = 13, 14, 15, 16, 17
TEXT_LABEL, TEXT_EMPHASIS, TEXT_CONTROL, TEXT_BUTTON, TEXT_LEAD = 18, 19, 20, 22, 24
TEXT_HEADING, TEXT_PANEL_TITLE, TEXT_TITLE = 26, 30, 40
SPACE_HAIR, SPACE_TIGHT, SPACE_SNUG, SPACE_SMALL, SPACE_NARROW, SPACE_CLOSE = 2, 4, 6, 8, 10, 12
SPACE, SPACE_WIDE, SPACE_LARGE, SPACE_XLARGE, SPACE_SECTION = 14, 16, 20, 24, 40

COMPUTER_PACE = {"slow": 1.4, "normal": 0.75, "fast": 0.3}

# -- high contrast (Settings: Contrast): black grounds, white and yellow inks, every text at 7:1 or
# better (tests/test_contrast.py). The cards keep their faces: they are black and red on white.
HIGH_CONTRAST = {
    "FELT": (0, 0, 0), "FELT_DARK": (0, 0, 0), "FELT_SHADOW": (0, 0, 0), "PANEL": (0, 0, 0),
    "PANEL_EDGE": (255, 255, 255), "INK": (255, 255, 255), "INK_DIM": (255, 255, 170), "INK_FAINT": (200, 200, 200),
    "GOLD": (255, 225, 0), "GLOW": (0, 255, 255), "CHOSEN": (255, 255, 255), "FOCUS_RING": (255, 225, 0),
    "MARK_BEST": (130, 255, 130), "ALERT": (255, 150, 150), "ALERT_PANEL": (60, 0, 0), "TAG": (0, 0, 0),
    "BUTTON": (0, 0, 110), "BUTTON_GO": (0, 70, 0), "BUTTON_WARN": (90, 45, 0), "BUTTON_STOP": (110, 0, 0),
    "BUTTON_QUIET": (45, 45, 45), "BUTTON_OFF": (35, 35, 35),
    "FIELD": (255, 255, 255), "FIELD_FOCUSED": (255, 255, 255), "FIELD_INK": (0, 0, 0),
    "FIELD_SELECTED": (170, 205, 255), "FIELD_HINT": (70, 70, 70), "FIELD_ALERT": (160, 0, 0),
}
STANDARD = {name: globals()[name] for name in HIGH_CONTRAST}
_LIVE: dict[tuple, tuple] = {}  # a standard colour kept by a control made before the switch: its colour now


def set_contrast(high: bool) -> None:
    """The interface's colours, standard or high contrast. Colours read from this module as they
    are drawn follow at once; a control that kept one when it was made follows through `live`."""
    chosen = HIGH_CONTRAST if high else STANDARD
    globals().update(chosen)
    _LIVE.clear()
    if high:
        _LIVE.update({STANDARD[name]: HIGH_CONTRAST[name] for name in HIGH_CONTRAST})


def live(color: tuple) -> tuple:
    """`color` as the contrast chosen draws it (a standard colour a control kept, in high contrast)."""
    return _LIVE.get(tuple(color), color)
