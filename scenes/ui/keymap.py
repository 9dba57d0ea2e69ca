"""Every key of the app, defined once: the name a player reads, the key codes it answers to, and
what it does where the help pages print it. Scenes ask `KEY.pressed(event)`; no scene names a key
code of its own.

Also the guard that keeps a key meant for one screen from landing on the next: a screen or dialog
can open by itself (the results after the last move, the notice that a deal is lost), and the
Enter a player pressed for their move must not answer it. So, after any screen appears, keys are
ignored for a short moment, and a key held down from before counts only once released and pressed
again; the text a key types goes where its press went. A box the player opened to type in (a name
to save under) takes keys at once: only the key that opened it is held back. With that, Enter and Space always take the harmless choice (Play on, Review, Stay, Close);
a choice that ends, deletes or throws something away takes a click or its own key, named on its
button.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


GUARD_SECONDS = 0.4  # keys are ignored this long after a screen appears (a quick second press is ~0.2 s)


@dataclass(frozen=True)
class Key:
    """A key (or a few that do the same), with Ctrl and Shift as it needs them."""

    name: str
    codes: tuple[int, ...]
    ctrl: bool = False
    shift: bool | None = None  # None: with or without Shift

    def pressed(self, event) -> bool:
        """Whether `event` presses this key (Ctrl exactly as the key wants it)."""
        if event.type != pygame.KEYDOWN or event.key not in self.codes:
            return False
        ctrl, shift = bool(event.mod & pygame.KMOD_CTRL), bool(event.mod & pygame.KMOD_SHIFT)
        return ctrl == self.ctrl and (self.shift is None or shift == self.shift)


def letter(name: str) -> Key:
    return Key(name, (getattr(pygame, f"K_{name.lower()}"),))


def pressed_in(mapping: dict, event):
    """The value that `mapping` (Key -> anything) gives the key `event` presses, or None."""
    return next((value for key, value in mapping.items() if key.pressed(event)), None)


def help_line(entries) -> str:
    """Keys and what they do, as the help pages print them: "F1 this page; Esc back to the menu"."""
    return "; ".join(f"{key.name} {does}" for key, does in entries)


# -- everywhere
ENTER = Key("Enter", (pygame.K_RETURN, pygame.K_KP_ENTER))
SPACE = Key("Space", (pygame.K_SPACE,))
ESCAPE = Key("Esc", (pygame.K_ESCAPE,))
FULLSCREEN = Key("F11", (pygame.K_F11,))
# -- speech, on every screen and at every table (scenes/speech); no other key answers to these
REPEAT_SPEECH = Key("F3", (pygame.K_F3,))
STOP_SPEECH = Key("F4", (pygame.K_F4,))
GLOBAL_KEYS = (FULLSCREEN, REPEAT_SPEECH, STOP_SPEECH)  # taken by the app before any screen sees them
LEFT = Key("Left", (pygame.K_LEFT,))
RIGHT = Key("Right", (pygame.K_RIGHT,))
UP = Key("Up", (pygame.K_UP,))
DOWN = Key("Down", (pygame.K_DOWN,))
HOME = Key("Home", (pygame.K_HOME,))
END = Key("End", (pygame.K_END,))
PAGE_UP = Key("PgUp", (pygame.K_PAGEUP,))
PAGE_DOWN = Key("PgDn", (pygame.K_PAGEDOWN,))
BACKSPACE = Key("Backspace", (pygame.K_BACKSPACE,))
DELETE = Key("Delete", (pygame.K_DELETE, pygame.K_BACKSPACE))
TAB = Key("Tab", (pygame.K_TAB,))
NEXT_CONTROL = Key("Tab", (pygame.K_TAB,), shift=False)
PREVIOUS_CONTROL = Key("Shift+Tab", (pygame.K_TAB,), shift=True)
FIELD_DONE = (ENTER, TAB, ESCAPE)  # each leaves a text or number field

# -- at a table
RULES = Key("F1", (pygame.K_F1,))
TABLE_MENU = Key("F2", (pygame.K_F2,))
UNDO = Key("Ctrl+Z", (pygame.K_z,), ctrl=True, shift=False)
REDO = Key("Ctrl+Shift+Z", (pygame.K_z,), ctrl=True, shift=True)
REDO_Y = Key("Ctrl+Y", (pygame.K_y,), ctrl=True)
SAVE = Key("Ctrl+S", (pygame.K_s,), ctrl=True)
HINT = letter("H")
ZOOM_IN = Key("+", (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS))
ZOOM_OUT = Key("-", (pygame.K_MINUS, pygame.K_KP_MINUS))
PAN_LEFT, PAN_RIGHT, PAN_UP, PAN_DOWN = letter("A"), letter("D"), letter("W"), letter("S")
FIT_BOARD = letter("F")
DRAW = letter("D")
PASS = letter("P")
TAKE = letter("T")
DRAW_STOCK, DRAW_DISCARD = letter("S"), letter("D")
LAY_CHAIN, CANCEL_CHAIN = letter("L"), letter("C")
SKIP, END_TURN, SHIFT_SUIT = letter("S"), letter("E"), letter("F")
OWN_WORD = letter("W")  # Chain-Chain letters: the picked play's two cards down, and a word of the player's own typed
WINNABLE = letter("W")

# -- reading the table aloud (scenes/table/speaking.py), on any turn
READ_HAND = Key("1", (pygame.K_1, pygame.K_KP1))
READ_BOARD = Key("2", (pygame.K_2, pygame.K_KP2))
READ_SCORES = Key("3", (pygame.K_3, pygame.K_KP3))
READ_RECENT = Key("4", (pygame.K_4, pygame.K_KP4))
READ_MORE = Key("5", (pygame.K_5, pygame.K_KP5))
READ_TARGETS = Key("6", (pygame.K_6, pygame.K_KP6))
READ_TURN = Key("7", (pygame.K_7, pygame.K_KP7))
READ_KEYS = Key("0", (pygame.K_0, pygame.K_KP0))
READING_KEYS = ((READ_HAND, "reads your hand"), (READ_BOARD, "the table"), (READ_SCORES, "the scores"),
                (READ_RECENT, "the last moves"), (READ_MORE, "the rest (event, tokens, piles)"),
                (READ_TARGETS, "where the picked card can go"), (READ_TURN, "whose turn and what to do"),
                (READ_KEYS, "these keys"))

# -- answers that end, delete or throw something away: each its own key, named on its button
QUIT = letter("Q")
LEAVE = letter("L")
CLOSE_TABLE = letter("C")
RESTART = letter("R")
END_DEAL = letter("E")
DELETE_GAME = letter("D")
RESET_RECORDS = letter("R")
NEXT_GAME = letter("N")
RETRY_DEAL = letter("R")
REPLACE_SAVE = letter("R")
REPLACE_GAME = letter("R")

# -- replays and reviews
NEXT_VIEWER = letter("V")
REVIEW = letter("V")
WATCH_EARLIER = letter("W")
PREVIOUS_COSTLY = Key("P or PgUp", (pygame.K_p, pygame.K_PAGEUP))
NEXT_COSTLY = Key("N or PgDn", (pygame.K_n, pygame.K_PAGEDOWN))

TABLE_COMMANDS = ((UNDO, "takes a move back"), (REDO, f"(or {REDO_Y.name}) plays it again"),
                  (SAVE, "saves the game under a name"), (TABLE_MENU, "the table menu (restart, seats)"),
                  (FULLSCREEN, "fullscreen"), (RULES, "this page"), (ESCAPE, "back to the menu"))
REVIEW_KEYS = ((UP, "and Down: the previous or next decision"), (PREVIOUS_COSTLY, "and N or PgDn: the costly ones"))


# Every key of the app and what it does, where it works: the Keys page of the F1 sheet is made
# from this list (tests/test_speech.py checks that it names every key above).
KEY_PAGE = (
    ("On every screen", (
        ((RULES,), "the rules of the game at a table, and this page (Left or Right turns to it)"),
        ((REPEAT_SPEECH,), "says the last spoken line again"),
        ((STOP_SPEECH,), "stops speech"),
        ((FULLSCREEN,), "fullscreen on or off"),
        ((NEXT_CONTROL, PREVIOUS_CONTROL), "go to the next control or the one before; each is said as it is reached"),
        ((UP, DOWN), "do the same where a screen has no other use for them"),
        ((LEFT, RIGHT), "change the chooser or the number the focus is on"),
        ((ENTER, SPACE), "press the focused button; with no control focused, the harmless answer"),
        ((ESCAPE,), "back, or closes a box without an answer"),
        ((PAGE_UP, PAGE_DOWN), "scroll this sheet, or a screen longer than the window (large text); the wheel too"))),
    ("Typing a name or a number", (
        ((BACKSPACE,), "takes back the last character"),
        ((LEFT, RIGHT, HOME, END), "keep a value offered whole, to type on at its end"),
        ((TAB,), "(or Enter or Esc) leaves the field"))),
    ("At a table", (
        ((LEFT, RIGHT), "pick a card of your hand"),
        ((UP, DOWN), "pick where it goes"),
        ((ENTER,), "plays the card picked there"),
        ((HINT,), "shows a hint"),
        ((UNDO,), "takes a move back"),
        ((REDO, REDO_Y), "play it again"),
        ((SAVE,), "saves the game under a name"),
        ((TABLE_MENU,), "the table menu (restart, seats)"),
        ((DRAW, PASS), "Chains: draw, or pass"),
        ((TAKE,), "Chain-Chain: takes the pile"),
        ((OWN_WORD,), "Chain-Chain letters: puts the picked play's two cards down to type a word of your own, then Enter"),
        ((DRAW_STOCK, DRAW_DISCARD), "LINX: draw from the stock, or take the discard"),
        ((LAY_CHAIN, CANCEL_CHAIN, DELETE), "LINX: lay the chain being built, cancel it, or send the chain card picked back to the hand"),
        ((ZOOM_IN, ZOOM_OUT), "Cubes: zoom the board"),
        ((PAN_LEFT, PAN_RIGHT, PAN_UP, PAN_DOWN), "Cubes: move the board"),
        ((FIT_BOARD,), "Cubes: fit the board in view"),
        ((SKIP, END_TURN, SHIFT_SUIT), "Sovereign's Chain: skip, end the turn, shift the suit"),
        ((WINNABLE,), "the solitaire: whether the deal can still be won"))),
    ("Reading the table aloud, on any turn and in replays and reviews", (
        ((READ_HAND,), "your hand, by group, and what each card can do now"),
        ((READ_BOARD,), "the table: the chains, the pile or the board (Cubes row by row)"),
        ((READ_SCORES,), "the scores"), ((READ_RECENT,), "the last moves"),
        ((READ_MORE,), "the rest: the event, the tokens and the piles, what each seat took"),
        ((READ_TARGETS,), "where the picked card can go (in Cubes, with what lies around each place)"),
        ((READ_TURN,), "whose turn it is and what to do, with the keys that answer now"),
        ((READ_KEYS,), "the keys of this table"))),
    ("Answers that end, delete or throw something away (each named on its button)", (
        ((QUIT,), "quits the app"), ((LEAVE,), "leaves a table over the network"),
        ((CLOSE_TABLE,), "closes a table you set up on a server, before its game starts"),
        ((RESTART,), "restarts the deal"), ((END_DEAL,), "ends the solitaire's deal"),
        ((DELETE_GAME,), "deletes a kept game"), ((RESET_RECORDS,), "resets a game's records"),
        ((NEXT_GAME,), "the next game, on the results"), ((RETRY_DEAL,), "the same deal again, on the results"),
        ((REVIEW,), "reviews the game, on the results"),
        ((REPLACE_SAVE,), "replaces a saved game of the same name"),
        ((REPLACE_GAME,), "replaces the game in progress"),
        ((WATCH_EARLIER,), "watches a game of earlier rules as a replay"))),
    ("Replays and reviews", (
        ((LEFT, RIGHT), "the move before or after"),
        ((HOME, END), "the first or the last move"),
        ((NEXT_VIEWER,), "whose view the replay shows"),
        ((UP, DOWN), "the decision before or after, in a review"),
        ((PREVIOUS_COSTLY, NEXT_COSTLY), "the costly decision before or after"))),
)


def key_page() -> list[str]:
    """The Keys page: a paragraph a section, each key with what it does."""
    return [f"{heading}. " + "; ".join(f"{' or '.join(key.name for key in keys)}: {does}" for keys, does in entries) + "."
            for heading, entries in KEY_PAGE]


def named(label: str, key: Key) -> str:
    """A button's label with the key that presses it: "End the deal (E)"."""
    return f"{label} ({key.name})"


