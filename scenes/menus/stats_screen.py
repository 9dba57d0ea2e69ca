"""The statistics screen, from the menu: one game at a time (Left/Right or the chooser), each
mode it was played in with its record (played, won, win rate, clean wins, current and best
streak, the best game in what the game measures, fewest turns to a win, and the games played
with undo, hints or a restart told apart), a bar per mode drawn to scale, and a reset of the
game's records that asks first."""

from __future__ import annotations

import pygame

from game import registry
from game.core import Rules
from game.stats import Record, Stats, load_stats, reset_game

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import theme
from scenes.ui.scrolling import Scroller
from scenes.ui.widgets import Button, Cycler, draw_lines, draw_text, line_height, panel, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_MIN_H = 46
BUTTON_MIN_W = 170
CHOOSER_MIN_W = 300  # the game chooser at least
EMPTY_NOTE_DROP = 30  # the no-games note below the chooser
LEGEND_GAP = 18  # between a legend's entries
PAGE_MAX_W = 1000  # the statistics page at most

BAR_CLEAN = theme.GOLD          # games won unaided
BAR_ASSISTED = (160, 130, 60)   # games won with undo, a hint or a restart
BAR_LOST = theme.FELT_DARK
LEGENDS = ((("won unaided", "won"), BAR_CLEAN), (("won with undo, a hint or a restart", "won assisted"), BAR_ASSISTED),
           (("lost", "lost"), BAR_LOST))


def record_line(record: Record, rules: Rules) -> str:
    """A record in words, its numbers in the order the screen promises (the best game in the
    words of what the game measures, only for a game whose score says more than won or lost)."""
    parts = [f"Played {record.played}", f"won {record.won}", f"win rate {round(record.win_rate * 100)}%",
             f"clean wins {record.clean_won}", f"streak {record.current_streak} (best {record.best_streak})"]
    best = None if record.best_score is None else rules.best_in_words(record.best_score)
    if best:
        parts.append(best)
    if record.fewest_turns is not None:
        parts.append(f"fewest turns to a win {record.fewest_turns}")
    line = "  \u00b7  ".join(parts)
    if record.assisted_played:
        line += (f".  Of these, {record.assisted_played} played and {record.assisted_won} won with undo, a hint or "
                 "a restart: they set no streak or best.")
    return line


