"""Colours and proportions shared by every scene."""

FELT = (22, 92, 62)
FELT_DARK = (15, 66, 45)
PANEL = (12, 40, 30)
PANEL_EDGE = (60, 120, 90)
INK = (240, 240, 232)
INK_DIM = (195, 212, 203)   # secondary text: at least 4.5:1 on every background it is drawn on
INK_FAINT = (110, 130, 120)  # lines and edges only, never text
GOLD = (245, 200, 80)
GLOW = (255, 226, 110)
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
FIELD_HINT = (90, 100, 95)
FIELD_ALERT = (165, 20, 30)  # a number typed out of its range
CARD_FACE = (252, 250, 244)
CARD_EDGE = (120, 120, 120)
CARD_RED = (200, 30, 40)
CARD_BLACK = (25, 25, 30)
CARD_BLUE = (25, 80, 190)
CARD_GREEN = (20, 125, 55)
CARD_BACKS = {"blue": ((40, 70, 150), (70, 100, 180)), "red": ((150, 30, 40), (195, 80, 80))}  # base, pattern
CARD_BACK_LINE = (230, 230, 240)
CARD_RATIO = 1.4
BASE_SIZE = (1280, 800)

COMPUTER_PACE = {"slow": 1.4, "normal": 0.75, "fast": 0.3}
