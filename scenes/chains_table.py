"""The Chains table: your hand at the bottom, opponents at the top, three chains, the deck."""

from __future__ import annotations

import pygame

from game.chains.rules import Draw, Drew, Pass, Passed, Play, Played, Rebuilt

from . import cardart, theme
from .motion import Flight
from .table import TableScene
from .widgets import Button, draw_text, panel

DRAW_RULE_HINT = {"three": "up to three cards", "one": "one card", "until": "until a card fits"}
CLICK_SLOP = 6


class ChainsTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.draw_button = Button("Draw", lambda: self.perform(Draw()))
        self.pass_button = Button("Pass", lambda: self.perform(Pass()), color=(150, 100, 40))
        self.drag: dict | None = None
        self.selected = None
        self.hover_card = None
        self.notice = ""
        self.notice_time = 0.0

    # -- geometry

    def layout(self, size) -> None:
        area = self.layout_frame(size)
        self.area = area
        self.opp_h = self.px(124)
        self.hand_w = self.px(92)
        hand_h = int(self.hand_w * theme.CARD_RATIO)
        self.hand_y = area.bottom - hand_h - self.px(22)
        self.prompt_y = self.hand_y - self.px(50)
        chains_top = area.top + self.opp_h + self.px(14)
        chains_bottom = self.prompt_y - self.px(14)
        self.deck_w = self.px(170)
        row_h = (chains_bottom - chains_top) // 3
        self.chain_w = max(20, min(self.px(80), int((row_h - self.px(8)) / theme.CARD_RATIO)))
        chains_right = area.right - self.deck_w - self.px(10)
        self.chain_rows = [pygame.Rect(area.x + self.px(16), chains_top + i * row_h, chains_right - area.x - self.px(16), row_h - self.px(6))
                           for i in range(3)]
        deck_x = chains_right + self.deck_w // 2
        self.deck_center = (deck_x, chains_top + row_h // 2 + self.px(10))
        self.pending_center = (deck_x, chains_top + row_h * 2 + self.px(4))
        bx = area.right - self.px(150)
        self.draw_button.rect = pygame.Rect(bx, self.hand_y + self.px(8), self.px(130), self.px(50))
        self.pass_button.rect = pygame.Rect(bx, self.hand_y + self.px(66), self.px(130), self.px(50))

    @property
    def bottom_seat(self) -> int:
        viewer = self.viewer
        if viewer is not None:
            return viewer
        humans = self.session.human_seats
        return humans[0] if humans else 0

    def opponents(self) -> list[int]:
        bottom = self.bottom_seat
        n = self.session.rules.view(self.session.state, None).players
        return [(bottom + k) % n for k in range(1, n)]

    def opponent_box(self, seat: int) -> pygame.Rect:
        seats = self.opponents()
        gap = self.px(14)
        width = min(self.px(300), (self.area.w - gap * (len(seats) + 1)) // len(seats))
        total = len(seats) * width + (len(seats) - 1) * gap
        x = self.area.centerx - total // 2 + seats.index(seat) * (width + gap)
        return pygame.Rect(x, self.area.top + self.px(8), width, self.opp_h - self.px(8))

    def chain_card_centers(self, chain: tuple, row: pygame.Rect) -> tuple[list[tuple[int, int]], int]:
        """Centres of the chain's visible cards (oldest first) and how many earlier cards are folded away."""
        w = self.chain_w
        step = int(w * 0.45)
        label_w = self.px(34)
        room = max(1, (row.w - label_w - w) // step + 1)
        shown = min(len(chain), room)
        y = row.centery
        x0 = row.x + label_w + w // 2
        return [(x0 + i * step, y) for i in range(shown)], len(chain) - shown

    def chain_end_center(self, view, index: int) -> tuple[int, int]:
        centers, _ = self.chain_card_centers(view.chains[index], self.chain_rows[index])
        return centers[-1]

    def hand_centers(self, count: int) -> list[tuple[int, int]]:
        if count == 0:
            return []
        w = self.hand_w
        room = self.draw_button.rect.x - self.area.x - self.px(40)
        step = min(w + self.px(8), (room - w) // max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        x0 = self.area.x + self.px(20) + max(0, (room - total) // 2) + w // 2
        y = self.hand_y + int(w * theme.CARD_RATIO) // 2
        return [(x0 + i * step, y) for i in range(count)]

    def seat_center(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom_seat:
            return (self.area.centerx, self.hand_y + self.px(60))
        return self.opponent_box(seat).center

    def card_rect(self, center, width) -> pygame.Rect:
        w, h = cardart.card_size(width)
        return pygame.Rect(center[0] - w // 2, center[1] - h // 2, w, h)

    # -- input

    def playable_chains(self, card) -> list[int]:
        if not self.my_turn:
            return []
        return [a.chain for a in self.session.legal_actions() if isinstance(a, Play) and a.card == card]

    def hand_card_at(self, pos, view):
        hand = self.shown_hand(view)
        centers = self.hand_centers(len(hand))
        for card, center in reversed(list(zip(hand, centers))):
            if self.card_rect(self._raised(card, center), self.hand_w).collidepoint(pos):
                return card, center
        if view.pending is not None and view.seat == view.current:
            if self.card_rect(self.pending_center, self.hand_w).collidepoint(pos):
                return view.pending, self.pending_center
        return None

    @staticmethod
    def shown_hand(view) -> list:
        """The viewer's hand sorted by rank, then suit, as a player would hold it."""
        return sorted(view.hand, key=lambda c: (c.rank, "SHDC".index(c.suit)))

    def _raised(self, card, center):
        lift = self.px(22) if card == self.selected else (self.px(10) if card == self.hover_card else 0)
        return (center[0], center[1] - lift)

    def chain_at(self, pos) -> int | None:
        for i, row in enumerate(self.chain_rows):
            if row.collidepoint(pos):
                return i
        return None

    def handle(self, event) -> None:
        super().handle(event)
        if self.app.top is not self:
            return
        view = self.current_view()
        if self.my_turn:
            self._enable_buttons()
            self.draw_button.handle(event)
            self.pass_button.handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos, view)
        elif event.type == pygame.MOUSEMOTION:
            if self.drag:
                self.drag["pos"] = event.pos
            else:
                hit = self.hand_card_at(event.pos, view) if view.seat is not None else None
                self.hover_card = hit[0] if hit else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN and self.my_turn:
            if event.key == pygame.K_d:
                self.perform(Draw())
            elif event.key == pygame.K_p:
                self.perform(Pass())

    def _enable_buttons(self) -> None:
        legal = self.session.legal_actions()
        self.draw_button.enabled = Draw() in legal
        self.pass_button.enabled = Pass() in legal

    def _press(self, pos, view) -> None:
        if view.seat is None or not self.my_turn:
            return
        hit = self.hand_card_at(pos, view)
        if hit:
            card, center = hit
            self.drag = {"card": card, "offset": (center[0] - pos[0], center[1] - pos[1]), "pos": pos, "start": pos,
                         "home": center}
            return
        if self.card_rect(self.deck_center, self.chain_w).collidepoint(pos) and Draw() in self.session.legal_actions():
            self.perform(Draw())
            return
        chain = self.chain_at(pos)
        if chain is not None and self.selected is not None:
            self._try_play(self.selected, chain, self.chain_end_center(view, chain))

    def _release(self, pos) -> None:
        drag, self.drag = self.drag, None
        if not drag:
            return
        card = drag["card"]
        moved = abs(pos[0] - drag["start"][0]) + abs(pos[1] - drag["start"][1])
        if moved <= CLICK_SLOP:
            self._click_card(card)
            return
        drop = (pos[0] + drag["offset"][0], pos[1] + drag["offset"][1])
        chain = self.chain_at(drop)
        if chain is None:
            chain = self.chain_at(pos)
        if chain is None:
            self._snap_back(card, drop, drag["home"])
            return
        if not self._try_play(card, chain, drop):
            self._snap_back(card, drop, drag["home"])

    def _click_card(self, card) -> None:
        chains = self.playable_chains(card)
        if len(chains) == 1:
            self._try_play(card, chains[0], None)
        elif card == self.selected:
            self.selected = None
        else:
            self.selected = card
            if chains:
                self.say_notice("Now click the chain to play it on.")
            else:
                self._explain(card)

    def _explain(self, card) -> None:
        """Say why a card that fits nowhere cannot be played, in the engine's words."""
        self.selected = None
        self.say(self.session.why_illegal(Play(card, self._nearest_chain(card))).capitalize())

    def _nearest_chain(self, card) -> int:
        ends = [chain[-1].rank for chain in self.current_view().chains]
        return min(range(len(ends)), key=lambda i: abs(ends[i] - card.rank))

    def _try_play(self, card, chain: int, origin) -> bool:
        self.selected = None
        return self.perform(Play(card, chain), origin)

    def _snap_back(self, card, start, home) -> None:
        self.motion.add(Flight(card, True, start, home, hides=(("hand-card", card),), duration=0.2))

    def say_notice(self, message: str) -> None:
        self.notice = message
        self.notice_time = 2.5

    # -- events to motion

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Played):
            start = origin or (self.pending_center if event.drawn else self.seat_center(event.seat))
            end = self.chain_end_center(view, event.chain)
            self.motion.add(Flight(event.card, True, start, end, hides=(("chain", event.chain),)))
        elif isinstance(event, Drew):
            if event.fits:
                self.motion.add(Flight(event.card, True, self.deck_center, self.pending_center, hides=(("pending",),)))
            else:
                end = self.seat_center(event.seat)
                hides = (("hand", event.seat),)
                if event.card is not None and event.card in view.hand:
                    hand = self.shown_hand(view)
                    end = self.hand_centers(len(hand))[hand.index(event.card)]
                    hides = (("hand-card", event.card),)
                self.motion.add(Flight(event.card, event.card is not None, self.deck_center, end, hides=hides))
        elif isinstance(event, Rebuilt):
            self.say_notice(f"The deck ran out: rebuilt from the chains ({event.deck_size} cards).")
        elif isinstance(event, Passed):
            self.say_notice(event.text(self.session.names))

    def update(self, dt: float) -> None:
        self.notice_time = max(0.0, self.notice_time - dt)
        super().update(dt)

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        for i, row in enumerate(self.chain_rows):
            pygame.draw.rect(surface, theme.FELT_DARK, row, border_radius=10)
            draw_text(surface, str(i + 1), self.px(22), theme.INK_DIM, (row.x + self.px(16), row.centery), "center", bold=True)

    def draw(self, screen) -> None:
        view = self.current_view()
        hidden = self.motion.hidden()
        self.draw_frame(screen, "Chains")
        for seat in self.opponents():
            self.draw_opponent(screen, view, seat, hidden)
        self.draw_chains(screen, view, hidden)
        self.draw_deck(screen, view, hidden)
        self.draw_hand(screen, view, hidden)
        self.draw_prompt(screen, view)
        self.draw_flights(screen, self.hand_w)
        if self.drag:
            pos = self.drag["pos"]
            center = (pos[0] + self.drag["offset"][0], pos[1] + self.drag["offset"][1])
            image = cardart.face(self.drag["card"], self.hand_w)
            screen.blit(image, image.get_rect(center=center))
        self.draw_message(screen, (self.area.centerx, self.prompt_y - self.px(40)))

    def draw_opponent(self, screen, view, seat: int, hidden) -> None:
        box = self.opponent_box(seat)
        active = view.current == seat and view.winners is None
        panel(screen, box, edge=theme.GOLD if active else theme.PANEL_EDGE)
        if active:
            pygame.draw.rect(screen, theme.GOLD, box, 3, border_radius=10)
        name = self.session.names[seat]
        kind = "computer" if seat in self.session.computers else "human"
        draw_text(screen, name, self.px(18), theme.INK, (box.x + self.px(10), box.y + self.px(6)), bold=True)
        count = view.hand_counts[seat] - (1 if ("hand", seat) in hidden else 0)
        draw_text(screen, f"{count} card{'s' if count != 1 else ''} \u00b7 {kind}", self.px(14), theme.INK_DIM,
                  (box.right - self.px(10), box.y + self.px(9)), "topright")
        w = self.px(44)
        step = min(self.px(16), (box.w - self.px(20) - w) // max(1, count - 1)) if count > 1 else 0
        for i in range(count):
            screen.blit(cardart.back(w), (box.x + self.px(10) + i * step, box.y + self.px(34)))
        if active and self.thinker is not None:
            draw_text(screen, "thinking\u2026", self.px(15), theme.GOLD, (box.right - self.px(10), box.bottom - self.px(8)), "bottomright")

    def draw_chains(self, screen, view, hidden) -> None:
        dragged = self.drag["card"] if self.drag else self.selected
        targets = set(self.playable_chains(dragged)) if dragged is not None else set()
        for i, (chain, row) in enumerate(zip(view.chains, self.chain_rows)):
            cards = chain[:-1] if ("chain", i) in hidden else chain
            centers, folded = self.chain_card_centers(cards, row)
            visible = cards[len(cards) - len(centers):]
            if folded:
                draw_text(screen, f"+{folded}", self.px(13), theme.INK_FAINT, (row.x + self.px(16), row.centery + self.px(20)), "center")
            if i in targets:
                pygame.draw.rect(screen, theme.GLOW, row, 2, border_radius=10)
            if i in targets and centers:
                halo = cardart.glow(self.chain_w)
                screen.blit(halo, halo.get_rect(center=centers[-1]))
            for card, center in zip(visible, centers):
                screen.blit(cardart.face(card, self.chain_w), self.card_rect(center, self.chain_w))

    def draw_deck(self, screen, view, hidden) -> None:
        w = self.chain_w
        x, y = self.deck_center
        if view.deck_count:
            for k in range(min(4, (view.deck_count + 9) // 10), 0, -1):
                screen.blit(cardart.back(w), self.card_rect((x + k * 2, y - k * 2), w))
        else:
            cardart.empty_slot(screen, self.card_rect((x, y), w))
        label = f"Deck: {view.deck_count}"
        draw_text(screen, label, self.px(16), theme.INK, (x, y + int(w * theme.CARD_RATIO) // 2 + self.px(6)), "midtop", bold=True)
        draw_text(screen, "draw: " + DRAW_RULE_HINT[view.draw_rule], self.px(13), theme.INK_DIM,
                  (x, y + int(w * theme.CARD_RATIO) // 2 + self.px(28)), "midtop")
        if view.pending is not None and ("pending",) not in hidden and not (self.drag and self.drag["card"] == view.pending):
            draw_text(screen, "Drawn, must be played", self.px(13), theme.GOLD,
                      (self.pending_center[0], self.pending_center[1] - int(self.hand_w * theme.CARD_RATIO) // 2 - self.px(4)), "midbottom")
            screen.blit(cardart.face(view.pending, self.hand_w), self.card_rect(self.pending_center, self.hand_w))

    def draw_hand(self, screen, view, hidden) -> None:
        seat = self.bottom_seat
        name = self.session.names[seat]
        hand_y = self.hand_y
        if view.seat is None:
            count = view.hand_counts[seat]
            for center in self.hand_centers(count):
                screen.blit(cardart.back(self.hand_w), self.card_rect(center, self.hand_w))
            draw_text(screen, f"{name}: {count} cards (hidden)", self.px(16), theme.INK_DIM, (self.area.x + self.px(20), hand_y - self.px(8)), "bottomleft")
            return
        cards = self.shown_hand(view)
        dragged = self.drag["card"] if self.drag else None
        snapping = {spot[1] for spot in hidden if spot[0] == "hand-card"}
        centers = self.hand_centers(len(cards))
        for card, center in zip(cards, centers):
            if card == dragged or card in snapping:
                continue
            fits = bool(self.playable_chains(card)) if self.my_turn else False
            center = self._raised(card, center)
            if card == self.selected:
                halo = cardart.glow(self.hand_w)
                screen.blit(halo, halo.get_rect(center=center))
            screen.blit(cardart.face(card, self.hand_w), self.card_rect(center, self.hand_w))
            if self.my_turn and not fits and any(isinstance(a, Play) for a in self.session.legal_actions()):
                screen.blit(cardart.shade(self.hand_w), self.card_rect(center, self.hand_w))
        if self.my_turn:
            self._enable_buttons()
            self.draw_button.draw(screen, self.px(20))
            self.pass_button.draw(screen, self.px(20))

    def draw_prompt(self, screen, view) -> None:
        prompt = self.prompt(view)
        active = view.seat is not None and view.current == view.seat and view.winners is None
        color = theme.GOLD if active else theme.INK
        if self.notice_time > 0 and self.notice:
            prompt = self.notice
            color = theme.INK
        draw_text(screen, prompt, self.px(19), color, (self.area.x + self.px(20), self.prompt_y + self.px(14)), "midleft", bold=active)

    def prompt(self, view) -> str:
        names = self.session.names
        if view.winners is not None:
            return "Game over"
        current = names[view.current]
        if view.seat is None or view.current != view.seat:
            return f"{current}'s turn"
        if self.motion.busy:
            return f"Your turn, {current}"
        legal = self.session.legal_actions()
        if view.pending is not None:
            return f"You drew {view.pending.label} and it fits: drag it onto a glowing chain"
        if any(isinstance(a, Play) for a in legal):
            return f"Your turn, {current}: drag a card onto a chain (bright cards fit)"
        if Draw() in legal:
            if view.drawn:
                return f"{view.drawn} drawn, nothing fits yet: draw again"
            return "Nothing in your hand fits: draw (click the deck or Draw)"
        if view.drawn:
            return "No drawn card fits: pass the turn"
        return "Nothing fits and nothing can be drawn: pass the turn"
