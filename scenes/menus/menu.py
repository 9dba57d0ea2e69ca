"""The main menu: every registered game (and Learn beside each game that has a lesson, marked
once it was learned), Continue, Play online, Statistics, Settings, Quit. Continue keeps its place with no game
in progress (shown inactive), so no button moves when a game is saved."""

from __future__ import annotations

import pygame

from game import storage
from game import registry
from game.lesson import lesson_finished
from game.earlier import EARLIER_EDITION
from game.tables import EarlierEdition, SaveError

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import theme
from scenes.ui.scrolling import HIDDEN, Scroller
from scenes.ui.widgets import Button, draw_text, line_height, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_MIN_H = 62  # a game's button at least
BUTTON_MIN_W = 520  # a game's button at least
ROW_MIN_H = 50  # a row of small buttons at least


LEARNED = "learned \u2713"  # under Learn, once a game's lesson was played to its end
TITLE_TOP = 30  # the title's top below the window's, at the largest title size (less as the title shrinks)
TITLE_SIZES = ((64, True), (40, False))  # the title's size and whether the subtitle shows, the first that fits


class MainMenu(Scene):
    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.message = message or (app.notice or "")
        app.notice = None
        self.game_buttons = [
            Button(game.title, (lambda name=game.name: app.screens.setup(name)), note=game.blurb)
            for game in registry.GAMES
        ]
        self.learn_buttons = {
            game.name: Button("Learn", (lambda name=game.name: app.screens.lesson(name)), name=f"Learn {game.title}",
                              note=LEARNED if lesson_finished(app.settings, game.name) else "",
                              color=theme.BUTTON_GO if lesson_finished(app.settings, game.name) else theme.BUTTON)
            for game in registry.GAMES if game.lesson
        }
        self.continue_button = Button("Continue", self.resume)
        self.show_saved_game()
        self.online_button = Button("Play online", lambda: app.screens.online())
        self.statistics_button = Button("Statistics", lambda: app.screens.statistics())
        self.settings_button = Button("Settings", lambda: app.screens.settings())
        self.replays_button = Button("Saved games", lambda: app.screens.replays())
        self.quit_button = Button("Quit", app.quit, color=theme.BUTTON_STOP)
        self.page = Scroller()
        self.placed: dict[Button, pygame.Rect] = {}

    def spoken_title(self) -> str:
        return "Chain Table, main menu" + (f". {self.message}" if self.message else "")

    def show_saved_game(self) -> None:
        """Continue names the game in progress, or is inactive when there is none."""
        self.saved_title = storage.saved_game_title()
        self.continue_button.note = self.saved_title or "no game in progress"
        self.continue_button.enabled = self.saved_title is not None

    def buttons(self) -> list[Button]:
        return self.game_buttons + list(self.learn_buttons.values()) + self.small_buttons()

    def small_buttons(self) -> list[Button]:
        return [self.continue_button, self.online_button, self.replays_button, self.statistics_button,
                self.settings_button, self.quit_button]

    def place_title(self, size: int, subtitled: bool) -> int:
        """The title at `size` (and the subtitle under it, or none); returns the bottom of both."""
        self.title_size, self.subtitled = size, subtitled
        self.title_y = self.px(TITLE_TOP * size / TITLE_SIZES[0][0])
        self.subtitle_y = self.title_y + line_height(self.px(size), bold=True)
        return self.subtitle_y + (line_height(self.px(theme.TEXT_BUTTON)) if subtitled else 0) + self.px(theme.SPACE_NARROW)

    def layout(self, size) -> None:
        """The title, the games (each with its blurb under its name, wrapped where the button is
        narrower than it: a smaller title makes room for them first) and the small buttons in as
        few lines as fit; where the window is too short for them all, the page scrolls."""
        w, h = size
        gap = self.px(theme.SPACE_NARROW)
        lead = self.px(theme.TEXT_LEAD)
        needed = [button.needed(lead) for button in self.game_buttons]
        learn_w = Button("Learn", lambda: None, note=LEARNED).needed(self.px(theme.TEXT_CONTROL))[0]  # as wide learned or not
        bw = min(w - 2 * gap, max(self.px(BUTTON_MIN_W), *(nw + learn_w + gap for nw, _nh in needed)))
        least_h = max(button.needed(lead, bw - learn_w - gap)[1] for button in self.game_buttons)  # each blurb wrapped to its button
        bh = max(self.px(BUTTON_MIN_H), *(nh for _nw, nh in needed), least_h)
        row = self.small_buttons()
        row_h = max(self.px(ROW_MIN_H), *(b.needed(self.px(theme.TEXT_CONTROL))[1] for b in row))
        row_w = self.row_width(row, bw, w - 2 * gap, gap)
        lines = self._lines(row, row_w, gap)
        below = len(lines) * (row_h + gap) + 2 * gap + line_height(self.px(theme.TEXT_NOTE))
        for title_size, subtitled in TITLE_SIZES:
            title_bottom = self.place_title(title_size, subtitled)
            room = h - title_bottom - below
            if room // len(self.game_buttons) - gap >= least_h:
                break
        bh = max(min(bh, room // len(self.game_buttons) - gap), least_h)
        top = title_bottom + gap
        for i, (game, button) in enumerate(zip(registry.GAMES, self.game_buttons)):
            button.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw - learn_w - gap, bh)
            learn = self.learn_buttons.get(game.name)
            if learn is not None:
                learn.rect = pygame.Rect(button.rect.right + gap, button.rect.y, learn_w, bh)
        y = top + len(self.game_buttons) * (bh + gap) + gap
        for line in lines:
            width = (row_w - gap * (len(line) - 1)) // len(line)
            for i, button in enumerate(line):
                button.rect = pygame.Rect(w // 2 - row_w // 2 + i * (width + gap), y, width, row_h)
            y += row_h + gap
        self.fit_page(size, y)

    def fit_page(self, size, bottom: int) -> None:
        """The menu as laid out (page coordinates) seen whole, or, where it is taller than the
        window (large text), through the window as a page that scrolls; its message under it."""
        w, h = size
        note = self.px(theme.TEXT_NOTE)
        self.message_lines = wrap(self.message, note, w - self.px(theme.SPACE_SECTION)) if self.message else []
        message_h = len(self.message_lines) * line_height(note)
        self.placed = {button: pygame.Rect(button.rect) for button in self.buttons()}
        if bottom + message_h + self.px(theme.SPACE_NARROW) <= h:
            self.page.fit(pygame.Rect(0, 0, w, h), h, line_height(note))
            self.message_y = h - self.px(theme.SPACE_NARROW) - message_h
        else:
            hint_h = line_height(self.px(theme.TEXT_SMALL)) + self.px(theme.SPACE_SMALL)
            self.page.fit(pygame.Rect(0, 0, w, h - hint_h), bottom + message_h + self.px(theme.SPACE_NARROW), line_height(note))
            self.message_y = bottom
        self.place_texts()
        self.place_buttons()

    def place_buttons(self) -> None:
        """Each button where the page shows it; one not wholly in view takes no click."""
        for button, rect in self.placed.items():
            button.rect = self.page.in_view(rect) or HIDDEN

    def focusables(self) -> list[Button]:
        """The buttons in reading order, those scrolled out of view among them."""
        return sorted(self.buttons(), key=lambda button: (self.placed[button].y, self.placed[button].x))

    def reveal(self, control) -> None:
        if control in self.placed:
            self.page.reveal(self.placed[control])
            self.place_buttons()

    def row_width(self, row: list[Button], width: int, widest: int, gap: int) -> int:
        """How wide the small buttons' lines are: the games' width, or a fifth more (within
        `widest`) where that puts them on two lines instead of three (room for the blurbs)."""
        wider = min(widest, width * 6 // 5)
        fewer = len(self._lines(row, wider, gap)) < len(self._lines(row, width, gap))
        return wider if fewer else width

    def _lines(self, row: list[Button], width: int, gap: int) -> list[list[Button]]:
        """The small buttons in as few lines as let each show its label, a line's buttons of one
        width: each line takes the next buttons while they fit."""
        lines: list[list[Button]] = [[]]
        for button in row:
            line = lines[-1] + [button]
            if lines[-1] and max(map(self.widest, line)) > (width - gap * (len(line) - 1)) // len(line):
                lines.append([button])
            else:
                lines[-1] = line
        return lines

    def widest(self, button: Button) -> int:
        """The width `button` needs; for Continue, with the longest note it can have, so that no
        button moves when a game is saved."""
        size = self.px(theme.TEXT_CONTROL)
        if button is not self.continue_button:
            return button.needed(size)[0]
        notes = ["no game in progress", "your game", *(game.title for game in registry.GAMES)]
        return max(Button(button.label, button.on_click, note=note).needed(size)[0] for note in notes)

    def resume(self) -> None:
        try:
            session = storage.load_game()
        except EarlierEdition as earlier:
            self.offer_replay(earlier)
            return
        except SaveError as err:
            self.message = str(err)
            self.show_saved_game()
            self.layout(self.app.size)
            return
        if session.network is not None:
            self.app.screens.host_again(session)  # a table hosted over the network: opened again
            return
        self.app.screens.table(session)

    def offer_replay(self, earlier: EarlierEdition) -> None:
        """A game in progress of an earlier edition of the rules, which these rules cannot go on
        with: it moves to Saved games, and is offered as a replay."""
        title = earlier.session.descriptor.title
        try:
            kept = storage.keep_in_saved_games(storage.autosave_path(), f"{title} (old rules)")
        except storage.StorageError as err:
            self.message = str(err)
            return
        finally:
            self.show_saved_game()
            self.layout(self.app.size)
        self.app.screens.confirm(
            "This game cannot be continued", f"It was {EARLIER_EDITION} of {title}, which these rules cannot go on "
            f"with. It is kept in Saved games as \u201c{storage.saved_name(kept)}\u201d: watch it as a replay?",
            "Watch", lambda: self.app.screens.replay_earlier(earlier), keymap.WATCH_EARLIER)

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.ask_to_quit()
            return
        if self.page.handle(event):
            self.place_buttons()
            return
        for button in self.buttons():
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break  # a click may relayout the menu: no other button takes it

    def ask_to_quit(self) -> None:
        """Esc on the menu asks first: the app closes only when the player says Quit."""
        kept = "A game in progress is saved: Continue brings it back." if self.saved_title else "No game is in progress."
        self.app.screens.confirm("Quit Chain Table?", kept, "Quit", self.app.quit, keymap.QUIT)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        for rect, message, size, color, bold in self.texts:
            shown = self.page.in_view(rect)
            if shown:
                draw_text(screen, message, size, color, shown.topleft, bold=bold)
        for button in self.buttons():
            if button.rect.w:
                button.draw(screen, self.px(theme.SPACE_XLARGE) if button in self.game_buttons else self.px(theme.SPACE_LARGE))
        self.page.draw_hint(screen, self.px(theme.TEXT_SMALL), (w // 2, h - self.px(theme.SPACE_TIGHT)), "midbottom")

    def place_texts(self) -> None:
        """The title, the subtitle and the message, each line centred where it stands on the page."""
        lines = [("Chain Table", self.px(self.title_size), theme.INK, True, self.title_y)]
        if self.subtitled:
            lines.append(("five chain-building card games", self.px(theme.TEXT_BUTTON), theme.INK_DIM, False, self.subtitle_y))
        note = self.px(theme.TEXT_NOTE)
        lines += [(line, note, theme.ALERT, False, self.message_y + i * line_height(note)) for i, line in enumerate(self.message_lines)]
        self.texts = []
        for message, size, color, bold, y in lines:
            rect = pygame.Rect(0, y, text_width(message, size, bold), line_height(size, bold))
            rect.centerx = self.app.size[0] // 2
            self.texts.append((rect, message, size, color, bold))
