"""The end of a game: who won and why, every hand shown, the session's wins, what next (the next
game, N; for a solitaire with numbered deals the same deal again, R, or a new one, N); Review
judges the decisions of the game just played (scenes/menus/review.py), V. Enter or Space goes
back to the menu, as Esc does: a quick answer that keeps the result (counted, and kept among the
saved games), where a review takes seconds (a lost solitaire's 20 or more) before it shows
anything, and a key pressed for the last move never starts the next game.

The table's top bar stays live above it: Undo (Ctrl+Z) takes the last decision back where the
session allows it, and play goes on; Rules (F1) and Table (F2) open over the result."""

from __future__ import annotations

import pygame

from game import storage
from game.net import joined
from game.rng import fresh_seed
from game.tables import new_session
from game.wording import acts

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import cardart, resources, theme
from scenes.ui.widgets import Button, draw_lines, draw_text, fit_text, line_height, panel, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BOX_MAX_W = 900  # the results' box at most, with text at its usual size (wider with larger text, as far as the window)
BUTTON_MIN_H = 56
BUTTON_MIN_W = 230
CARD_MAX_W = 64  # a result card at most
HEADLINE_SIZE = 34  # the result's headline
MARGIN = 30  # the box from the window's edges


MIN_FAN_STEP = 0.4   # of a card's width: fanned closer than this, a row of cards wraps
LINE_OVERLAP = 0.45  # of a card's height: how far a wrapped line of cards sits below the one above
SUMMARY_LINES = 3    # a seat's summary wraps onto this many lines at most (the last one shortened)


def summary_lines(summary: str, size: int, width: int) -> list[str]:
    """A seat's summary wrapped to `width`, on SUMMARY_LINES lines at most."""
    lines = wrap(summary, size, width)
    if len(lines) > SUMMARY_LINES:
        lines = lines[:SUMMARY_LINES - 1] + [fit_text(" ".join(lines[SUMMARY_LINES - 1:]), size, width)]
    return lines


