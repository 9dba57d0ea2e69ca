"""The setup screen of a game: seats (human or computer, names, difficulty), rule options, seed."""

from __future__ import annotations

import pygame

from game.ai import DIFFICULTIES
from game.registry import entry
from game.rng import Rng, fresh_seed
from game.session import Session

from . import theme
from .app import Scene
from .widgets import Button, Cycler, TextField, draw_text

KINDS = [("human", "Human"), ("computer", "Computer")]
DIFFICULTY_CHOICES = [(d.key, d.label) for d in DIFFICULTIES]
DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Finn"]


class SeatRow:
    def __init__(self, name: str, kind: str, difficulty: str) -> None:
        self.name = TextField(name, "name", max_length=12)
        self.kind = Cycler(KINDS, kind)
        self.difficulty = Cycler(DIFFICULTY_CHOICES, difficulty)
        self.remove = Button("\u2715", lambda: None, color=(120, 60, 60))

    def controls(self):
        controls = [self.name, self.kind, self.remove]
        if self.kind.value == "computer":
            controls.insert(2, self.difficulty)
        return controls

    def to_config(self, index: int) -> dict:
        return {"name": self.name.value.strip() or f"Player {index + 1}", "kind": self.kind.value,
                "difficulty": self.difficulty.value}


class SetupScene(Scene):
    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = entry(game)
        self.rules = self.game.rules
        remembered = app.settings.get("last_setup", {}).get(game, {})
        seats = remembered.get("seats") or [
            {"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}]
        rule_values = remembered.get("rules", {})
        self.options = {o.key: Cycler(list(o.choices), rule_values.get(o.key, o.default)) for o in self.rules.options}
        self.order = Cycler([("listed", "As listed"), ("random", "Random")], remembered.get("order", "listed"))
        self.games_to_win = Cycler([(n, f"{n} win{'s' if n > 1 else ''}") for n in range(1, 10)],
                                   remembered.get("games_to_win", 1))
        self.seed = TextField("", "random", max_length=12, allowed=str.isdigit)
        self.add_button = Button("+ Add seat", self._add_seat)
        self.start_button = Button("Start", self.start, color=(40, 140, 80))
        self.back_button = Button("Back", app.pop)
        self.message = ""
        self.rows = [SeatRow(s.get("name", ""), s.get("kind", "human"), s.get("difficulty", "normal"))
                     for s in seats][: self.rules.max_players]
        standard = self.rules.standard_players
        while len(self.rows) < (standard[0] if standard and not remembered else self.rules.min_players):
            self._add_seat()

    def _add_seat(self) -> None:
        if len(self.rows) < self.rules.max_players:
            used = {row.name.value for row in self.rows}
            name = next(n for n in DEFAULT_NAMES[1:] + [f"Player {len(self.rows) + 1}"] if n not in used)
            self.rows.append(SeatRow(name, "computer", "normal"))
            self.layout(self.app.size)

    def _remove_seat(self, row: SeatRow) -> None:
        if len(self.rows) > self.rules.min_players:
            self.rows.remove(row)
            self.layout(self.app.size)

    def table_config(self) -> dict:
        return {
            "seats": [row.to_config(i) for i, row in enumerate(self.rows)],
            "rules": {key: cycler.value for key, cycler in self.options.items()},
            "games_to_win": self.games_to_win.value,
        }

    def start(self) -> None:
        from .tables import open_table

        config = self.table_config()
        seed = int(self.seed.value) if self.seed.value else fresh_seed()
        if self.order.value == "random":
            Rng(seed).shuffle(config["seats"])
        self.app.settings.setdefault("last_setup", {})[self.game.name] = {**self.table_config(), "order": self.order.value}
        problem = self.app.save_settings()
        try:
            session = Session(self.game.name, config, seed)
        except ValueError as err:
            self.message = str(err)
            return
        open_table(self.app, session)
        if problem:
            self.app.top.say(problem)

    def layout(self, size) -> None:
        w, _h = size
        left = w // 2 - self.px(470)
        y = self.px(140)
        row_h = self.px(52)
        for row in self.rows:
            row.name.rect = pygame.Rect(left + self.px(50), y, self.px(230), self.px(42))
            row.kind.rect = pygame.Rect(left + self.px(295), y, self.px(170), self.px(42))
            row.difficulty.rect = pygame.Rect(left + self.px(480), y, self.px(160), self.px(42))
            row.remove.rect = pygame.Rect(left + self.px(655), y, self.px(42), self.px(42))
            row.remove.on_click = lambda r=row: self._remove_seat(r)
            row.remove.enabled = len(self.rows) > self.rules.min_players
            y += row_h
        self.add_button.rect = pygame.Rect(left + self.px(50), y + self.px(4), self.px(200), self.px(40))
        self.add_button.enabled = len(self.rows) < self.rules.max_players
        y = self.px(140) + self.rules.max_players * row_h + self.px(70)
        controls = [self.order, *self.options.values(), self.games_to_win]
        for i, control in enumerate(controls):
            control.rect = pygame.Rect(left + self.px(250), y + i * self.px(64), self.px(300), self.px(42))
        self.seed.rect = pygame.Rect(left + self.px(250), y + len(controls) * self.px(64), self.px(300), self.px(42))
        self.back_button.rect = pygame.Rect(w // 2 + self.px(180), self.app.size[1] - self.px(90), self.px(130), self.px(54))
        self.start_button.rect = pygame.Rect(w // 2 + self.px(330), self.app.size[1] - self.px(90), self.px(150), self.px(54))

    def widgets(self):
        found = [c for row in self.rows for c in row.controls()]
        return found + [self.add_button, self.order, *self.options.values(), self.games_to_win, self.seed,
                        self.start_button, self.back_button]

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self._typing():
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self._typing():
            self.start()
            return
        for widget in self.widgets():
            if widget.handle(event) and event.type != pygame.MOUSEBUTTONDOWN:
                break
        self.layout(self.app.size)

    def _typing(self) -> bool:
        return self.seed.focused or any(row.name.focused for row in self.rows)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        left = w // 2 - self.px(470)
        draw_text(screen, f"{self.game.title}: new game", self.px(40), theme.INK, (w // 2, self.px(60)), "center", bold=True)
        draw_text(screen, "Seats (play goes in this order)", self.px(20), theme.INK_DIM, (left, self.px(105)), bold=True)
        blink = (pygame.time.get_ticks() // 500) % 2 == 0
        for i, row in enumerate(self.rows):
            draw_text(screen, str(i + 1), self.px(22), theme.INK, (left + self.px(20), row.name.rect.centery), "center", bold=True)
            row.name.draw(screen, self.px(19), blink)
            row.kind.draw(screen, self.px(19))
            if row.kind.value == "computer":
                row.difficulty.draw(screen, self.px(19))
            row.remove.draw(screen, self.px(18))
        self.add_button.draw(screen, self.px(18))
        standard = self.rules.standard_players
        if standard and not standard[0] <= len(self.rows) <= standard[1]:
            draw_text(screen, f"{len(self.rows)} players is a table option: the rulebook plays {standard[0]}-{standard[1]}.",
                      self.px(15), theme.GOLD, (self.add_button.rect.right + self.px(16), self.add_button.rect.centery), "midleft")
        labels = [("Seat order", self.order, "")]
        labels += [(o.label, self.options[o.key], o.help) for o in self.rules.options]
        labels += [("Games to win", self.games_to_win, "The session ends when a player reaches this many wins.")]
        for label, control, help_text in labels:
            draw_text(screen, label, self.px(20), theme.INK, (control.rect.x - self.px(20), control.rect.centery), "midright", bold=True)
            control.draw(screen, self.px(19))
            if help_text:
                draw_text(screen, help_text, self.px(15), theme.INK_DIM, (control.rect.right + self.px(16), control.rect.centery), "midleft")
        draw_text(screen, "Seed", self.px(20), theme.INK, (self.seed.rect.x - self.px(20), self.seed.rect.centery), "midright", bold=True)
        self.seed.draw(screen, self.px(19), blink)
        draw_text(screen, "Same seed, same deal: leave blank for a fresh shuffle.", self.px(15), theme.INK_DIM,
                  (self.seed.rect.right + self.px(16), self.seed.rect.centery), "midleft")
        y = h - self.px(118)
        for d in DIFFICULTIES:
            draw_text(screen, f"{d.label}: {d.help}", self.px(15), theme.INK_DIM, (left, y))
            y += self.px(22)
        self.back_button.draw(screen, self.px(22))
        self.start_button.draw(screen, self.px(24))
        if self.message:
            draw_text(screen, self.message, self.px(17), theme.ALERT, (w // 2, h - self.px(140)), "center")
