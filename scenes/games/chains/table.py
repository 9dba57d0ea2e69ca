"""The Chains table: your hand at the bottom, opponents at the top, three chains, the deck."""

from __future__ import annotations

import pygame

from game.cards import card_count
from game.chains.rules import Draw, Drew, Pass, Passed, Play, Played, Rebuilt

from scenes.table.hand import card_rect
from scenes.table.table import TableScene
from scenes.ui import cardart, theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, draw_text, text_width

DRAW_RULE_HINT = {"three": "up to three cards", "one": "one card", "until": "until a card fits"}


class ChainsTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.draw_button = Button("Draw", lambda: self.perform(Draw()))
        self.pass_button = Button("Pass", lambda: self.perform(Pass()), color=theme.BUTTON_WARN)

    def action_buttons(self):
        return [(self.draw_button, Draw()), (self.pass_button, Pass())]

    def key_actions(self):
        return {pygame.K_d: Draw(), pygame.K_p: Pass()}

    # -- geometry

    def layout(self, size) -> None:
        middle = self.layout_seats(self.layout_frame(size))
        self.draw_pile_w = max(self.px(170), *(text_width("draw: " + hint, self.px(13)) + self.px(12) for hint in DRAW_RULE_HINT.values()))
        row_h = middle.h // 3
        self.chain_w = max(20, min(self.card_px(80), int((row_h - self.px(8)) / theme.CARD_RATIO)))
        chains_right = middle.right - self.draw_pile_w - self.px(10)
        left = middle.x + self.px(16)
        self.chain_rows = [pygame.Rect(left, middle.y + i * row_h, chains_right - left, row_h - self.px(6)) for i in range(3)]
        draw_pile_x = chains_right + self.draw_pile_w // 2
        self.draw_pile.place((draw_pile_x, middle.y + row_h // 2 + self.px(10)), self.chain_w)
        self.pending_center = (draw_pile_x, middle.y + row_h * 2 + self.px(4))

    def chain_card_centers(self, chain: tuple, row: pygame.Rect) -> tuple[list[tuple[int, int]], int]:
        """Centres of the chain's visible cards (oldest first) and how many earlier cards are folded away."""
        w = self.chain_w
        step = int(w * 0.45)
        label_w = self.px(34)
        room = max(1, (row.w - label_w - w) // step + 1)
        shown = min(len(chain), room)
        x0 = row.x + label_w + w // 2
        return [(x0 + i * step, row.centery) for i in range(shown)], len(chain) - shown

    def chain_end_center(self, view, index: int) -> tuple[int, int]:
        centers, _ = self.chain_card_centers(view.chains[index], self.chain_rows[index])
        return centers[-1]

    def chain_at(self, pos) -> int | None:
        for i, row in enumerate(self.chain_rows):
            if row.collidepoint(pos):
                return i
        return None

    # -- input

    def playable_chains(self, card) -> list[int]:
        if not self.my_turn or card is None:
            return []
        return [a.chain for a in self.session.legal_actions() if isinstance(a, Play) and a.card == card]

    def card_usable(self, card) -> bool:
        return bool(self.playable_chains(card))

    def hand_card_at(self, pos, view):
        view_pending = view.pending if view.seat == view.current else None
        if view_pending is not None and card_rect(self.pending_center, self.hand.width).collidepoint(pos):
            return view_pending, self.pending_center
        return super().hand_card_at(pos, view)

    def press_elsewhere(self, pos, view) -> None:
        if self.draw_pile.hit(pos) and Draw() in self.session.legal_actions():
            self.perform(Draw())
            return
        chain = self.chain_at(pos)
        if chain is not None and self.hand.selected is not None:
            self.try_play(self.hand.selected, chain, self.chain_end_center(view, chain))

    def drop(self, card, drop_center, pointer) -> bool:
        chain = self.chain_at(drop_center)
        if chain is None:
            chain = self.chain_at(pointer)
        return chain is not None and self.try_play(card, chain, drop_center)

    def click_card(self, card) -> None:
        chains = self.playable_chains(card)
        if len(chains) == 1:
            self.try_play(card, chains[0], None)
        elif card == self.hand.selected:
            self.hand.selected = None
        elif chains:
            self.hand.selected = card
            self.say_notice("Now click the chain to play it on.")
        else:
            self.explain(card)

    def explain(self, card) -> None:
        """Say why a card that fits nowhere cannot be played: the engine's reason when there is
        one chain, else that it fits none of them."""
        self.hand.selected = None
        view = self.current_view()
        if not any(isinstance(a, Play) for a in self.session.legal_actions()):
            self.say(self.session.why_illegal(Play(card, 0)))
            return
        ends = ", ".join(chain[-1].label for chain in view.chains)
        self.say(f"{card.label} fits none of the chains (their ends: {ends}): each wants a card one rank up or down")

    def try_play(self, card, chain: int, origin) -> bool:
        self.hand.selected = None
        return self.perform(Play(card, chain), origin)

    def action_spot(self, action):
        if isinstance(action, Play):
            return card_rect(self.chain_end_center(self.current_view(), action.chain), self.chain_w)
        return None

    def event_spot(self, event):
        if isinstance(event, Played):
            return card_rect(self.chain_end_center(self.current_view(), event.chain), self.chain_w)
        return None

    # -- events to motion

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Played):
            start = origin or (self.pending_center if event.drawn else self.seats.center(event.seat))
            end = self.chain_end_center(view, event.chain)
            self.motion.add(Flight(event.card, True, start, end, hides=(("chain", event.chain),)))
        elif isinstance(event, Drew):
            if event.fits:
                self.motion.add(Flight(event.card, True, self.draw_pile.center, self.pending_center, hides=(("pending",),)))
            elif event.card is not None and event.card in view.hand:
                end = self.hand.card_center(view, event.card)
                self.motion.add(Flight(event.card, True, self.draw_pile.center, end, hides=(("hand-card", event.card),)))
            else:
                end = self.seats.center(event.seat)
                self.motion.add(Flight(None, False, self.draw_pile.center, end, hides=(("hand", event.seat),)))
        elif isinstance(event, Rebuilt):
            self.say_notice(f"The deck ran out: rebuilt from the chains ({card_count(event.deck_size)}).")
        elif isinstance(event, Passed):
            self.say_notice(event.text(self.session.names))

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        for i, row in enumerate(self.chain_rows):
            pygame.draw.rect(surface, theme.FELT_DARK, row, border_radius=10)
            draw_text(surface, str(i + 1), self.px(22), theme.INK_DIM, (row.x + self.px(16), row.centery), "center", bold=True)

    def draw_board(self, screen, view, hidden) -> None:
        self.draw_chains(screen, view, hidden)
        self.draw_deck(screen, view, hidden)

    def draw_chains(self, screen, view, hidden) -> None:
        drawn = view.pending if view.seat is not None and view.seat == view.current else None
        targets = set(self.playable_chains(self.hand.dragged or self.hand.selected or drawn))
        for i, (chain, row) in enumerate(zip(view.chains, self.chain_rows)):
            cards = chain[:-1] if ("chain", i) in hidden else chain
            centers, folded = self.chain_card_centers(cards, row)
            visible = cards[len(cards) - len(centers):]
            if folded:
                draw_text(screen, f"+{folded}", self.px(13), theme.INK_DIM, (row.x + self.px(16), row.centery + self.px(20)), "center")
            if i in targets:
                pygame.draw.rect(screen, theme.GLOW, row, 2, border_radius=10)
                if centers:
                    halo = cardart.glow(self.chain_w)
                    screen.blit(halo, halo.get_rect(center=centers[-1]))
            for card, center in zip(visible, centers):
                screen.blit(cardart.face(card, self.chain_w), card_rect(center, self.chain_w))

    def draw_deck(self, screen, view, hidden) -> None:
        self.draw_pile.draw_backs(screen, view.draw_pile_count, stacked=True)
        below = self.draw_pile.draw_label(screen, f"Deck: {view.draw_pile_count}", self.px(16), self.px(6), bold=True)
        draw_text(screen, "draw: " + DRAW_RULE_HINT[view.draw_rule], self.px(13), theme.INK_DIM,
                  (self.draw_pile.center[0], below + self.px(4)), "midtop")
        if view.pending is not None and ("pending",) not in hidden and self.hand.dragged != view.pending:
            top = self.pending_center[1] - int(self.hand.width * theme.CARD_RATIO) // 2
            draw_text(screen, "Drawn, must be played", self.px(13), theme.GOLD, (self.pending_center[0], top - self.px(4)), "midbottom")
            screen.blit(cardart.face(view.pending, self.hand.width), card_rect(self.pending_center, self.hand.width))

    def turn_prompt(self, view, current: str) -> str:
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

    def result_rows(self):
        """Each seat's cards left at the end, with their count and total."""
        view = self.session.view(None)
        rows = []
        for seat, (hand, total) in enumerate(zip(view.final_hands, view.final_totals)):
            summary = f"{card_count(len(hand))}, total {total}" if hand else "no cards left"
            rows.append((seat, hand, summary))
        return rows
