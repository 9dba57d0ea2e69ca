"""The Sovereign's Chain solitaire table: one chain of seven places that never close up (a removed
card leaves an empty space), a card played on top of a place, and the piles, event, supply and
pool as at the table for 2-4 (scenes/games/sovereign/table.py, whose painters it uses). The top bar
names the deal by its number (and says when it was proved winnable, or is the daily deal).

After each turn the solver works out, off the frame loop, whether the deal can still be won; when
it proves that no sequence of plays wins any more, the table says so and offers to end the deal
(a loss) or play on (not in a lesson, whose steps may lead a deal to its loss on purpose).
"Winnable?" (or W) asks the same on demand, as a hint (the game then counts as assisted). Hint
judges from what the player can see (the step that wins most often over deals consistent with the
view, else the rule of thumb); it too is worked out off the frame loop. Both keep what they found
in the table's HintMemory."""

from __future__ import annotations

import math
import threading

import pygame

from game.sovereign.actions import PlayDiscardOn, PlayOn
from game.sovereign.cards import PLANET, STAR
from game.sovereign.event_rules import EVENT_RULES
from game.sovereign.phases import PLAY, SALVAGE
from game.sovereign.solitaire import HintMemory
from game.wording import acts, turns_phrase, whose

from scenes.ui import keymap
from scenes.games.sovereign.cards import event_face
from scenes.games.sovereign.table import SovereignTable, pool_tokens
from scenes.menus.confirm import Confirm
from scenes.games.sovereign.side import EVENT_MAX_W
from scenes.table.parts import card_width
from scenes.ui import resources, theme
from scenes.ui.motion import Thinker
from scenes.ui.resources import text_px
from scenes.ui.widgets import Button

# Measures of this layout that are no step of theme's scales (pixels at the base window).
CHAIN_CARD_MAX_W = 140  # a chain's card at most, at the normal card size
CHAIN_ROW_PADDING = 30  # below a chain row's cards
HAND_LEAST_W = 48  # a hand card at least, where it gives the chain the height of its label and cards
STRIP_MAX_H = 150  # the chain strip at most
EVENT_LEAST_W = 200  # the event card over the log at least
TALLEST_KEPT = 64  # the tallest event's heights a table keeps
LOG_LEAST_H = 160  # and the log left under it at least (its heading and a few lines)

TURN_STARTS = (SALVAGE, PLAY)  # the decisions a turn begins with


class Search:
    """The solver's work (`job(cancel)`, a table session's `winnable_job` or `hint_job`, bound to a
    copy of the position it was asked about), off the frame loop; `cancel` is set once the
    position has moved on."""

    def __init__(self, session, job, asked: bool = True) -> None:
        self.revision = session.revision
        self.asked = asked
        self.cancel = threading.Event()
        self.thinker = Thinker(lambda: job(self.cancel))

    def stale(self, session) -> bool:
        """The position moved on (a move, an undo) since the search was asked."""
        return session.revision != self.revision or session.game_over

    def result(self):
        if self.thinker.error is not None:
            raise self.thinker.error
        return self.thinker.result


