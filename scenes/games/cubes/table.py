"""The Cubes table: a board that grows in every direction, panned and zoomed, fitted after each move."""

from __future__ import annotations

from functools import partial

import pygame

from game.cards import card_count
from game.cubes.board import completions, neighbour_matches, scored_cells, square_cells
from game.cubes.rules import Draw, Drew, Pass, Passed, Place, Placed, Scored, pile_points
from game.wording import vocative, whose

from scenes.ui import keymap
from scenes.table.parts import Slot, yielding_hand_width
from scenes.table.table import HAND_CARD_W, TableScene
from scenes.ui import cardart, theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, draw_text, line_height, text_width

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BOARD_INSET = 26  # the board's inset from the middle, both sides
FIT_BUTTON_H = 30
FIT_BUTTON_OFFSET = 70  # Fit's left edge from the board's right; the pile's centre below the board's top
FIT_BUTTON_W = 60  # the Fit button
FIT_STEP = 60  # the board's zoom step
OWNER_RAISE = 22  # an owner's name above its pile
PILE_CARD_W = 64  # the draw pile's card width
PILE_NUDGE = 5  # the pile's centre right of the side column's
PILL_H = 28
PILL_W = 190  # the turn's pill
SIDE_W = 150  # the column right of the board

MIN_ZOOM, MAX_ZOOM = 22, 96
GAP = 0.1
AUTO_DRAW_PAUSE = 0.35
TRAIT_WORDS = {"rank": "rank", "suit": "suit", "step": "\u00b11", None: "\u2715"}


class CubesTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.pass_button = Button("Pass", lambda: self.perform(Pass()), color=theme.BUTTON_WARN)
        self.fit_button = Button("Fit", self.fit)
        self.zoom = 70.0
        self.center = (0.0, 0.0)
        self.pan: dict | None = None
        self.draw_wait = 0.0
        self.refit_when_still = False  # cubes were scored: once their cards have flown, fit what is left

    def action_buttons(self):
        return [(self.pass_button, Pass())]

    def key_actions(self):
        return {keymap.PASS: Pass()}

    def key_labels(self):
        return super().key_labels() + [(keymap.FIT_BOARD, "fits the board in view"),
                                       (keymap.ZOOM_IN, f"and {keymap.ZOOM_OUT.name} zoom"),
                                       (keymap.PAN_UP, "A S D move the board")]

    # -- geometry and camera

    def layout(self, size) -> None:
        """The hand as large as the card-size setting asks, unless the board's cards would then
        be smaller than beside a hand of normal size (`yielding_hand_width`): the hand gives way
        until its cards are as wide as the board's, the board kept at least at its Normal size."""
        lay_out = partial(self.place, size)
        lay_out(yielding_hand_width(self.px(HAND_CARD_W), self.card_px(HAND_CARD_W), lay_out, self.px(MAX_ZOOM)))

    def place(self, size, hand_w: int) -> int:
        """The table with the hand's cards `hand_w` wide, the board fitted; returns the width of
        the board's cards then."""
        middle = self.layout_seats(self.layout_frame(size), button_count=1, hand_width=hand_w)
        side = self.side_w()
        self.board_rect = pygame.Rect(middle.x + self.px(theme.SPACE_WIDE), middle.y,
                                      middle.w - side - self.px(BOARD_INSET), middle.h)
        self.draw_pile.place((self.board_rect.right + side // 2 + self.px(PILE_NUDGE), self.board_rect.y + self.px(FIT_BUTTON_OFFSET)), self.px(PILE_CARD_W))
        needed_w, needed_h = self.fit_button.needed(self.px(theme.TEXT_SMALL))  # large text: as large as its word
        fit_w, fit_h = max(self.px(FIT_BUTTON_W), needed_w), max(self.px(FIT_BUTTON_H), needed_h)
        self.fit_button.rect = pygame.Rect(self.board_rect.right - self.px(FIT_BUTTON_OFFSET - FIT_BUTTON_W) - fit_w,
                                           self.board_rect.y + self.px(theme.SPACE_SMALL), fit_w, fit_h)
        self.fit()
        return int(self.zoom)

    def side_w(self) -> int:
        """The column right of the board (the deck, the viewer's pile): as wide as its words."""
        return max(self.px(SIDE_W), text_width("000 points", self.px(theme.TEXT_LABEL), bold=True) + self.px(theme.SPACE_LARGE))

    def prompt_width(self) -> int:
        """The prompt stays under the board: the column beside it holds the viewer's pile down to the hand."""
        return self.area.w - self.side_w() - self.px(BOARD_INSET) - self.px(theme.SPACE_LARGE)

    @property
    def pitch(self) -> tuple[float, float]:
        return self.zoom * (1 + GAP), self.zoom * theme.CARD_RATIO + self.zoom * GAP

    def cell_center(self, cell) -> tuple[int, int]:
        pw, ph = self.pitch
        return (int(self.board_rect.centerx + (cell[0] - self.center[0]) * pw),
                int(self.board_rect.centery + (cell[1] - self.center[1]) * ph))

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.board_rect.collidepoint(pos):
            return None
        pw, ph = self.pitch
        return (round((pos[0] - self.board_rect.centerx) / pw + self.center[0]),
                round((pos[1] - self.board_rect.centery) / ph + self.center[1]))

    def fit(self, extra_cells=()) -> None:
        """Zoom and centre so every card, every open space beside them, and `extra_cells` show."""
        cells = [cell for cell, _card in self.current_view().board] + list(extra_cells) or [(0, 0)]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        across = (right - left + 1) * (1 + GAP)
        down = (bottom - top + 1) * (theme.CARD_RATIO + GAP)
        self.zoom = max(MIN_ZOOM, min(self.card_px(MAX_ZOOM), self.board_rect.w / across, self.board_rect.h / down))
        self.center = ((left + right) / 2, (top + bottom) / 2)

    def zoom_by(self, factor: float, anchor=None) -> None:
        anchor = anchor or self.board_rect.center
        pw, ph = self.pitch
        world = ((anchor[0] - self.board_rect.centerx) / pw + self.center[0],
                 (anchor[1] - self.board_rect.centery) / ph + self.center[1])
        self.zoom = max(MIN_ZOOM, min(self.card_px(MAX_ZOOM) * 1.6, self.zoom * factor))
        pw, ph = self.pitch
        self.center = (world[0] - (anchor[0] - self.board_rect.centerx) / pw,
                       world[1] - (anchor[1] - self.board_rect.centery) / ph)

    def pan_by(self, dx: float, dy: float) -> None:
        pw, ph = self.pitch
        self.center = (self.center[0] - dx / pw, self.center[1] - dy / ph)

    # -- input

    def placements_for(self, card) -> set[tuple[int, int]]:
        if not self.my_turn or card is None:
            return set()
        return {(a.x, a.y) for a in self.legal_actions() if isinstance(a, Place) and a.card == card}

    def card_usable(self, card) -> bool:
        return bool(self.placements_for(card))

    def handle(self, event) -> None:
        super().handle(event)
        if self.app.top is not self:
            return
        if self.fit_button.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.zoom_by(1.12 ** event.y, self.pointer_at)
        elif event.type == pygame.MOUSEMOTION and self.pan:
            self.pan_by(event.pos[0] - self.pan["last"][0], event.pos[1] - self.pan["last"][1])
            self.pan["last"] = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pan = None
        elif event.type == pygame.KEYDOWN:
            step = self.px(FIT_STEP)
            moves = {keymap.PAN_LEFT: (step, 0), keymap.PAN_RIGHT: (-step, 0), keymap.PAN_UP: (0, step),
                     keymap.PAN_DOWN: (0, -step)}
            if keymap.pressed_in(moves, event) is not None:
                self.pan_by(*keymap.pressed_in(moves, event))
            elif keymap.ZOOM_IN.pressed(event):
                self.zoom_by(1.15)
            elif keymap.ZOOM_OUT.pressed(event):
                self.zoom_by(1 / 1.15)
            elif keymap.FIT_BOARD.pressed(event):
                self.fit()

    def press(self, pos, view) -> None:
        if view.seat is not None and self.my_turn and self.hand_card_at(pos, view):
            super().press(pos, view)
            return
        cell = self.cell_at(pos)
        selected = self.hand.selected
        if selected is not None and self.my_turn and cell in self.placements_for(selected):
            self.perform(Place(selected, *cell), self.hand.card_center(view, selected))
        elif self.board_rect.collidepoint(pos):
            self.pan = {"last": pos}

    def drop(self, card, drop_center, pointer) -> bool:
        cell = self.cell_at(drop_center) or self.cell_at(pointer)
        if cell is None:
            return False
        return self.perform(Place(card, *cell), drop_center)

    def click_card(self, card) -> None:
        cells = self.placements_for(card)
        if not cells:
            self.hand.selected = None
            self.say(f"{card.label} fits on no open space of the board now")
        elif card == self.hand.selected:
            self.hand.selected = None
        else:
            self.hand.selected = card
            self.say_notice(f"{card.label} fits on {len(cells)} lit space{'s' if len(cells) > 1 else ''}: click one, or drag it there")

    def action_spot(self, action):
        if isinstance(action, Place):
            return self.cell_slot((action.x, action.y)).rect
        return None

    def event_spot(self, event):
        if isinstance(event, Placed):
            return self.cell_slot((event.x, event.y)).rect
        return None

    def drawing_for_you(self) -> bool:
        """Your turn begins with a draw the table makes for you (the rules' `made_by_the_table`)."""
        return self.my_turn and self.session.rules.made_by_the_table(self.legal_actions())

    def animating(self) -> bool:
        return super().animating() or self.drawing_for_you()

    def update(self, dt: float) -> None:
        if self.drawing_for_you():
            self.draw_wait += dt
            if self.draw_wait >= AUTO_DRAW_PAUSE:
                self.draw_wait = 0.0
                self.perform(Draw(), by_table=True)
        super().update(dt)
        if self.refit_when_still and not self.motion.busy:
            self.refit_when_still = False
            self.fit_closer()

    def fit_closer(self) -> None:
        """Fit the board again when that brings its cards closer (the board shrank): a view the
        player zoomed into stays as it is."""
        zoom, center = self.zoom, self.center
        self.fit()
        if self.zoom < zoom:
            self.zoom, self.center = zoom, center

    # -- events to motion

    def settle(self, events) -> None:
        """Keep the camera where the player put it, unless a card or a scored cube would fall
        outside the view: then fit the board again."""
        scored = [cell for event in events if isinstance(event, Scored) for cell in event.cells()]
        cells = [cell for cell, _card in self.current_view().board] + scored or [(0, 0)]
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        corners = ((min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1))  # the open spaces around, too
        if not all(self.board_rect.contains(self.cell_slot(cell).rect) for cell in corners):
            self.fit(scored)
        self.refit_when_still = self.refit_when_still or bool(scored)

    def pile_center(self, seat: int) -> tuple[int, int]:
        if seat == self.seats.bottom:  # its words above the prompt's lines, below the deck's words (when the table is short)
            deck_words = self.px(theme.SPACE_SNUG) + line_height(self.px(theme.TEXT_BODY), bold=True) + line_height(self.px(theme.TEXT_CAPTION), bold=True)
            own_words = line_height(self.px(theme.TEXT_CAPTION)) + line_height(self.px(theme.TEXT_LABEL), bold=True)
            lowest = self.hand.y - self.hand.raise_room() - self.px(theme.SPACE_SMALL) + self.px(OWNER_RAISE) - own_words
            return (self.draw_pile.center[0], max(min(self.prompt_y - self.px(theme.SPACE_SECTION), lowest),
                                                  self.draw_pile.rect.bottom + deck_words + self.px(theme.SPACE_XLARGE)))
        return self.seats.box(seat).center

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Drew):
            if event.card is not None and event.card in view.hand:
                end = self.hand.card_center(view, event.card)
                self.motion.add(Flight(event.card, True, self.draw_pile.center, end, hides=(("hand-card", event.card),)))
            else:
                self.motion.add(Flight(None, False, self.draw_pile.center, self.seats.center(event.seat), hides=(("hand", event.seat),)))
        elif isinstance(event, Placed):
            start = origin or self.seats.center(event.seat)
            cell = (event.x, event.y)
            self.motion.add(Flight(event.card, True, start, self.cell_center(cell), hides=(("cell", cell),)))
        elif isinstance(event, Scored):
            end = self.pile_center(event.seat)
            self.motion.add(*[Flight(card, True, self.cell_center(cell), end, duration=0.45, delay=0.6, flash=True)
                              for card, cell in zip(event.cards, event.cells())])
            self.say_notice(event.text(self.session.names))
        elif isinstance(event, Passed):
            self.say_notice(event.text(self.session.names))

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        pygame.draw.rect(surface, theme.FELT_DARK, self.board_rect, border_radius=12)

    def draw_board(self, screen, view, hidden) -> None:
        screen.set_clip(self.board_rect)
        self.draw_placed(screen, view, hidden)
        screen.set_clip(None)
        self.fit_button.draw(screen, self.px(theme.TEXT_SMALL))
        self.draw_deck(screen, view)

    def flight_width(self) -> int:
        return int(self.zoom)

    def draw_dragged(self, screen, view) -> None:
        target = self.hover_target()
        if target is None:
            super().draw_dragged(screen, view)
        else:
            self.draw_preview(screen, view.board_dict(), self.hand.dragged, target, int(self.zoom))

    def message_anchor(self) -> tuple[int, int]:
        return (self.board_rect.centerx, self.prompt_y - self.px(theme.SPACE_SECTION))

    def draw_placed(self, screen, view, hidden) -> None:
        width = int(self.zoom)
        board = view.board_dict()
        card = self.hand.dragged or self.hand.selected or (view.drawn if self.my_turn else None)
        targets = self.placements_for(card)  # the card in hand, or else the one just drawn
        for cell in targets:
            rect = self.cell_slot(cell).rect
            pygame.draw.rect(screen, (*theme.GLOW, 255), rect, max(2, width // 18), border_radius=max(3, width // 10))
        for cell, placed in view.board:
            slot = self.cell_slot(cell)
            if ("cell", cell) not in hidden and slot.rect.colliderect(self.board_rect):
                slot.draw_card(screen, placed)
        if not board:
            draw_text(screen, "The board is empty: any card may start it again", self.px(theme.TEXT_BODY), theme.INK_DIM,
                      (self.board_rect.centerx, self.board_rect.bottom - self.px(theme.SPACE_LARGE)), "center")

    def cell_slot(self, cell) -> Slot:
        """Where a space of the board lies on the screen now (the camera moves and zooms)."""
        return Slot(self.cell_center(cell), int(self.zoom))

    def hover_target(self) -> tuple[int, int] | None:
        """The lit space under the dragged card, if any."""
        if not self.hand.drag:
            return None
        cell = self.cell_at(self.hand.drag_center())
        return cell if cell in self.placements_for(self.hand.dragged) else None

    def draw_preview(self, screen, board: dict, card, cell, width: int) -> None:
        """The dragged card sitting on the space, how it meets each neighbour, and the cubes it would close."""
        slot = Slot(self.cell_center(cell), width)
        slot.draw_glow(screen)
        slot.draw_card(screen, card)
        squares = completions(board, *cell)
        w, h = cardart.card_size(width)
        outlines = []
        for square in squares:
            cells = square_cells(square)
            first, last = self.cell_center(cells[0]), self.cell_center(cells[-1])
            outline = pygame.Rect(first[0] - w // 2, first[1] - h // 2, last[0] - first[0] + w, last[1] - first[1] + h)
            outlines.append(outline.inflate(8, 8))
            pygame.draw.rect(screen, theme.GOLD, outlines[-1], 3, border_radius=8)
        if squares:
            won = [board[c] for c in scored_cells(squares) if c in board] + [card]
            around = outlines[0].unionall(outlines[1:])
            pill = pygame.Rect(0, 0, self.px(PILL_W), self.px(PILL_H))
            pill.midbottom = (around.centerx, around.top - self.px(theme.SPACE_TIGHT))
            pygame.draw.rect(screen, theme.TAG, pill, border_radius=8)
            pygame.draw.rect(screen, theme.GOLD, pill, 1, border_radius=8)
            draw_text(screen, f"cube! +{pile_points(won)} points", self.px(theme.TEXT_BODY), theme.GOLD, pill.center,
                      "center", bold=True)
        here = self.cell_center(cell)
        for other, trait in neighbour_matches(board, card, *cell).items():
            there = self.cell_center(other)
            mid = ((here[0] + there[0]) // 2, (here[1] + there[1]) // 2)
            tag = TRAIT_WORDS[trait]
            image_color = theme.INK if trait else theme.ALERT
            size = self.px(theme.TEXT_CAPTION)
            box = pygame.Rect(0, 0, text_width(tag, size, bold=True) + self.px(theme.SPACE_CLOSE),
                              line_height(size, bold=True) + self.px(theme.SPACE_TIGHT))
            box.center = mid
            pygame.draw.rect(screen, theme.TAG, box, border_radius=6)
            pygame.draw.rect(screen, image_color, box, 1, border_radius=6)
            draw_text(screen, tag, size, image_color, mid, "center", bold=True, box=box)

    def draw_deck(self, screen, view) -> None:
        x = self.draw_pile.center[0]
        self.draw_pile.draw_backs(screen, view.draw_pile_count, stacked=True)
        below = self.draw_pile.draw_label(screen, f"Deck: {view.draw_pile_count}", self.px(theme.TEXT_BODY),
                                          self.px(theme.SPACE_SNUG), bold=True)
        if view.draw_pile_count == 0 and not view.game_over:
            draw_text(screen, "last turn", self.px(theme.TEXT_CAPTION), theme.GOLD,
                      (x, below + self.px(theme.SPACE_TIGHT)), "midtop", bold=True)
        seat = self.seats.bottom
        owner = "Your pile" if view.seat == seat else f"{whose(self.session.names[seat], opening=True)} pile"
        label = draw_text(screen, owner, self.px(theme.TEXT_CAPTION), theme.INK_DIM,
                          (x, self.pile_center(seat)[1] - self.px(OWNER_RAISE)), "midtop")
        draw_text(screen, f"{view.scores[seat]} points", self.px(theme.TEXT_LABEL), theme.INK, (x, label.bottom),
                  "midtop", bold=True)

    def seat_note(self, view, seat: int) -> str:
        if seat == self.seats.bottom:
            return ""
        return f"pile: {view.scores[seat]} pts"

    def turn_prompt(self, view, current: str) -> str:
        legal = self.legal_actions()
        if self.motion.busy or self.session.rules.made_by_the_table(legal):
            return f"Your turn{vocative(current)}: drawing a card\u2026"
        last = " Last turn!" if view.draw_pile_count == 0 else ""
        if legal == [Pass()]:
            return f"None of your cards fits anywhere: pass (you keep them).{last}"
        return f"Your turn{vocative(current)}: drag a card onto a lit space (bright cards fit).{last}"

    def result_rows(self):
        """Each seat's score pile and its points."""
        view = self.public_view
        return [(seat, pile, f"{card_count(len(pile))}, {pile_points(pile)} points") for seat, pile in enumerate(view.piles)]
