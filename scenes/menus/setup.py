"""The setup screen of a game: seats (human or computer, names, difficulty), rule options, seed.
A table hosted over the network is set up here too: its seats may also be Open, for players who
join it from their own computers.
A game for one player (a solitaire) has no seats to set: its screen holds the options and the seed.
A solitaire with numbered deals asks for a deal number instead of a seed, offers winnable deals
only, and starts the daily deal with one button."""

from __future__ import annotations

from datetime import date

import pygame

from game import storage
from game.ai import DIFFICULTIES
from game.core import NumberOption, option_counts
from game.registry import find_game
from game.rng import Rng, fresh_seed
from game.tables import NAME_LIMIT, new_session
from game.wording import YOU

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import resources, theme
from scenes.ui.scrolling import PAGE_KEYS
from scenes.ui.widgets import (Button, Cycler, CursorBlink, NumberField, TextField, draw_lines, draw_text, line_height,
                               text_width, wrap)

# Measures of this layout that are no step of theme's scales (pixels at the base window).
ADD_MIN_W = 200  # Add player at least
CONTROL_MIN_W = 300  # an option's control at least
HELP_BESIDE_MIN_W = 220  # room for help beside a control
KIND_MIN_W = 170  # a seat's kind chooser at least
LEVEL_MIN_W = 160  # a seat's level chooser at least
NAME_MIN_W = 230  # a player's name field at least
PAGE_MAX_W = 1000  # the setup page at most
ROW_MIN_H = 42  # a row of controls at least
START_MIN_H = 54
START_MIN_W = 150

KINDS = [("human", "Human"), ("computer", "Computer")]
HOSTED_KINDS = KINDS + [("open", "Open")]  # a seat a player joining over the network takes
HOSTED_SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "open"}]
DIFFICULTY_CHOICES = [(d.key, d.label) for d in DIFFICULTIES]
DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Finn"]


def option_control(option, remembered):
    """The control of a rule option: a number field for a number (a remembered value that is no
    whole number gives way to the default), else a chooser of its values."""
    if isinstance(option, NumberOption):
        value = remembered if type(remembered) is int else option.default
        return NumberField(value, option.lowest, option.highest, option.step)
    return Cycler(list(option.choices), remembered)


class SeatRow:
    def __init__(self, name: str, kind: str, difficulty: str, kinds=KINDS) -> None:
        self.name = TextField(name, "name", max_length=NAME_LIMIT)
        self.kind = Cycler(kinds, kind)
        self.difficulty = Cycler(DIFFICULTY_CHOICES, difficulty)
        self.remove = Button("\u2715", lambda: None, color=theme.BUTTON_STOP)

    def controls(self):
        controls = [self.name, self.kind, self.remove]
        if self.kind.value == "computer":
            controls.insert(2, self.difficulty)
        return controls

    def to_config(self, index: int) -> dict:
        return {"name": self.name.value.strip() or f"Player {index + 1}", "kind": self.kind.value,
                "difficulty": self.difficulty.value}


