"""Finished games, replayed move by move: forwards, backwards, to any move. The table is drawn as
an onlooker sees it (no hand shown), or from a seat chosen with the View button (V), its hand
shown; a solitaire from its one seat (there is nobody to hide the hand from). At the last move
every seat's cards are shown; the move log grows with the moves. The list of saved games and
replays says how each ended."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game import storage
from game.files import showable
from game.net import joined
from game.registry import find_game
from game.earlier import EARLIER_EDITION, EARLIER_RULES, recorded_moves
from game.playback import Playback
from game.tables import MAX_SAVE_DEPTH, NAME_LIMIT, EarlierEdition, SaveError, TableSession, saved_result_words
from game.wording import whose

from scenes.menus.gameover import summary_lines
from scenes.ui.scene import Scene
from scenes.ui.scrolling import PAGE_KEYS
from scenes.ui import keymap
from scenes.speech import speech
from scenes.table.turns import Turns
from scenes.ui import cardart, theme
from scenes.ui.widgets import (Button, draw_lines, draw_text, fit_text, line_height, panel, text_width, unrecorded,
                               wrap)

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BACK_MIN_H = 46
BACK_MIN_W = 160
BAR_BUTTON_MIN_W = 60  # a playback button at least
BAR_H = 64  # the playback bar; a row of the list
BOX_MAX_W = 900  # the list and the board at most
BUTTON_MIN_H = 44
CARD_MAX_W = 48  # a replayed card at most
OPEN_PADDING = 18  # inside a game's Open button
ROW_BUTTON_MIN_W = 90  # Delete and Review at least
STEP_LABEL_PADDING = 36  # around the step counter
TRACK_HALF_H = 5  # half the progress track's height

STEP_KEYS = {keymap.LEFT: -1, keymap.RIGHT: 1, keymap.HOME: -10**9, keymap.END: 10**9}
REVIEWED = ("Replay", "Online")  # the kinds of kept game offered for review: finished ones, here or at a table joined


class Watching(Turns):
    """The turns of a replayed game, seen from `viewer` (None: an onlooker, no hand shown);
    nothing moves by itself."""

    viewer: int | None = None  # in place of the seat the turns would show
    mine = False

    def __init__(self, table, viewer: int | None) -> None:
        super().__init__(table)
        self.viewer = viewer

    def update(self, dt: float) -> None:
        pass


class Replay(Scene):
    """`earlier` (session.EarlierEdition), for a game of an earlier edition of its rules: `saved`
    is the game as far as these rules replay it, and its last step shows the moves recorded
    after that, in words."""

    focus_keys = "tab"  # Left and Right step through the moves, Home and End jump

    def __init__(self, app, saved, table_class: type, earlier: EarlierEdition | None = None) -> None:
        """`saved`: a finished Session, or the playback of a game played over the network as this
        device's seat saw it (game.net.joined.SeenPlayback: watched from that seat only)."""
        super().__init__(app)
        self.earlier = earlier
        self.recorded = recorded_moves(earlier) if earlier else []
        self.playback = Playback(saved) if isinstance(saved, TableSession) else saved
        self.session = self.playback.session
        self.table = table_class(app, self.session)  # the game's own table draws each position
        self.viewers = self.playback.viewers
        self.table.turns = Watching(self.table, self.viewers[0])
        self.table.watching = True
        self.step = 0
        self.view_button = Button(self.view_label(), self.next_viewer)
        self.buttons = [Button("\u25c0\u25c0", lambda: self.go(-10**9)), Button("\u25c0", lambda: self.go(-1)),
                        Button("\u25b6", lambda: self.go(1)), Button("\u25b6\u25b6", lambda: self.go(10**9)),
                        Button("Close", app.pop)] + ([self.view_button] if len(self.viewers) > 1 else [])
        self.go(0)

    def view_label(self) -> str:
        viewer = self.table.turns.viewer
        return "View: onlooker" if viewer is None else f"View: {whose(self.session.names[viewer])} hand"

    def next_viewer(self) -> None:
        """Watch from the next seat (its hand shown), or as an onlooker again."""
        turns = self.table.turns
        turns.viewer = self.viewers[(self.viewers.index(turns.viewer) + 1) % len(self.viewers)]
        self.view_button.label = self.view_label()
        self.layout(self.app.size)

    def go(self, delta: int) -> None:
        self.step = max(0, min(len(self.playback) - 1, self.step + delta))
        self.playback.show(self.step)
        self.tell()

    def tell(self) -> None:
        """Said at each step: where the track stands and the move just made, as the viewer's move
        log words it (the first line cuts off what was being said)."""
        lines = [self.step_label(self.step)]
        move = self.table.stream.last_move if self.step else None
        if move is not None:
            lines += move.lines(self.session.names)
        for index, line in enumerate(lines + self.told_more()):
            speech().say(line, interrupt=index == 0)

    def told_more(self) -> list[str]:
        """What a step says after its move (a review's verdict)."""
        return []

    def layout(self, size) -> None:
        w, h = size
        label_w = text_width(self.step_label(len(self.playback) - 1), self.px(theme.TEXT_BODY)) + self.px(STEP_LABEL_PADDING)
        bar_h = self.place_controls(h, w, label_w, self.px(BAR_H))
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        self.table.layout((w, h - self.bar.h))

    def place_controls(self, bottom: int, w: int, label_w: int, row_least: int) -> int:
        """The bar's buttons left to right in rows ending at `bottom` (a second row where large
        text leaves one too narrow for them all), and the track with its step label (`label_w`
        wide) beside the last row's, or on a row of its own over them where they leave it too little room;
        returns the height they take."""
        px, size_b = self.px, self.px(theme.TEXT_CONTROL)
        bh = max(px(BUTTON_MIN_H), self.buttons[0].needed(size_b)[1])
        row_h = max(row_least, bh + 2 * px(theme.SPACE_TIGHT))
        rows: list[list[tuple[Button, int]]] = [[]]
        x = px(theme.SPACE_CLOSE)
        for button in self.buttons:
            bw = max(px(BAR_BUTTON_MIN_W), button.needed(size_b)[0])
            if rows[-1] and x + bw > w - px(theme.SPACE_CLOSE):
                rows.append([])
                x = px(theme.SPACE_CLOSE)
            rows[-1].append((button, bw))
            x += bw + px(theme.SPACE_SMALL)
        beside = x + px(theme.SPACE_CLOSE) + px(theme.SPACE_SECTION) + label_w <= w  # beside the last row's buttons
        track_h = 0 if beside else line_height(px(theme.TEXT_BODY)) + 2 * px(theme.SPACE_SMALL)
        top = bottom - len(rows) * row_h
        for index, row in enumerate(rows):
            left, center_y = px(theme.SPACE_CLOSE), top + index * row_h + row_h // 2
            for button, bw in row:
                button.rect = pygame.Rect(left, center_y - bh // 2, bw, bh)
                left += bw + px(theme.SPACE_SMALL)
        track_left = x + px(theme.SPACE_CLOSE) if beside else px(theme.SPACE_WIDE)
        center_y = bottom - row_h // 2 if beside else top - track_h // 2
        self.track = pygame.Rect(track_left, center_y - px(TRACK_HALF_H), max(px(theme.SPACE_SECTION), w - track_left - label_w),
                                 px(theme.SPACE_NARROW))
        return len(rows) * row_h + track_h

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.app.pop()
            return
        if keymap.pressed_in(STEP_KEYS, event) is not None:
            self.go(keymap.pressed_in(STEP_KEYS, event))
            return
        if keymap.NEXT_VIEWER.pressed(event) and len(self.viewers) > 1:
            self.next_viewer()
            return
        if event.type == pygame.KEYDOWN and self.table.speaker.read(event):
            return
        self.handle_pointer(event)

    def handle_pointer(self, event) -> None:
        """A click on the track goes to that move; the bar's buttons."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.track.inflate(0, self.px(theme.SPACE_LARGE)).collidepoint(event.pos):
            share = (event.pos[0] - self.track.x) / max(1, self.track.w)
            self.go(round(share * (len(self.playback) - 1)) - self.step)
            return
        for button in self.buttons:
            button.handle(event)

    def draw_position(self, screen) -> None:
        """The table at the move shown; at the end, every hand and result over it, shaded (or
        what an earlier edition's game recorded after it)."""
        if self.step == len(self.playback) - 1 and self.earlier is not None:
            self.table.draw(screen)
            self.draw_recorded(screen)
        elif self.step == len(self.playback) - 1 and self.session.game_over:
            with unrecorded():  # shaded under the results
                self.table.draw(screen)
            shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            screen.blit(shade, (0, 0))
            self.draw_hands(screen)
        else:
            self.table.draw(screen)

    def step_label(self, step: int) -> str:
        return f"move {step} of {len(self.playback) - 1}"

    def draw(self, screen) -> None:
        self.draw_position(screen)
        pygame.draw.rect(screen, theme.PANEL, self.bar)
        for button in self.buttons:
            button.draw(screen, self.px(theme.TEXT_CONTROL))
        pygame.draw.rect(screen, theme.FELT_DARK, self.track, border_radius=5)
        done = self.track.copy()
        done.w = int(self.track.w * self.step / max(1, len(self.playback) - 1))
        pygame.draw.rect(screen, theme.GOLD, done, border_radius=5)
        label = self.step_label(self.step)
        draw_text(screen, label, self.px(theme.TEXT_BODY), theme.INK,
                  (self.bar.right - self.px(theme.SPACE_CLOSE), self.track.centery), "midright")


    def draw_recorded(self, screen) -> None:
        """Over the table at its last replayed move: that the game was played under an earlier
        edition of the rules, and its moves from there as they were recorded (as many as fit)."""
        gap, size = self.px(theme.SPACE_CLOSE), self.px(theme.TEXT_BODY)
        box = pygame.Rect(0, 0, min(self.app.size[0] - 2 * gap, self.px(BOX_MAX_W)), self.bar.y - 2 * gap)
        box.midtop = (self.app.size[0] // 2, gap)
        title = self.session.descriptor.title
        head = wrap(f"This game was {EARLIER_EDITION} of {title}: these rules replay it up to move "
                    f"{self.earlier.stopped_at}. Its moves from there, as they were recorded:", size, box.w - 2 * gap)
        room = max(1, (box.h - 2 * gap) // line_height(size) - len(head))
        moves = self.recorded if len(self.recorded) <= room else (
            self.recorded[:room - 1] + [f"\u2026 and {len(self.recorded) - room + 1} more"])
        box.h = min(box.h, (len(head) + len(moves)) * line_height(size) + 2 * gap)
        panel(screen, box, edge=theme.GOLD)
        bottom = draw_lines(screen, head, size, theme.INK, (box.x + gap, box.y + gap), box=box)
        draw_lines(screen, [fit_text(move, size, box.w - 2 * gap) for move in moves], size, theme.INK_DIM,
                   (box.x + gap, bottom), box=box)

    def draw_hands(self, screen) -> None:
        """Once the game is over, every seat's cards and result, over the table."""
        rows = self.table.result_rows()
        gap, card_w = self.px(theme.SPACE_NARROW), max(40, self.px(CARD_MAX_W))
        box_w = min(self.app.size[0] - 2 * gap, self.px(BOX_MAX_W))
        text_w = box_w // 3
        summaries = [summary_lines(summary, self.px(theme.TEXT_CAPTION), text_w) for _seat, _cards, summary in rows]
        row_h = max(int(card_w * theme.CARD_RATIO), line_height(self.px(theme.TEXT_BODY), bold=True)
                    + max(map(len, summaries)) * line_height(self.px(theme.TEXT_CAPTION))) + gap
        box = pygame.Rect(0, 0, box_w, len(rows) * row_h + 2 * gap)
        box.midbottom = (self.app.size[0] // 2, self.bar.y - gap)
        panel(screen, box, edge=theme.GOLD)
        for i, ((seat, cards, _summary), lines) in enumerate(zip(rows, summaries)):
            y = box.y + gap + i * row_h
            name = draw_text(screen, fit_text(self.session.names[seat], self.px(theme.TEXT_BODY), text_w, bold=True),
                             self.px(theme.TEXT_BODY),
                             theme.INK, (box.x + gap, y), bold=True, box=box)
            draw_lines(screen, lines, self.px(theme.TEXT_CAPTION), theme.INK_DIM, (box.x + gap, name.bottom), box=box)
            left = box.x + gap + text_w
            step = min(int(card_w * 0.8), (box.right - gap - left - card_w) // max(1, len(cards) - 1))
            for k, card in enumerate(cards):
                screen.blit(cardart.face(card, card_w), (left + k * step, y))


class ReplayList(Scene):
    """The games saved by name (a click goes back to the table) and the finished games kept for
    replay (a click replays one), newest first; Delete beside each removes it, once asked.

    A file's name is shown as it is, never read for a meaning: the date is the file's own time.
    Only the files on the page shown are opened to say what they hold."""

    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self._message = message
        self.entries = ([(path, "Saved") for path in storage.named_saves()]
                        + [(path, "Replay") for path in storage.finished_games()]
                        + [(path, "Online") for path in joined.seen_games()])
        self.described: dict[Path, str] = {}
        self.first = 0  # the first game shown
        self.earlier: list[int] = []  # the first game of each page before, for Newer
        self.back = Button("Back", app.pop)
        self.more = Button("More \u25b6", lambda: self.turn_page(1))
        self.less = Button("\u25c0 Newer", lambda: self.turn_page(-1))
        self.shown: list[tuple[Button, Path]] = []
        self.deletes: list[tuple[Button, Path]] = []
        self.reviews: list[tuple[Button, Path]] = []  # beside each finished game

    @property
    def message(self) -> str:
        return self._message

    @message.setter
    def message(self, message: str) -> None:
        """A message wraps over as many lines as it needs above Back: the list gives it room."""
        self._message = message
        self.layout(self.app.size)

    def spoken_title(self) -> str:
        count = len(self.entries)
        kept = f"{count} game{'s' if count != 1 else ''} kept" if count else "No games kept yet"
        return f"Saved games and replays. {kept}. {self.message}".strip(" .")

    def turn_page(self, delta: int) -> None:
        """The next games (`delta` 1) from the one under the last shown, or those shown before."""
        if delta > 0 and self.first + len(self.shown) < len(self.entries):
            self.earlier.append(self.first)
            self.first += len(self.shown)
        elif delta < 0:
            self.first = self.earlier.pop() if self.earlier else 0
        self.layout(self.app.size)

    def label(self, path: Path, kind: str) -> str:
        return " \u00b7 ".join(filter(None, self.words(path, kind)))

    def words(self, path: Path, kind: str) -> tuple[str, str]:
        """What a kept game is; and how it ended, who played and when (shown under it)."""
        if path not in self.described:
            self.described[path] = joined.describe_seen(path) if kind == "Online" else describe(path)
        what, when = self.described[path]
        return (f"Saved: {storage.saved_name(path)} \u00b7 {what}" if kind == "Saved" else f"Replay: {what}"), when

    def open(self, path: Path) -> None:
        if dict(self.entries).get(path) == "Online":
            self.open_seen(path)
            return
        try:
            saved = storage.load_game(path)
        except EarlierEdition as earlier:
            self.app.screens.replay_earlier(earlier)
            return
        except SaveError as err:
            self.forget_missing(str(err))
            return
        if path.parent == storage.saves_dir():
            self.app.screens.table(saved)
        else:
            self.app.screens.replay(saved)

    def open_seen(self, path: Path) -> None:
        """A game played over the network, replayed as this device's seat saw it."""
        try:
            self.app.screens.replay(joined.load_seen_game(path))
        except storage.UnusableFile as err:
            self.message = f"This game cannot be replayed: {err}"

    def review(self, path: Path) -> None:
        """Review a finished game (scenes/menus/review.py), once it is read."""
        if dict(self.entries).get(path) == "Online":
            self.review_seen(path)
            return
        try:
            saved = storage.load_game(path)
        except EarlierEdition:
            self.message = f"This game was {EARLIER_EDITION}: it can be replayed, not reviewed."
            return
        except SaveError as err:
            self.forget_missing(str(err))
            return
        if not saved.human_seats:
            self.message = "Only computers played this game: there are no decisions of a person to review."
            return
        self.app.screens.review(saved)

    def review_seen(self, path: Path) -> None:
        """Review a game played over the network from this device's seat, as it saw the game."""
        try:
            playback = joined.load_seen_game(path)
        except storage.UnusableFile as err:
            self.message = f"This game cannot be reviewed: {err}"
            return
        if not playback.session.game_over:
            self.message = "This game did not reach its end here: there is nothing to review yet."
            return
        self.app.screens.review(playback)

    def ask_to_delete(self, path: Path) -> None:
        self.app.screens.confirm("Delete this game?", f"{self.label(path, dict(self.entries)[path])} is removed "
                                 "for good.", "Delete", lambda: self.delete(path), keymap.DELETE_GAME)

    def delete(self, path: Path) -> None:
        try:
            storage.delete_saved(path)
        except storage.StorageError as err:
            self.forget_missing(str(err))
            return
        self.forget_missing("")

    def forget_missing(self, message: str) -> None:
        """Show `message`; drop the entries whose files are gone (deleted, or moved aside)."""
        self.entries = [(p, kind) for p, kind in self.entries if p.exists() or p.is_symlink()]
        self.message = message

    def layout(self, size) -> None:
        """As many kept games as the window has room for from the first one shown, each its words
        wrapped on its button (large text), then Newer, Back and More at the foot."""
        w, h = size
        gap = self.px(theme.SPACE_NARROW)
        self.title_y = self.px(theme.SPACE_LARGE)
        self.title_lines = wrap("Saved games and replays", self.px(theme.TEXT_TITLE), w - 2 * gap, bold=True)
        top = self.title_y + len(self.title_lines) * line_height(self.px(theme.TEXT_TITLE), bold=True) + gap
        foot = [self.less, self.back, self.more]
        bw = max(self.px(BACK_MIN_W), *(button.needed(self.px(theme.TEXT_CONTROL))[0] for button in foot))
        bh = max(self.px(BACK_MIN_H), *(button.needed(self.px(theme.TEXT_CONTROL))[1] for button in foot))
        self.message_lines = wrap(self.message, self.px(theme.TEXT_BODY), w - self.px(theme.SPACE_LARGE)) if self.message else []
        bottom = h - bh - 2 * gap - max(1, len(self.message_lines)) * line_height(self.px(theme.TEXT_BODY))
        self.lay_rows(w, top, bottom, gap)
        y = h - bh - gap
        self.back.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
        self.less.rect = pygame.Rect(self.back.rect.x - bw - gap, y, bw, bh)
        self.more.rect = pygame.Rect(self.back.rect.right + gap, y, bw, bh)
        self.less.enabled = self.first > 0
        self.more.enabled = self.first + len(self.shown) < len(self.entries)

    def lay_rows(self, w: int, top: int, bottom: int, gap: int) -> None:
        """The kept games from the first shown down to `bottom` (one at least), each row as tall as
        its words need."""
        self.first = min(self.first, max(0, len(self.entries) - 1))
        row_min = max(self.px(BUTTON_MIN_H), Button("", None, note="1").needed(self.px(theme.TEXT_LABEL))[1] + gap // 2)
        delete_w = max(self.px(ROW_BUTTON_MIN_W), Button("Delete", None).needed(self.px(theme.TEXT_BODY))[0])
        review_w = max(self.px(ROW_BUTTON_MIN_W), Button("Review", None).needed(self.px(theme.TEXT_BODY))[0])
        review_room = (review_w + gap) * any(kind in REVIEWED for _path, kind in self.entries)
        width = min(w - 2 * gap, self.px(BOX_MAX_W) + review_room)
        open_w = width - delete_w - gap - review_room
        self.shown, self.deletes, self.reviews = [], [], []
        y = top
        for path, kind in self.entries[self.first:]:
            what, when = self.words(path, kind)
            button = Button(what, lambda p=path: self.open(p), note=when)
            row_h = max(row_min, button.needed(self.px(theme.TEXT_LABEL), open_w - 2 * self.px(OPEN_PADDING))[1] + gap // 2)
            if self.shown and y + row_h > bottom:
                break
            button.rect = pygame.Rect((w - width) // 2, y, open_w, row_h)
            delete = Button("Delete", lambda p=path: self.ask_to_delete(p), color=theme.BUTTON_STOP)
            delete.rect = pygame.Rect(button.rect.right + gap + review_room, y, delete_w, row_h)
            self.shown.append((button, path))
            self.deletes.append((delete, path))
            if kind in REVIEWED:
                review = Button("Review", lambda p=path: self.review(p))
                review.rect = pygame.Rect(button.rect.right + gap, y, review_w, row_h)
                self.reviews.append((review, path))
            y += row_h + gap

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.app.pop()
            return
        pages = keymap.pressed_in(PAGE_KEYS, event)
        if pages is not None:
            self.turn_page(pages)
            return
        for button in [self.back, self.more, self.less] + [b for b, _p in self.shown + self.deletes + self.reviews]:
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        draw_lines(screen, self.title_lines, self.px(theme.TEXT_TITLE), theme.INK, (w // 2, self.title_y), "midtop", bold=True)
        if not self.entries:
            lines = wrap("Nothing yet: save a game at the table (Ctrl+S); every finished game is kept here too (the last "
                         "50).", self.px(theme.TEXT_LABEL), w - self.px(theme.SPACE_LARGE))
            draw_lines(screen, lines, self.px(theme.TEXT_LABEL), theme.INK_DIM,
                       (w // 2, h // 2 - len(lines) * line_height(self.px(theme.TEXT_LABEL)) // 2), "midtop")
        for button, _path in self.shown:
            button.draw(screen, self.px(theme.TEXT_LABEL))
        for button, _path in self.deletes + self.reviews:
            button.draw(screen, self.px(theme.TEXT_BODY))
        for button in (self.less, self.back, self.more):
            button.draw(screen, self.px(theme.TEXT_CONTROL))
        if self.message_lines:
            below = self.back.rect.y - self.px(theme.SPACE_SNUG)
            draw_lines(screen, self.message_lines, self.px(theme.TEXT_BODY), theme.ALERT,
                       (w // 2, below - len(self.message_lines) * line_height(self.px(theme.TEXT_BODY))), "midtop")


DESCRIBED_BYTES = 2_000_000  # a kept game larger than this is listed by its name alone (opening it says more)


def describe(path: Path) -> tuple[str, str]:
    """("Chains", "lost · Ana, Ben · 23 Nov 2026 14:02") from a kept game's file: its game (and a
    numbered deal's number); how it ended (replayed from its moves: "Ana won", "Ana and Ben won",
    "in progress"), its seats and the file's own time (never its name). What can be told when the file
    cannot be read."""
    try:
        when = time.strftime("%d %b %Y %H:%M", time.localtime(path.stat().st_mtime))
    except (OSError, OverflowError, ValueError):
        when = ""
    try:
        data = storage.read_json(path, MAX_SAVE_DEPTH, DESCRIBED_BYTES)
        title = find_game(data["game"]).title
        names = ", ".join(_seat_name(seat, number) for number, seat in enumerate(data["config"]["seats"][:8], 1))
        result = _result_words(data)
        deal = (data["config"].get("rules") or {}).get("deal")
    except (OSError, storage.UnusableFile, KeyError, TypeError, ValueError, AttributeError):
        return "cannot be read", when
    number = f"Deal #{deal}" if type(deal) is int else ""
    return " \u00b7 ".join(filter(None, [title, number])), " \u00b7 ".join(filter(None, [result, names, when]))


def _result_words(data: dict) -> str:
    """How a kept game ended, replayed from its moves; for a game of an earlier edition of its
    rules that these rules cannot replay, that it was played so."""
    try:
        return saved_result_words(data)
    except EarlierEdition:
        return EARLIER_RULES


def _seat_name(seat: dict, number: int) -> str:
    name = seat.get("name")
    return showable(name)[:NAME_LIMIT] if isinstance(name, str) and name else f"Player {number}"