def pressing(*keys: Key) -> str:
    """A button's note naming the keys that press it, where its label has no room for them."""
    return "press " + " or ".join(key.name for key in keys)


class KeyGuard:
    """Which key presses reach the screen on top (see the module's docstring). Time is the app's
    own: it moves on with each frame and each idle wait, so tests drive it frame by frame."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.opened_at = -GUARD_SECONDS
        self.held: set[int] = set()   # keys down now
        self.stale: set[int] = set()  # keys down since before the screen appeared, or during its first moment
        self.text_held_back = False  # the last key press was held back: the text it types is too

    def tick(self, seconds: float) -> None:
        self.clock += seconds

    @property
    def settling(self) -> bool:
        """Whether the screen on top appeared too recently to take keys."""
        return self.clock - self.opened_at < GUARD_SECONDS

    def screen_opened(self, settle: bool = True) -> None:
        """A screen appeared: keys held now are stale; with `settle`, every key for a moment."""
        if settle:
            self.opened_at = self.clock
        self.stale |= self.held
        self.text_held_back = bool(self.held)  # the text of the key that opened it is still to come

    def passes(self, event) -> bool:
        """Whether `event` goes on to the screen; key presses it holds back are forgotten."""
        if event.type == pygame.KEYDOWN:
            self.held.add(event.key)
            if self.settling:
                self.stale.add(event.key)
            self.text_held_back = event.key in self.stale
            return not self.text_held_back
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            self.stale.discard(event.key)
            self.text_held_back = False  # a key's text comes before it is released
        elif event.type == pygame.TEXTINPUT:
            return not self.settling and not self.text_held_back
        return True