class SetupScene(Scene):
    def __init__(self, app, game: str, host=None) -> None:
        """`host`: a table hosted over the network is being set up (its seats may be Open):
        `host(config, seed)` opens it, or returns why it cannot."""
        super().__init__(app)
        self.game = find_game(game)
        self.rules = self.game.rules
        self.host = host
        self.kinds = HOSTED_KINDS if host else KINDS
        self.setup_key = f"{game} online" if host else game  # a hosted table's setup is remembered apart
        self.blink = CursorBlink()
        remembered = app.settings.get("last_setup", {}).get(self.setup_key, {})
        seats = remembered.get("seats") or (HOSTED_SEATS if host else [
            {"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}])
        rule_values = remembered.get("rules", {})
        self.options = {o.key: option_control(o, rule_values.get(o.key, o.default)) for o in self.rules.options}
        self.order = Cycler([("listed", "As listed"), ("random", "Random")], remembered.get("order", "listed"))
        self.games_to_win = Cycler([(n, f"{n} win{'s' if n > 1 else ''}") for n in range(1, 10)],
                                   remembered.get("games_to_win", 1))
        self.deals = self.rules.numbered_deals
        self.seed = TextField("", "new deal" if self.deals else "random", max_length=9 if self.deals else 12,
                              allowed=str.isdigit)
        self.winnable = Cycler([(False, "Any deal"), (True, "Winnable deals only")], remembered.get("winnable", False))
        self.daily_button = Button("Today's deal", self.start_daily)
        self._offer_card_sets(rule_values.get("card_set", ""))
        self.add_button = Button("+ Add seat", self._add_seat)
        self.start_button = Button("Open table" if host else "Start", self.start, color=theme.BUTTON_GO)
        self.back_button = Button("Back", app.pop)
        self.learn_button = Button("Learn", lambda: app.screens.lesson(game)) if self.game.lesson and not host else None
        self.message = ""
        self.scroll = 0
        self.max_scroll = 0
        self.solo = self.rules.max_players == 1
        self.rows = [SeatRow(YOU, "human", "normal")] if self.solo else [
            SeatRow(s.get("name", ""), s.get("kind", "human"), s.get("difficulty", "normal"), self.kinds) for s in seats
        ][: self.rules.max_players]
        standard = self.rules.standard_players
        while len(self.rows) < (standard[0] if standard and not remembered else self.rules.min_players):
            self._add_seat()

    def _offer_card_sets(self, remembered: str) -> None:
        """A game whose cards are data files offers its card sets: the built-in one and each set
        found in the cards folder; a set that was refused is listed with its reason instead."""
        if self.game.card_sets:
            folder = storage.cards_dir()
            self.card_folder, found = str(folder), self.game.card_sets(folder)
        else:
            self.card_folder, found = "", ()
        self.card_values = {"": None} | {c.name: c.value for c in found if c.value is not None}
        self.broken_sets = [c for c in found if c.problem]
        names = [("", "Built-in")] + [(name, name) for name in self.card_values if name]
        self.card_set = Cycler(names, remembered) if found else None

    def _add_seat(self) -> None:
        if len(self.rows) < self.rules.max_players:
            used = {row.name.value for row in self.rows}
            name = next(n for n in DEFAULT_NAMES[1:] + [f"Player {len(self.rows) + 1}"] if n not in used)
            self.rows.append(SeatRow(name, "open" if self.host else "computer", "normal", self.kinds))
            self.layout(self.app.size)

    def _remove_seat(self, row: SeatRow) -> None:
        if len(self.rows) > self.rules.min_players:
            self.rows.remove(row)
            self.layout(self.app.size)

    def table_config(self) -> dict:
        rules = self.option_values()
        if self.card_set is not None and self.card_set.value:
            rules["card_set"] = self.card_values[self.card_set.value]
        return {
            "seats": [row.to_config(i) for i, row in enumerate(self.rows)],
            "rules": rules,
            "games_to_win": 1 if self.deals else self.games_to_win.value,
        }

    def remembered_setup(self) -> dict:
        """The setup kept for next time: a card set by its name (its files are read again)."""
        setup = {**self.table_config(), "order": self.order.value}
        if self.card_set is not None:
            setup["rules"] = {**setup["rules"], "card_set": self.card_set.value}
        return setup

    def start(self) -> None:
        config = self.table_config()
        seed = int(self.seed.value) if self.seed.value and not self.deals else fresh_seed()
        if self.deals:
            typed = int(self.seed.value) if self.seed.value else None
            config["rules"] = self.rules.deal_config(config["rules"], typed, self.winnable.value)
            if config["rules"] is None:
                self.message = "No winnable deal was found from that number: try another."
                return
        if self.order.value == "random":
            Rng(seed).shuffle(config["seats"])
        self.open_table(config, seed)

    def start_daily(self) -> None:
        """Today's deal (by the computer's date), the same for every player."""
        config = {**self.table_config(), "rules": self.rules.daily_config(date.today())}
        if config["rules"] is None:
            self.message = "Today's deal could not be found."
            return
        self.open_table(config, fresh_seed())

    def open_table(self, config: dict, seed: int) -> None:
        remembered = self.remembered_setup()
        if self.deals:
            remembered["winnable"] = self.winnable.value
        self.app.settings.setdefault("last_setup", {})[self.setup_key] = remembered
        problem = self.app.save_settings()
        if self.host is not None:
            self.message = self.host(config, seed) or ""
            return
        try:
            session = new_session(self.game.name, config, seed)
        except ValueError as err:
            self.message = str(err)
            return
        self.app.screens.table(session, problem)

    def offer_allowed_options(self) -> None:
        """Each rule option offers only the values the rules allow with this many seats; one
        that does not count with the other options' values (LINX's match target in one game)
        is inactive."""
        for option in self.rules.options:
            if isinstance(option, NumberOption):
                self.options[option.key].enabled = option_counts(option, self.option_values())
                continue
            cycler = self.options[option.key]
            cycler.choices = list(self.rules.option_choices(option, len(self.rows)))
            if cycler.value not in [value for value, _label in cycler.choices]:
                cycler.value = cycler.choices[0][0]

    def layout(self, size) -> None:
        self.offer_allowed_options()
        """Lay the form out from measured text in a column that scrolls when the window is too
        short for it; Back and Start stay at the bottom."""
        w, h = size
        gap = self.px(theme.SPACE_CLOSE)
        self.title_y = self.px(theme.SPACE_WIDE)
        self.title_lines = wrap(self.title(), self.px(theme.TEXT_TITLE), w - 2 * gap, bold=True)
        top = self.title_y + len(self.title_lines) * line_height(self.px(theme.TEXT_TITLE), bold=True) + gap
        bw = max(self.px(START_MIN_W), self.start_button.needed(self.px(theme.TEXT_LEAD))[0],
                 self.back_button.needed(self.px(theme.TEXT_BUTTON))[0])
        bh = max(self.px(START_MIN_H), self.start_button.needed(self.px(theme.TEXT_LEAD))[1])
        self.back_button.rect = pygame.Rect(w - 2 * (bw + gap), h - bh - gap, bw, bh)
        self.start_button.rect = pygame.Rect(w - bw - gap, h - bh - gap, bw, bh)
        if self.learn_button is not None:
            self.learn_button.rect = pygame.Rect(w - 3 * (bw + gap), h - bh - gap, bw, bh)
        self.message_y = self.start_button.rect.y - gap
        self.viewport = pygame.Rect(0, top, w, self.message_y - line_height(self.px(theme.TEXT_NOTE)) - gap - top)
        self.items = []
        width = min(w - 2 * gap, self.px(PAGE_MAX_W))
        left = (w - width) // 2
        y = 0 if self.solo else self._lay_seats(left, width, gap) + gap
        y = self._lay_options(left, width, y, gap)
        if not self.solo:
            self._lay_legend(left, width, y + gap)
        overflow = max(rect.bottom for rect, *_rest in self.items) - self.viewport.h
        self.max_scroll = overflow + gap if overflow > 0 else 0  # a form that fits does not scroll
        self.scroll = min(self.scroll, self.max_scroll)
        self._place()

    def _text(self, message: str, size: int, color, pos, anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
        """A line of the form at `pos` (form coordinates, before scrolling); returns its rect."""
        rect = pygame.Rect(0, 0, text_width(message, size, bold), line_height(size, bold))
        setattr(rect, anchor, pos)
        self.items.append((rect, "text", (message, size, color, bold)))
        return rect

    def _control(self, control, rect: pygame.Rect, size: int) -> pygame.Rect:
        self.items.append((rect, "control", (control, size)))
        return rect

    def _lay_seats(self, left: int, width: int, gap: int) -> int:
        size = self.px(theme.TEXT_EMPHASIS)
        y = self._text("Seats (play goes in this order)", self.px(theme.TEXT_CONTROL), theme.INK_DIM, (left, 0), bold=True).bottom + gap // 2
        number_w = text_width("6", self.px(theme.TEXT_BUTTON), bold=True) + gap
        name_w = max(self.px(NAME_MIN_W), text_width("Mn" * (NAME_LIMIT // 2) + "  20/20", size))
        kind_w = max(self.px(KIND_MIN_W), self.rows[0].kind.needed(size)[0])
        level_w = max(self.px(LEVEL_MIN_W), self.rows[0].difficulty.needed(size)[0])
        row_h = max(self.px(ROW_MIN_H), self.rows[0].kind.needed(size)[1])
        two_lines = number_w + name_w + kind_w + level_w + row_h + 3 * gap > width  # large text: level and remove below
        for i, row in enumerate(self.rows):
            self._text(str(i + 1), self.px(theme.TEXT_BUTTON), theme.INK, (left + number_w // 2, y + row_h // 2),
                       "center", bold=True)
            self._name_seat(row, i + 1)
            x = left + number_w
            self._control(row.name, pygame.Rect(x, y, name_w, row_h), size)
            x += name_w + gap
            self._control(row.kind, pygame.Rect(x, y, kind_w, row_h), size)
            if two_lines:
                x, y = left + number_w, y + row_h + gap // 2
            else:
                x += kind_w + gap
            if row.kind.value == "computer":
                self._control(row.difficulty, pygame.Rect(x, y, level_w, row_h), size)
            self._control(row.remove, pygame.Rect(x + level_w + gap, y, row_h, row_h), self.px(theme.TEXT_LABEL))
            row.remove.on_click = lambda r=row: self._remove_seat(r)
            row.remove.enabled = len(self.rows) > self.rules.min_players
            y += row_h + gap // 2
        add_w, add_h = self.add_button.needed(self.px(theme.TEXT_LABEL))
        add = self._control(self.add_button, pygame.Rect(left + number_w, y, max(self.px(ADD_MIN_W), add_w), max(self.px(theme.SPACE_SECTION), add_h)), self.px(theme.TEXT_LABEL))
        self.add_button.enabled = len(self.rows) < self.rules.max_players
        y = add.bottom
        standard = self.rules.standard_players
        if standard and not standard[0] <= len(self.rows) <= standard[1]:
            note = f"{len(self.rows)} players is a table option: the rulebook plays {standard[0]}-{standard[1]}."
            y = self._wrapped(note, self.px(theme.TEXT_SMALL), theme.GOLD, add.right + gap, add.y,
                              left + width - add.right - gap, y)
        return y

    @staticmethod
    def _name_seat(row: SeatRow, number: int) -> None:
        """What speech calls the controls of the seat numbered `number`."""
        row.name.name, row.kind.name = f"Seat {number} name", f"Seat {number} player"
        row.difficulty.name, row.remove.name = f"Seat {number} computer level", f"Remove seat {number}"

    def _wrapped(self, message: str, size: int, color, x: int, y: int, width: int, below: int = 0) -> int:
        """`message` wrapped to `width` from (x, y); returns the lower of its bottom and `below`."""
        for line in wrap(message, size, width):
            y = self._text(line, size, color, (x, y)).bottom
        return max(y, below)

    def _lay_options(self, left: int, width: int, y: int, gap: int) -> int:
        size = self.px(theme.TEXT_EMPHASIS)
        rows = [] if self.solo else [("Seat order", self.order, "")]
        rows += [(o.label, self.options[o.key], self._option_help(o)) for o in self.rules.options]
        if self.card_set is not None:
            rows.append(("Card set", self.card_set, f"Built-in: the cards designed for this edition. Card files go in "
                         f"{self.card_folder}: NAME.classes.toml and NAME.events.toml."))
        if self.deals:
            rows += [("Deal", self.seed, "A deal's number plays that deal (as shared: \"Deal #12345\"); "
                                         "leave blank for a new deal."),
                     ("Deals", self.winnable, "Winnable only: each new deal is one the solver has proved can be won."),
                     ("Daily deal", self.daily_button, f"The deal of {date.today().isoformat()}, the same for "
                                                       "everyone: with events, proved winnable.")]
        else:
            rows += [("Games to win", self.games_to_win, "The session ends when a player reaches this many wins."),
                     ("Seed", self.seed, "Same seed, same deal: leave blank for a fresh shuffle.")]
        label_w = max(text_width(label, self.px(theme.TEXT_CONTROL), bold=True) for label, *_rest in rows) + gap
        control_w = max(self.px(CONTROL_MIN_W),
                        *(c.needed(size)[0] for _l, c, _h in rows if isinstance(c, (Cycler, NumberField))))
        control_h = max(self.px(ROW_MIN_H), line_height(size) + gap)
        help_x = left + label_w + control_w + gap
        for label, control, help_text in rows:
            if not isinstance(control, Button):
                control.name = label
            rect = self._control(control, pygame.Rect(left + label_w, y, control_w, control_h), size)
            self._text(label, self.px(theme.TEXT_CONTROL), theme.INK, (rect.x - gap, rect.centery), "midright", bold=True)
            bottom = rect.bottom
            if help_text:
                if left + width - help_x >= self.px(HELP_BESIDE_MIN_W) * resources.text_scale:  # as many words a line at any text size
                    bottom = self._wrapped(help_text, self.px(theme.TEXT_SMALL), theme.INK_DIM, help_x, rect.y,
                                           left + width - help_x, bottom)
                else:
                    bottom = self._wrapped(help_text, self.px(theme.TEXT_SMALL), theme.INK_DIM, rect.x,
                                           rect.bottom + 2, left + width - rect.x)
            y = bottom + gap
            if control is self.card_set:
                for broken in self.broken_sets:
                    y = self._wrapped(f"{broken.name} cannot be used: {broken.problem}", self.px(theme.TEXT_SMALL), theme.ALERT,
                                      rect.x, y, left + width - rect.x) + gap // 2
        return y

    def option_values(self) -> dict:
        return {key: control.value for key, control in self.options.items()}

    def _option_help(self, option) -> str:
        """What an option does, and while it does not count, why."""
        words = option.help_for(self.options[option.key].value)
        if option_counts(option, self.option_values()):
            return words
        return f"{option.only_with.words} {words}"

    def _lay_legend(self, left: int, width: int, y: int) -> None:
        y = self._text("Computer players", self.px(theme.TEXT_NOTE), theme.INK_DIM, (left, y), bold=True).bottom
        for d in DIFFICULTIES:
            y = self._wrapped(f"{d.label}: {d.help_for(self.game)}", self.px(theme.TEXT_SMALL), theme.INK_DIM, left, y, width)

    def _place(self) -> None:
        """Put every control where the scrolled form shows it; one scrolled out of view cannot be clicked."""
        shift = self.viewport.y - self.scroll
        for row in self.rows:
            row.difficulty.rect = pygame.Rect(0, 0, 0, 0)
        for rect, kind, payload in self.items:
            if kind == "control":
                shown = rect.move(0, shift)
                payload[0].rect = shown if self.viewport.contains(shown) else pygame.Rect(0, 0, 0, 0)

    def spoken_title(self) -> str:
        return self.title()

    def title(self) -> str:
        return f"{self.game.title}: {'host a table' if self.host else 'new game'}"

    def focusables(self) -> list:
        return self.widgets()

    def reveal(self, control) -> None:
        """Scroll the form so that the control the focus landed on shows whole."""
        form = next((rect for rect, kind, payload in self.items if kind == "control" and payload[0] is control), None)
        if form is None or not self.max_scroll:
            return
        if form.y < self.scroll:
            self.scroll = form.y
        elif form.bottom > self.scroll + self.viewport.h:
            self.scroll = form.bottom - self.viewport.h
        self.scroll = max(0, min(self.max_scroll, self.scroll))
        self._place()

    def widgets(self):
        if self.solo:
            found = []
        else:
            found = [c for row in self.rows for c in row.controls()] + [self.add_button, self.order]
        found += [*self.options.values()] + ([self.card_set] if self.card_set is not None else [])
        found += [self.seed, self.winnable, self.daily_button] if self.deals else [self.games_to_win, self.seed]
        learn = [self.learn_button] if self.learn_button else []
        return found + learn + [self.back_button, self.start_button]  # as drawn, left to right

    def handle(self, event) -> None:
        self.blink.wake()
        if keymap.ESCAPE.pressed(event) and not self._typing():
            self.app.pop()
            return
        if keymap.ENTER.pressed(event) and not self._typing():
            self.start()
            return
        pages = keymap.pressed_in(PAGE_KEYS, event)
        if (event.type == pygame.MOUSEWHEEL or pages is not None) and self.max_scroll:
            moved = pages * (self.viewport.h - self.px(theme.SPACE_SECTION)) if pages else -event.y * self.px(theme.SPACE_SECTION)
            self.scroll = max(0, min(self.max_scroll, self.scroll + moved))
            self._place()
            return
        for widget in self.widgets():
            if widget.handle(event) and event.type != pygame.MOUSEBUTTONDOWN:
                break
        self.layout(self.app.size)

    def animating(self) -> bool:
        return self._typing() and self.blink.due()

    def _typing(self) -> bool:
        numbers = (control for control in self.options.values() if isinstance(control, NumberField))
        return self.seed.focused or any(row.name.focused for row in self.rows) or any(n.focused for n in numbers)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        draw_lines(screen, self.title_lines, self.px(theme.TEXT_TITLE), theme.INK, (w // 2, self.title_y), "midtop", bold=True)
        blink = self.blink.on()
        shift = self.viewport.y - self.scroll
        for rect, kind, payload in self.items:
            shown = rect.move(0, shift)
            if not self.viewport.contains(shown):
                continue
            if kind == "text":
                message, size, color, bold = payload
                draw_text(screen, message, size, color, shown.topleft, bold=bold)
            elif isinstance(payload[0], (TextField, NumberField)):
                payload[0].draw(screen, payload[1], blink)
            else:
                payload[0].draw(screen, payload[1])
        if self.max_scroll:
            more = "\u25b2 \u25bc scroll for more" if 0 < self.scroll < self.max_scroll else (
                "\u25bc scroll for more" if self.scroll == 0 else "\u25b2 scroll back up")
            draw_text(screen, more, self.px(theme.TEXT_SMALL), theme.INK_DIM,
                      (self.px(theme.SPACE_WIDE), self.start_button.rect.centery), "midleft")
        self.back_button.draw(screen, self.px(theme.TEXT_BUTTON))
        if self.learn_button is not None:
            self.learn_button.draw(screen, self.px(theme.TEXT_BUTTON))
        self.start_button.draw(screen, self.px(theme.TEXT_LEAD))
        if self.message:
            draw_text(screen, self.message, self.px(theme.TEXT_NOTE), theme.ALERT, (w // 2, self.message_y), "midbottom")
