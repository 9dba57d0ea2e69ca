"""The end of a game: who won and why, every hand shown, the session's wins, what next."""

from __future__ import annotations

import pygame

from game import storage
from game.rng import fresh_seed
from game.session import Session

from . import cardart, theme
from .app import Scene
from .widgets import Button, draw_text, panel


class GameOver(Scene):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        session = table.session
        if session.session_over:
            storage.forget_game()
            self.primary = Button("Play again", self.play_again, color=(40, 140, 80))
        else:
            self.primary = Button("Next game", self.next_game, color=(40, 140, 80))
        self.menu = Button("Menu", self.to_menu)

    def covers(self) -> bool:
        return False

    def layout(self, size) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - self.px(60), self.px(820)), min(h - self.px(60), self.px(560)))
        self.box.center = (w // 2, h // 2)
        self.primary.rect = pygame.Rect(self.box.centerx - self.px(250), self.box.bottom - self.px(80), self.px(230), self.px(56))
        self.menu.rect = pygame.Rect(self.box.centerx + self.px(20), self.box.bottom - self.px(80), self.px(230), self.px(56))

    def next_game(self) -> None:
        self.app.pop()
        self.table.next_game()

    def play_again(self) -> None:
        old = self.table.session
        self.app.screens.table(Session(old.game, old.config, fresh_seed()))

    def to_menu(self) -> None:
        self.app.pop()
        self.table.leave()

    def handle(self, event) -> None:
        self.primary.handle(event)
        self.menu.handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.primary.on_click()

    def headline(self) -> str:
        session = self.table.session
        names = session.names
        outcome = session.outcome()
        winners = [names[s] for s in outcome.winners]
        if session.session_over and session.config["games_to_win"] > 1:
            champions = [names[i] for i, wins in enumerate(session.wins) if wins == max(session.wins)]
            return f"{' and '.join(champions)} win{'s' if len(champions) == 1 else ''} the session!"
        if len(winners) == 1:
            return f"{winners[0]} wins the game!"
        return f"{' and '.join(winners)} share the win!"

    def draw(self, screen) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=16)
        session = self.table.session
        draw_text(screen, self.headline(), self.px(34), theme.GOLD, (self.box.centerx, self.box.y + self.px(40)), "center", bold=True)
        history = session.history
        reason = history[-1][1].text(session.names) if history else ""
        draw_text(screen, reason, self.px(18), theme.INK_DIM, (self.box.centerx, self.box.y + self.px(82)), "center")
        winners = session.view(None).winners or ()
        y = self.box.y + self.px(120)
        card_w = self.px(40)
        for seat, cards, summary in self.table.result_rows():
            mark = "\u2605 " if seat in winners else ""
            name = session.names[seat]
            draw_text(screen, f"{mark}{name}", self.px(19), theme.INK, (self.box.x + self.px(30), y + self.px(14)), "midleft", bold=True)
            draw_text(screen, f"wins: {session.wins[seat]}", self.px(15), theme.INK_DIM, (self.box.x + self.px(30), y + self.px(38)), "midleft")
            step = min(int(card_w * 0.8), (self.box.w - self.px(420)) // max(1, len(cards)))
            for i, card in enumerate(cards):
                screen.blit(cardart.face(card, card_w), (self.box.x + self.px(200) + i * step, y))
            draw_text(screen, summary, self.px(14), theme.INK_DIM, (self.box.right - self.px(24), y + self.px(26)), "midright")
            y += self.px(70)
        self.primary.draw(screen, self.px(22))
        self.menu.draw(screen, self.px(22))
