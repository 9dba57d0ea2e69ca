"""Why the held card cannot go on the chain under the pointer ("Not now: …", the engine's reason):
a box beside the held card, drawn over everything, whole and inside the window, wrapped to the
width it has, where it hides no card, label or panel the player reads when the felt leaves it
room (at the foot of the row it lay over the row's cards, and over the label's last line where
the label stands beside them; at the largest text it was cut short). Mixed into
`SovereignTable`."""

from __future__ import annotations

import pygame

from game.sovereign.actions import Play

from scenes.games.sovereign.chainrow import draw_refusal, refusal_shapes
from scenes.table.hand import card_rect
from scenes.table.spots import free_spot
from scenes.ui import theme
from scenes.ui.resources import text_px


class RefusalBox:
    refused: tuple[int, object] | None = None  # (chain, card) the held card is refused on this frame
    refusal_placed: tuple[tuple, tuple] = ((), ())  # what the box was placed for, and its place and lines

    def refuse(self, screen, chain: int, card) -> None:
        """A chain the held card cannot go on is veiled; held over it, it says why (`draw_refused`,
        over the held card, once the frame is drawn)."""
        row = self.chain_row(chain)
        row.draw_veil(screen)
        if row.hit(self.pointer()):
            self.refused = (chain, card)

    def draw_refused(self, screen) -> None:
        """The box saying why the held card is refused where it is held, if it is."""
        refused, self.refused = self.refused, None
        if refused is None or not self.hand.drag:
            return
        held = card_rect(self.hand.drag_center(), self.hand.width)
        size = self.px(theme.TEXT_BODY)
        key = (tuple(held), refused, self.session.revision, self.app.size, text_px(size))
        if self.refusal_placed[0] != key:
            self.refusal_placed = (key, self.place_refusal(refused, held, size))
        box, lines = self.refusal_placed[1]
        draw_refusal(screen, box, lines, size)

    def place_refusal(self, refused: tuple, held: pygame.Rect, size: int) -> tuple[pygame.Rect, list[str]]:
        """Where the box stands and its lines (kept while the card is held still: the pointer at
        rest draws the same frame again)."""
        chain, card = refused
        bounds = pygame.Rect((0, 0), self.app.size).inflate(-2 * self.px(theme.SPACE_SMALL), -2 * self.px(theme.SPACE_SMALL))
        pad = (self.px(theme.SPACE_LARGE), self.px(theme.SPACE_NARROW))
        shapes = refusal_shapes(self.session.why_illegal(Play(card, chain)), size, bounds.w - pad[0], pad)
        which, box = free_spot([shape[1] for shape in shapes], held, self.read_rects(), bounds, self.px(theme.SPACE_SNUG))
        return box, shapes[which][0]

    def read_rects(self) -> list[pygame.Rect]:
        """What the player reads on the table, a passing box should not hide: the top bar, each
        row's label, cards and backs, the hand, the prompt, the pool, the buttons, the side panel
        and the log."""
        view = self.current_view()
        rects = [pygame.Rect(0, 0, self.app.size[0], self.area.y), self.side.rect, self.log_rect, self.pool.rect]
        for chain in range(view.players):
            rects += self.chain_row(chain).read_rects(len(view.chains[chain]))
        cards = self.hand.cards(view) if view.seat is not None else []
        width, centers = self.hand.fan(cards)
        rects += [card_rect(self.hand.raised(card, center), width) for card, center in zip(cards, centers)]
        return rects + [self.prompt_line.rect()] + list(self.button_slots)