class StatsScreen(Scene):
    def __init__(self, app, stats: Stats | None = None) -> None:
        super().__init__(app)
        self.message = ""
        if stats is None:
            stats, problem = load_stats()
            self.message = problem or ""
        self.stats = stats
        games = [(game.name, game.title) for game in registry.GAMES]
        played = [name for name, _title in games if name in stats.records]
        self.chooser = Cycler(games, played[0] if played else games[0][0], lambda _game: self.layout(self.app.size),
                              name="Game")
        self.chooser.details = self.spoken_records
        self.reset_button = Button("Reset", self.ask_to_reset, color=theme.BUTTON_STOP)
        self.back = Button("Back", app.pop)
        self.blocks: list[tuple[str, Record, pygame.Rect, list[str]]] = []  # each mode's, on the page
        self.mode_lines: dict[str, list[str]] = {}  # each mode's name, wrapped
        self.page = Scroller()  # the modes' blocks, where they are more than the window holds

    @property
    def game(self):
        return registry.find_game(self.chooser.value)

    def records(self) -> list[tuple[str, Record]]:
        return sorted(self.stats.records.get(self.chooser.value, {}).items())

    def spoken_title(self) -> str:
        return f"Statistics. {self.chooser.spoken(full=False)}"

    def spoken_records(self) -> str:
        """The chosen game's records, mode by mode, in the words the screen shows them in."""
        records = self.records()
        if not records:
            return f"No games of {self.game.title} counted yet."
        return " ".join(f"{mode}: {record_line(record, self.game.rules)}" for mode, record in records)

    def ask_to_reset(self) -> None:
        title = self.game.title
        self.app.screens.confirm(f"Reset {title}?", f"Every record of {title}, in every mode, is forgotten. "
                                 "Other games keep theirs.", "Reset", self.reset, keymap.RESET_RECORDS)

    def reset(self) -> None:
        self.message = self.app.write(reset_game, self.chooser.value) or ""
        self.stats.reset(self.chooser.value)
        self.layout(self.app.size)

    def layout(self, size) -> None:
        """The title, the game chooser, then one block per mode (its name, its bar, its record
        wrapped to the width) on a page that scrolls, the buttons at the bottom."""
        w, h = size
        gap = self.px(theme.SPACE)
        width = min(w - 2 * gap, self.px(PAGE_MAX_W))
        left = (w - width) // 2
        self.title_y = self.px(theme.SPACE_LARGE)
        y = self.title_y + line_height(self.px(theme.TEXT_TITLE), bold=True) + gap // 2
        cw, ch = self.chooser.needed(self.px(theme.TEXT_BUTTON))
        self.chooser.rect = pygame.Rect(w // 2 - max(cw, self.px(CHOOSER_MIN_W)) // 2, y, max(cw, self.px(CHOOSER_MIN_W)), ch)
        self.legend_y = self.chooser.rect.bottom + gap // 2
        self.legend = self.fit_legend(width)
        y = self.legend_y + line_height(self.px(theme.TEXT_BODY)) + gap // 2
        buttons = (self.reset_button, self.back)
        bw = max(self.px(BUTTON_MIN_W), *(b.needed(self.px(theme.TEXT_CONTROL))[0] for b in buttons))
        bh = max(self.px(BUTTON_MIN_H), *(b.needed(self.px(theme.TEXT_CONTROL))[1] for b in buttons))
        message_h = len(wrap(self.message, self.px(theme.TEXT_BODY), width)) * line_height(self.px(theme.TEXT_BODY)) if self.message else 0
        bottom = h - gap - bh - message_h - gap
        self.reset_button.rect = pygame.Rect(w // 2 - bw - gap // 2, h - gap - bh - message_h, bw, bh)
        self.back.rect = pygame.Rect(w // 2 + gap // 2, h - gap - bh - message_h, bw, bh)
        self.reset_button.enabled = bool(self.records())
        self.lay_blocks(pygame.Rect(left, y, width, bottom - y))

    def lay_blocks(self, room: pygame.Rect) -> None:
        """One block per mode (its name, its bar, its record, each wrapped to the width) on a page
        seen through `room`, which scrolls when they are more than it holds."""
        gap, pad = self.px(theme.SPACE), self.px(theme.SPACE_NARROW)
        body, emphasis = self.px(theme.TEXT_BODY), self.px(theme.TEXT_EMPHASIS)
        self.blocks, self.mode_lines = [], {}
        y = 0
        for mode, record in self.records():
            names = wrap(mode, emphasis, room.w - 2 * pad, bold=True)
            lines = wrap(record_line(record, self.game.rules), body, room.w - 2 * pad)
            height = (2 * pad + len(names) * line_height(emphasis, bold=True) + 2 * self.px(theme.SPACE_SNUG) + self.px(theme.SPACE)
                      + len(lines) * line_height(body))
            self.blocks.append((mode, record, pygame.Rect(0, y, room.w, height), lines))
            self.mode_lines[mode] = names
            y += height + gap // 2
        hint_h = line_height(self.px(theme.TEXT_SMALL)) if y > room.h else 0
        self.page.fit(pygame.Rect(room.x, room.y, room.w, room.h - hint_h), y, line_height(body))

    def fit_legend(self, width: int) -> list[tuple[str, tuple, int]]:
        """The bar's colours named, in words that fit one line (else the short words): (label,
        colour, x) each, centred."""
        swatch, gap, size = self.px(theme.SPACE_WIDE), self.px(LEGEND_GAP), self.px(theme.TEXT_BODY)

        def span(labels) -> int:
            return sum(swatch + self.px(theme.SPACE_SNUG) + text_width(label, size) for label in labels) + gap * (len(labels) - 1)

        long_labels = [names[0] for names, _color in LEGENDS]
        labels = long_labels if span(long_labels) <= width else [names[1] for names, _color in LEGENDS]
        x = self.app.size[0] // 2 - span(labels) // 2
        placed = []
        for label, (_names, color) in zip(labels, LEGENDS):
            placed.append((label, color, x))
            x += swatch + self.px(theme.SPACE_SNUG) + text_width(label, size) + gap
        return placed

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.app.pop()
            return
        if keymap.LEFT.pressed(event) or keymap.RIGHT.pressed(event):
            self.chooser.step(-1 if keymap.LEFT.pressed(event) else 1)
            return
        self.page.handle(event) or self.chooser.handle(event) or self.reset_button.handle(event) or self.back.handle(event)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        draw_text(screen, "Statistics", self.px(theme.TEXT_TITLE), theme.INK, (w // 2, self.title_y), "midtop", bold=True)
        self.chooser.draw(screen, self.px(theme.TEXT_BUTTON))
        if self.blocks:
            self.draw_legend(screen)
        for mode, record, box, lines in self.blocks:
            shown = self.page.in_view(box)
            if shown:
                self.draw_block(screen, self.mode_lines[mode], record, shown, lines)
        if not self.blocks:
            lines = wrap(f"No games of {self.game.title} counted yet.", self.px(theme.TEXT_CONTROL), w - self.px(theme.SPACE_SECTION))
            draw_lines(screen, lines, self.px(theme.TEXT_CONTROL), theme.INK_DIM,
                       (w // 2, self.chooser.rect.bottom + self.px(EMPTY_NOTE_DROP)), "midtop")
        self.page.draw_hint(screen, self.px(theme.TEXT_SMALL), (w // 2, self.page.viewport.bottom))
        self.reset_button.draw(screen, self.px(theme.TEXT_CONTROL))
        self.back.draw(screen, self.px(theme.TEXT_CONTROL))
        if self.message:
            lines = wrap(self.message, self.px(theme.TEXT_BODY), w - self.px(theme.SPACE_SECTION))
            draw_lines(screen, lines, self.px(theme.TEXT_BODY), theme.ALERT,
                       (w // 2, self.back.rect.bottom + self.px(theme.SPACE_SNUG)), "midtop")

    def draw_legend(self, screen) -> None:
        swatch = self.px(theme.SPACE_WIDE)
        middle = self.legend_y + line_height(self.px(theme.TEXT_BODY)) // 2
        for label, color, x in self.legend:
            square = pygame.Rect(x, middle - swatch // 2, swatch, swatch)
            pygame.draw.rect(screen, color, square, border_radius=3)
            pygame.draw.rect(screen, theme.INK_FAINT, square, 1, border_radius=3)
            draw_text(screen, label, self.px(theme.TEXT_BODY), theme.INK_DIM,
                      (square.right + self.px(theme.SPACE_SNUG), middle), "midleft")

    def draw_block(self, screen, names: list[str], record: Record, box: pygame.Rect, lines: list[str]) -> None:
        """A mode's name, a bar of its games to scale (won unaided, won assisted, lost) and its
        record in words."""
        panel(screen, box)
        pad = self.px(theme.SPACE_NARROW)
        inner = box.inflate(-2 * pad, -2 * pad)
        emphasis = self.px(theme.TEXT_EMPHASIS)
        y = inner.y
        for name in names:
            draw_text(screen, name, emphasis, theme.GOLD, (inner.x, y), bold=True, box=box)
            y += line_height(emphasis, bold=True)
        y += self.px(theme.SPACE_SNUG)
        bar = pygame.Rect(inner.x, y, inner.w, self.px(theme.SPACE))
        pygame.draw.rect(screen, BAR_LOST, bar, border_radius=4)
        x = bar.x
        for count, color in ((record.clean_won, BAR_CLEAN), (record.assisted_won, BAR_ASSISTED)):
            part = round(bar.w * count / record.played) if record.played else 0
            pygame.draw.rect(screen, color, (x, bar.y, part, bar.h), border_radius=4)
            x += part
        pygame.draw.rect(screen, theme.INK_FAINT, bar, 1, border_radius=4)
        draw_lines(screen, lines, self.px(theme.TEXT_BODY), theme.INK, (inner.x, bar.bottom + self.px(theme.SPACE_SNUG)), box=box)