class SolitaireTable(SovereignTable):
    select_notice = "Now click the place to play it on."

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tallest_seen: dict[tuple, int] = {}  # (width, text size, events to come): the tallest event card's height
        self.board_bottom = 0  # the foot of the board: the strip and the chain (`strip`)
        self.discard_picked = False  # Hostile Orbit: the discard pile clicked, a place to pick
        self.winnable_button = Button("Winnable?", self.ask_winnable)
        self.memory = HintMemory(session.seed)
        self.check: Search | None = None     # can the deal still be won?
        self.hinting: Search | None = None   # the hint being worked out
        self.checked_at = -1      # the position (its revision) the deal was last checked at after a turn
        self.playing_on = False   # the player chose to play on a deal that can no longer be won
        self.winnable_said: tuple[int, str] | None = None  # the answer to "Winnable?" and the revision it is about

    label_more = ""  # the chain's label counts its places: it says no "so far"

    def side_over_log(self) -> bool:
        return False  # the side panel is a strip over the one chain

    def hand_room(self) -> int:
        return 0

    # -- geometry: the piles, supply and event in a strip along the top; the one chain, as large
    # as the board allows, across the board's whole width under it

    def rows_most(self) -> int:
        return self.px(CHAIN_CARD_MAX_W)

    def layout(self, size) -> None:
        super().layout(size)
        self.give_chain_its_height(size)

    def give_chain_its_height(self, size) -> None:
        """The hand's cards narrower (to HAND_LEAST_W at least) where the board under the strip
        is shorter than the chain's label and cards (a review's short table at the largest text):
        the label would stand over the strip's words."""
        width = self.hand.width
        least = min(width, self.px(HAND_LEAST_W))
        short = self.chain_least_h() - self.middle.h
        while short > 0 and width > least:
            width = max(least, width - math.ceil(short / theme.CARD_RATIO))
            self.layout_with_hand(size, width)
            short = self.chain_least_h() - self.middle.h

    def chain_least_h(self) -> int:
        """The chain's label and its cards, without the room below them."""
        return self.label_h + int(self.chain_w * theme.CARD_RATIO) + 2 * self.px(theme.SPACE_TIGHT)

    def layout_with_hand(self, size, card_w: int) -> int:
        """The table with the hand's cards `card_w` wide; returns the chain's card width (the
        hand yields to it: `SovereignTable.layout`). An event card the strip holds whole only
        by growing stands over the log instead, with large text, where the chain comes out wider
        so (the pool then beside the hand, the prompt as wide as the table)."""
        super().layout_with_hand(size, card_w)
        strip, needed = self.strip()
        if needed <= strip.h:
            return self.place_chain(strip)
        grown = self.place_chain(self.grown_strip(strip, needed))
        if resources.text_scale <= 1 or self.lesson is not None:
            return grown
        area = self.layout_frame(size, size[0] - self.px(EVENT_MAX_W) - 2 * self.px(theme.SPACE_CLOSE))
        self.area = area
        self.place_rows(area, card_w, over_log=True)
        strip, needed = self.strip()
        event_box = self.event_over_log()
        if event_box is not None:
            self.side.place(strip, self.px, across=True, event_box=event_box)
            self.log_rect = pygame.Rect(self.log_column.x, event_box.bottom, self.log_column.w, self.log_column.bottom - event_box.bottom)
            if self.place_chain(strip) > grown:
                return self.chain_width(least=0)
        super().layout_with_hand(size, card_w)
        return self.place_chain(self.grown_strip(*self.strip()))

    def strip(self) -> tuple[pygame.Rect, int]:
        """The strip along the board's top (the piles, the words, the event) placed, a third of
        the board at most; and the height the tallest event card needs in it. Notes the board's
        foot (the rows' as `SovereignTable` placed them)."""
        px = self.px
        self.board_bottom = self.middle.bottom
        top = self.area.y + px(theme.SPACE_SMALL)
        strip = pygame.Rect(self.area.x + px(theme.SPACE_SMALL), top, self.area.w - px(theme.SPACE_WIDE),
                            min((self.board_bottom - top) // 3, px(STRIP_MAX_H)))
        self.side.place(strip, px, across=True)
        return strip, self.tallest_event(self.side.event_box.w) + px(theme.SPACE_WIDE)

    def grown_strip(self, strip: pygame.Rect, needed: int) -> pygame.Rect:
        """The strip as tall as the tallest event needs (every event's words whole, at their full
        size), as far as half the board."""
        strip.h = min(needed, (self.board_bottom - strip.y) // 2)
        self.side.place(strip, self.px, across=True)
        return strip

    def place_chain(self, strip: pygame.Rect) -> int:
        """The chain under `strip`, as large as the board allows; returns its card width however
        small (the hand yields to a chain squeezed to its least)."""
        px = self.px
        self.middle = pygame.Rect(strip.x, strip.bottom + px(theme.SPACE_SMALL), strip.w,
                                  self.board_bottom - strip.bottom - px(theme.SPACE_SMALL))
        self.label_h = self.chain_label_h()
        self.chain_w = self.chain_width()
        self.board.place(self.row_rects(), self.chain_w, self.label_h, self.hand_room(), px)
        return self.chain_width(least=0)

    def event_over_log(self) -> pygame.Rect | None:
        """Where the event card stands over the move log: as wide as the column, as tall as the
        tallest event; None where the column is too narrow or too short for it."""
        column, gap = self.log_column, self.px(theme.SPACE_CLOSE)
        if column.w - 2 * gap < self.px(EVENT_LEAST_W):
            return None
        box = pygame.Rect(column.x + gap, column.y + gap, column.w - 2 * gap, 0)
        box.h = self.tallest_event(box.w) + gap
        return box if box.h <= column.h - self.px(LOG_LEAST_H) else None

    def tallest_event(self, width: int) -> int:
        """The height of the tallest event card `width` wide, at the side panel's text size (kept:
        a layout asks it at a few widths, many times)."""
        size = text_px(self.px(theme.TEXT_CAPTION))
        view = self.public_view
        key = (width, size, view.event_deck_count)
        if key not in self.tallest_seen:
            if len(self.tallest_seen) >= TALLEST_KEPT:
                self.tallest_seen.clear()
            self.tallest_seen[key] = self.tallest_event_drawn(width, size, view)
        return self.tallest_seen[key]

    def tallest_event_drawn(self, width: int, size: int, view) -> int:
        words = [("No event yet", f"{view.event_deck_count} event cards to come.")]
        for event in self.session.rules.cards.events:
            heading, body = f"Event: {event.name}", event.text
            if EVENT_RULES[event.rule].names_opponent:
                heading, body = f"{heading} (inactive)", f"No effect in solitaire: it names an opponent. {body}"
            words.append((heading, body))
        return max(event_face(heading, body, width, size).get_height() for heading, body in words)

    def rows_room(self) -> int:
        return self.chain_width(least=-10**6)

    def chain_width(self, least: int = 16) -> int:
        """The chain's cards as large as the board allows (`least` at least)."""
        gap = self.px(theme.SPACE_CLOSE)
        return card_width(self.middle.w - 3 * gap, self.middle.h - self.label_h - 6 * gap, columns=7, gap=gap,
                          most=self.card_px(CHAIN_CARD_MAX_W), least=least)

    def row_rects(self) -> list[pygame.Rect]:
        """The chain's row centred on the board; where the board is shorter, from its top, the room
        below the cards cut first."""
        height = self.label_h + int(self.chain_w * theme.CARD_RATIO) + self.px(CHAIN_ROW_PADDING)
        if height > self.middle.h:
            height = max(self.chain_least_h(), self.middle.h)
            return [pygame.Rect(self.middle.x, self.middle.y, self.middle.w, height)]
        return [pygame.Rect(self.middle.x, self.middle.centery - height // 2, self.middle.w, height)]

    # -- what may be played where

    def place_plays(self, card) -> dict[int, PlayOn]:
        """The places a hand card can go, with the move that puts it there."""
        return {a.place: a for a in self.legal() if isinstance(a, PlayOn) and a.card == card}

    def discard_plays(self) -> dict[int, PlayDiscardOn]:
        return {a.place: a for a in self.legal() if isinstance(a, PlayDiscardOn)}

    def discard_playable(self) -> bool:
        return bool(self.discard_plays())

    def glowing_places(self) -> set[tuple[int, int]]:
        places = super().glowing_places()
        held = self.hand.dragged or self.hand.selected
        if held is not None:
            places |= {(0, place) for place in self.place_plays(held)}
        if self.discard_picked:
            places |= {(0, place) for place in self.discard_plays()}
        return places

    def draw_board(self, screen, view, hidden) -> None:
        """The chain (the places a held card may cover lit, the others dimmed), the side and the pool."""
        glowing = self.glowing_places()
        self.draw_chain(screen, view, 0, glowing, hidden)
        if (self.hand.dragged or self.hand.selected) is not None and self.my_turn:
            self.chain_row(0).draw_place_veils(screen, [p for p in range(len(view.chains[0])) if (0, p) not in glowing])
        self.draw_side(screen, view)
        self.draw_pool(screen, view)

    # -- input

    def drop(self, card, drop_center, pointer) -> bool:
        """Onto a place: the card covers it. Anywhere on the board, for a card that goes nowhere
        in particular (discarded under Salvage, tucked beneath a Runner)."""
        view = self.current_view()
        where = self.place_at(drop_center, view) or self.place_at(pointer, view)
        action = self.place_plays(card).get(where[1]) if where is not None else None
        if action is None:
            action = next((a for a in self.card_actions(card) if not isinstance(a, PlayOn)), None)
            if action is None or not self.middle.collidepoint(pointer):
                if where is not None:
                    self.say(self.session.why_illegal(PlayOn(card, where[1])))
                return False
        return self.perform(action, drop_center)

    def press_elsewhere(self, pos, view) -> None:
        if self.discard_pile.hit(pos) and self.discard_plays():
            self.discard_picked = not self.discard_picked
            return
        where = self.place_at(pos, view)
        if where is None:
            return
        place = where[1]
        if self.discard_picked and place in self.discard_plays():
            self.perform(self.discard_plays()[place])
        elif self.hand.selected is not None and place in self.place_plays(self.hand.selected):
            self.perform(self.place_plays(self.hand.selected)[place])
        else:
            self.choose_target(*where)

    def show_move(self, events, origin, by_table: bool = False) -> None:
        self.discard_picked = False
        super().show_move(events, origin, by_table)

    def action_spot(self, action):
        if isinstance(action, (PlayOn, PlayDiscardOn)):
            return self.place_rect(0, action.place)
        return super().action_spot(action)

    def keys_help(self) -> str:
        return (super().keys_help() + f" {keymap.WINNABLE.name} asks whether the deal can still be won (a hint)."
                f" On the results, {keymap.NEXT_GAME.name} deals a new deal and {keymap.RETRY_DEAL.name} the same deal"
                f" again; {keymap.ENTER.name} opens the review.")

    # -- can the deal still be won?

    def top_buttons(self) -> list[Button]:
        buttons = super().top_buttons()
        return buttons[:3] + [self.winnable_button] + buttons[3:] if buttons else buttons

    def handle(self, event) -> None:
        if not self.watching:
            self.winnable_button.enabled = self.my_turn  # the top bar presses it
            if keymap.WINNABLE.pressed(event) and self.app.top is self:
                self.ask_winnable()
                return
        super().handle(event)

    def ask_winnable(self) -> None:
        """The player asks: the answer comes as a notice (or the offer to end the deal)."""
        if not self.my_turn or self.session.game_over:
            return
        self.session.note_hint()
        if self.check is not None and not self.check.stale(self.session):
            self.check.asked = True
        else:
            self.check = self.winnable_search(asked=True)
        self.say_notice("Looking for a way to win this deal\u2026")

    def winnable_search(self, asked: bool) -> Search:
        return Search(self.session, self.session.winnable_job(self.memory), asked)

    def show_hint(self) -> None:
        """The hint, worked out off the frame loop (the solver may take a second)."""
        if not self.my_turn or self.hinting is not None:
            return
        self.hinting = Search(self.session, self.session.hint_job(self.memory))
        self.say_notice("Looking for the best move\u2026")

    def turn_begins(self) -> bool:
        view = self.public_view
        return (self.my_turn and view.pending is not None and view.pending.kind in TURN_STARTS
                and view.plays_this_turn == 0)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.watching:
            return
        self.winnable_button.enabled = self.my_turn  # lit again at once after an undo from the result
        for search in (self.check, self.hinting):
            if search is not None and search.stale(self.session):
                search.cancel.set()
        if self.hinting is not None and self.hinting.thinker.done:
            hinting, self.hinting = self.hinting, None
            action = hinting.result()
            if not hinting.stale(self.session):
                self.present_hint(action)
        if self.check is not None and self.check.thinker.done:
            self.answer(self.check)
        elif self.check is None and not self.playing_on and self.lesson is None \
                and self.checked_at != self.session.revision and self.turn_begins():
            self.checked_at = self.session.revision
            self.check = self.winnable_search(asked=False)

    def animating(self) -> bool:
        return super().animating() or self.check is not None or self.hinting is not None

    def answer(self, check: Search) -> None:
        self.check = None
        winnable = check.result()
        if check.stale(self.session):
            return
        if winnable is False:
            self.offer_to_end()
        elif check.asked:
            said = "Yes: this deal can still be won." if winnable else "Not sure: the search gave up before it could tell."
            self.say_notice(said)
            self.winnable_said = (self.session.revision, said)

    def offer_to_end(self) -> None:
        self.playing_on = True  # asked once; the W key still answers later
        detail = ("No sequence of plays from here wins it: every one was tried. End the deal now "
                  "(it counts as a loss), or play on.")
        self.app.push(Confirm(self.app, "This deal can no longer be won", detail, "End the deal", self.end_deal,
                              keymap.END_DEAL, no="Play on"))

    def end_deal(self) -> None:
        events = self.session.give_up()
        self.show_move(events, None)
        self.autosave()

    # -- words

    def event_words(self, view) -> tuple[str, str]:
        """An event that names an opponent is shown as inactive: it has no effect in solitaire."""
        heading, body = super().event_words(view)
        event = view.active_event
        if event is not None and not view.fair_winds and EVENT_RULES[event.rule].names_opponent:
            return f"{heading} (inactive)", f"No effect in solitaire: it names an opponent. {body}"
        return heading, body

    def score_line(self) -> str:
        """The turn under way; once the deal is over, how it ended and in how many turns (a deal
        ended as lost does not count the turn it was ended in: a "Turn" would seem to go back)."""
        if self.session.game_over:
            return self.outcome_words().capitalize()
        return f"Turn {self.session.turns_taken(0)}"

    def outcome_words(self) -> str:
        """"won in 12 turns", "lost after 9 turns"."""
        turns = self.session.turns_taken(0)
        return f"won {turns_phrase(turns, 'in')}" if self.public_view.winners else f"lost {turns_phrase(turns)}"

    def title(self) -> str:
        """The deal's number, as players share it, and how it was chosen; Fair Winds named, since
        the same number without events is another layout."""
        rules = self.session.config["rules"]
        winds = " \u00b7 Fair Winds" if rules["fair_winds"] else ""
        if rules["deal"] is None:
            return f"Solitaire{winds}"
        kind = " \u00b7 daily deal" if rules["daily"] else (" \u00b7 winnable" if rules["winnable"] else "")
        return f"Solitaire \u00b7 Deal #{rules['deal']}{winds}{kind}"

    def save_name(self) -> str:
        """The deal, by the number players share (the player is always You)."""
        deal = self.session.config["rules"]["deal"]
        return "Solitaire" if deal is None else f"Solitaire Deal #{deal}"

    def chain_label(self, view, chain: int) -> str:
        """"Your chain", the pool, and how many places hold each suit."""
        shields, modifiers = pool_tokens(view, chain)
        return (f"{whose(self.session.names[chain], opening=True)} chain \u00b7 pool: {shields} shield, "
                f"{modifiers} modifier \u00b7 {self.chain_summary(view, chain)}")

    def chain_summary(self, view, chain: int) -> str:
        return suit_counts(view)

    def turn_prompt(self, view, name: str) -> str:
        """What to do now, after the answer to "Winnable?" while it is about this position."""
        said = self.winnable_said
        prompt = self.play_turn_prompt(view, name)
        return f"{said[1]} {prompt}" if said is not None and said[0] == self.session.revision else prompt

    def play_turn_prompt(self, view, name: str) -> str:
        if view.pending is not None and view.pending.kind == PLAY:
            if self.discard_plays():
                return self.play_prompt(name, "cover a card one lower or a space, or click the discard pile")
            return self.play_prompt(name, "play on a card one lower, a face-down card or a space")
        return super().turn_prompt(view, name)

    def result_rows(self):
        """The chain as it ended (its cards show the suits), whether it was won, and in how many turns."""
        view = self.public_view
        cards = tuple(stack[-1] for stack in view.chains[0] if stack)
        deal = self.session.config["rules"]["deal"]
        number = f"Deal #{deal}: " if deal is not None else ""
        return [(0, cards, f"{number}{self.outcome_words()}")]

    def result_headline(self) -> str:
        """"You win!", or that the deal is lost."""
        return f"{acts(self.session.names[0], 'wins')}!" if self.public_view.winners else "The deal is lost"


def suit_counts(view) -> str:
    """How many of the seven places hold a face-up star, and a face-up planet."""
    tops = [stack[-1] for stack in view.chains[0] if stack and stack[-1].face_up]
    stars = sum(placed.suit == STAR for placed in tops)
    planets = sum(placed.suit == PLANET for placed in tops)
    return f"{stars} star, {planets} planet of 7 places"