class GameOver(Scene):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        session = table.session
        self.message = ""
        self.retry = None
        if session.rules.numbered_deals:
            table.forget_autosave()
            self.retry = Button("Retry deal", self.retry_deal, note=keymap.pressing(keymap.RETRY_DEAL))
            self.primary = Button("New deal", self.new_deal, note=keymap.pressing(keymap.NEXT_GAME), color=theme.BUTTON_GO)
        elif session.session_over:
            table.forget_autosave()
            self.primary = Button("Play again", self.play_again, note=keymap.pressing(keymap.NEXT_GAME),
                                  color=theme.BUTTON_GO)
        else:
            self.primary = Button("Next game", self.next_game, note=keymap.pressing(keymap.NEXT_GAME),
                                  color=theme.BUTTON_GO)
        self.menu = Button("Menu", self.to_menu, note=keymap.pressing(keymap.ENTER, keymap.ESCAPE))
        self.review = (Button("Review", self.open_review, note=keymap.pressing(keymap.REVIEW))
                       if session.human_seats else None)

    @property
    def buttons(self) -> list[Button]:
        return [b for b in (self.retry, self.primary, self.review, self.menu) if b is not None]

    def covers(self) -> bool:
        return False

    def layout(self, size) -> None:
        """The box holds the headline, one row per seat (name, wins and summary beside the seat's
        cards, never smaller than readable) and the two buttons, all measured."""
        w, h = size
        margin, gap = self.px(MARGIN), self.px(theme.SPACE_CLOSE)
        rows = self.table.result_rows()
        self.box = pygame.Rect(0, 0, min(w - 2 * margin, self.px(BOX_MAX_W * resources.text_scale)), 0)
        inner_w = self.box.w - 2 * gap
        self.reason_lines = [line for text in (self._reason(), self.table.result_note()) if text
                             for line in wrap(text, self.px(theme.TEXT_LABEL), inner_w)]
        header = line_height(self.px(HEADLINE_SIZE), bold=True) + len(self.reason_lines) * line_height(self.px(theme.TEXT_LABEL)) + 2 * gap
        bw, bh, buttons_h = self.measure_buttons(inner_w, gap)
        room = h - 2 * margin - header - buttons_h - 3 * gap
        self.card_w = max(self.table.result_card_min_w,
                          min(self.px(CARD_MAX_W), int((room // max(1, len(rows)) - gap) / theme.CARD_RATIO)))
        names = [f"\u2605 {self.table.session.names[seat]}" for seat, _cards, _summary in rows]
        summaries = [self.row_line(seat, summary) for seat, _cards, summary in rows]
        self.text_w = min(inner_w // 2, max(*(text_width(n, self.px(theme.TEXT_EMPHASIS), bold=True) for n in names),
                                            *(text_width(t, self.px(theme.TEXT_SMALL)) for t in summaries)) + gap)
        self.summary_lines = [summary_lines(t, self.px(theme.TEXT_SMALL), self.text_w - gap) for t in summaries]
        text_h = line_height(self.px(theme.TEXT_EMPHASIS), bold=True) + max(map(len, self.summary_lines)) * line_height(self.px(theme.TEXT_SMALL))
        card_h = int(self.card_w * theme.CARD_RATIO)
        fan_w = inner_w - self.text_w - gap
        per_line = max(1, 1 + (fan_w - self.card_w) // max(1, int(self.card_w * MIN_FAN_STEP)))
        # A long row of cards goes on in a second (third...) line, each overlapping the one above
        # down to its corners, when the room allows; else the row squeezes into one line.
        self.per_line = [max(1, -(-len(cards) // max(1, -(-len(cards) // per_line)))) for _seat, cards, _s in rows]
        heights = [max(text_h, card_h + (-(-len(cards) // n) - 1) * int(card_h * LINE_OVERLAP)) + gap
                   for (_seat, cards, _s), n in zip(rows, self.per_line)]
        if sum(heights) > room:
            self.per_line = [max(1, len(cards)) for _seat, cards, _s in rows]
            heights = [max(text_h, card_h) + gap for _row in rows]
        self.row_heights = heights
        self.box.h = min(h - 2 * margin, header + sum(heights) + buttons_h + 3 * gap)
        self.box.center = (w // 2, h // 2)
        self.rows_top = self.box.y + header
        self.layout_buttons(bw, bh, gap)

    def measure_buttons(self, inner_w: int, gap: int) -> tuple[int, int, int]:
        """The buttons' width and height (as their labels need), and the height they take side by
        side across `inner_w`, on as many rows as they need."""
        buttons = self.buttons
        bw = max(self.px(BUTTON_MIN_W), *(b.needed(self.px(theme.TEXT_BUTTON))[0] for b in buttons))
        self.button_columns = max(1, min(len(buttons), (inner_w + 2 * gap) // (bw + 2 * gap)))
        bh = max(self.px(BUTTON_MIN_H), *(b.needed(self.px(theme.TEXT_BUTTON))[1] for b in buttons))
        rows = -(-len(buttons) // self.button_columns)
        return min(bw, inner_w), bh, rows * bh + (rows - 1) * gap

    def layout_buttons(self, width: int, height: int, gap: int) -> None:
        """The buttons side by side, centred along the bottom of the box (on two rows or more
        where large text makes them too wide for one)."""
        buttons, columns = self.buttons, self.button_columns
        rows = [buttons[start:start + columns] for start in range(0, len(buttons), columns)]
        for index, row in enumerate(rows):
            left = self.box.centerx - (len(row) * width + (len(row) - 1) * 2 * gap) // 2
            y = self.box.bottom - (len(rows) - index) * (height + gap)
            for i, button in enumerate(row):
                button.rect = pygame.Rect(left + i * (width + 2 * gap), y, width, height)

    def row_line(self, seat: int, summary: str) -> str:
        """A seat's line under its name: its wins in the session, where a session counts them (a
        solitaire, a one-game session and a LINX match have only the summary)."""
        session = self.table.session
        counted = len(session.seats) > 1 and session.config["games_to_win"] > 1 and self.table.counts_wins()
        return f"wins: {session.wins[seat]} \u00b7 {summary}" if counted else summary

    def _reason(self) -> str:
        if self.message:
            return self.message
        last = self.table.stream.last_move
        return last.lines(self.table.session.names)[-1] if last is not None and last.events else ""

    def open_review(self) -> None:
        """Review the game just played; at a networked table, as this seat saw it (the host's
        messages to it), as Saved games reviews a kept networked game."""
        session = self.table.session
        if session.reviewable:
            self.app.screens.review(session)
            return
        try:
            playback = joined.load_seen_messages({"messages": list(self.table.turns.stream_kept)})
        except storage.UnusableFile as err:
            self.message = f"This game cannot be reviewed: {err}"
            self.layout(self.app.size)
            return
        self.app.screens.review(playback)

    def next_game(self) -> None:
        self.app.pop()
        self.table.next_game()

    def play_again(self) -> None:
        self.table.commands.play_again()

    def retry_deal(self) -> None:
        """The same deal from the start: a new game (counted on its own), not a restart."""
        old = self.table.session
        self.app.screens.table(new_session(old.game, old.config, fresh_seed()))

    def new_deal(self) -> None:
        """A new deal at random, proved winnable when this one was (the daily deal is)."""
        old = self.table.session
        rules = old.config["rules"]
        config = old.rules.deal_config(rules, None, rules["winnable"])
        if config is None:
            self.message = "No winnable deal was found: try again."
            self.layout(self.app.size)
            return
        self.app.screens.table(new_session(old.game, {**old.config, "rules": config}, fresh_seed()))

    def to_menu(self) -> None:
        self.app.pop()
        self.table.commands.leave()

    def handle(self, event) -> None:
        for button in self.buttons:
            button.handle(event)
        if keymap.ENTER.pressed(event) or keymap.SPACE.pressed(event):
            self.menu.on_click()
        elif keymap.REVIEW.pressed(event) and self.review is not None:
            self.review.on_click()
        elif keymap.NEXT_GAME.pressed(event):
            self.primary.on_click()
        elif keymap.RETRY_DEAL.pressed(event) and self.retry is not None:
            self.retry.on_click()
        elif self.app.top is self:
            self.table.handle(event)  # its top bar and keys: Undo, Rules, Table, Menu

    def update(self, dt: float) -> None:
        """An undo or a restart from here took the game back: the result goes, play goes on."""
        if not self.table.session.game_over:
            self.app.pop()

    def spoken_title(self) -> str:
        return self.headline()

    def headline(self) -> str:
        session = self.table.session
        if self.table.result_headline():
            return self.table.result_headline()
        names = session.names
        outcome = session.outcome()
        winners = [names[s] for s in outcome.winners]
        if session.session_over and session.config["games_to_win"] > 1:
            champions = [names[i] for i, wins in enumerate(session.wins) if wins == max(session.wins)]
            return f"{acts(' and '.join(champions), 'wins' if len(champions) == 1 else 'win')} the session!"
        if not winners:
            return "The game is lost" if len(names) == 1 else "Nobody wins"
        if len(winners) == 1:
            return f"{acts(winners[0], 'wins')} the game!"
        return f"{' and '.join(winners)} share the win!"

    def card_spots(self, count: int, per_line: int, top: int) -> list[tuple[int, int]]:
        """Where each card of a row goes (top left): side by side where the room allows, so every
        card's name reads; else fanned, each card over the edge of the one before."""
        gap = self.px(theme.SPACE_CLOSE)
        left = self.box.x + gap + self.text_w + gap
        right = self.box.right - gap
        step = min(self.card_w + self.px(theme.SPACE_TIGHT), (right - left - self.card_w) // max(1, per_line - 1))
        drop = int(self.card_w * theme.CARD_RATIO * LINE_OVERLAP)
        return [(left + place * step, top + line * drop) for line, place in (divmod(i, per_line) for i in range(count))]

    def draw(self, screen) -> None:
        w, h = self.app.size
        top = self.table.top_bar.height  # the top bar stays bright: its buttons work from here
        shade = pygame.Surface((w, h - top), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, top))
        panel(screen, self.box, edge=theme.GOLD, radius=16)
        session = self.table.session
        gap = self.px(theme.SPACE_CLOSE)
        inner = self.box.inflate(-2 * gap, -2 * gap)
        y = draw_text(screen, fit_text(self.headline(), self.px(HEADLINE_SIZE), inner.w, bold=True),
                      self.px(HEADLINE_SIZE), theme.GOLD,
                      (self.box.centerx, inner.y), "midtop", bold=True, box=self.box).bottom
        draw_lines(screen, self.reason_lines, self.px(theme.TEXT_LABEL), theme.INK_DIM, (self.box.centerx, y),
                   "midtop", box=self.box)
        winners = session.stream(None).view.winners or ()
        y = self.rows_top
        rows = zip(self.table.result_rows(), self.summary_lines, self.per_line, self.row_heights)
        for (seat, cards, _summary), lines, per_line, row_h in rows:
            mark = "\u2605 " if seat in winners else ""
            name = fit_text(f"{mark}{session.names[seat]}", self.px(theme.TEXT_EMPHASIS), self.text_w, bold=True)
            below = draw_text(screen, name, self.px(theme.TEXT_EMPHASIS), theme.INK, (inner.x, y), bold=True, box=self.box).bottom
            draw_lines(screen, lines, self.px(theme.TEXT_SMALL), theme.INK_DIM, (inner.x, below), box=self.box)
            for card, spot in zip(cards, self.card_spots(len(cards), per_line, y)):
                screen.blit(cardart.face(card, self.card_w), spot)
            y += row_h
        for button in self.buttons:
            button.draw(screen, self.px(theme.TEXT_BUTTON))
