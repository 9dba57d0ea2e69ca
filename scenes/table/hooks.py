"""What a game's table fills in: the hooks `TableScene` (scenes/table/table.py) calls, each with
its default and what it is for. A game's table overrides those its game needs; reading this file
is how a newcomer learns what a new game's table must answer."""

from __future__ import annotations

import pygame

from game.wording import vocative

from scenes.ui import theme
from scenes.ui.widgets import Button


class TableHooks:
    def action_buttons(self) -> list[tuple[Button, object]]:
        """The table's buttons and the action each one takes (enabled only when legal)."""
        return []

    def key_actions(self) -> dict[int, object]:
        return {}

    def lands_face_down(self, card) -> bool:
        """Whether the held card can only land face down (then it is dragged as a back)."""
        return False

    def card_usable(self, card) -> bool:
        """Whether a hand card can be played now (unusable cards are greyed: `greys_unusable`)."""
        return True

    def greys_unusable(self, cards) -> bool:
        """Whether the hand's cards that cannot be played are drawn greyed now: on the viewer's
        turn, while one of `cards` can be played."""
        return self.my_turn and any(self.card_usable(card) for card in cards)

    def drop(self, card, drop_center, pointer) -> bool:
        """A dragged card let go with its centre at `drop_center`; return whether a move was made."""
        return False

    def move_words(self, action) -> str:
        """A move in the fewest words, for a prompt line too short for `describe`'s (LINX leaves a
        long name out)."""
        return self.describe(action)

    def click_card(self, card) -> None:
        """A hand card clicked without dragging."""

    def press_elsewhere(self, pos, view) -> None:
        """A press that did not pick up a hand card."""

    def seat_note(self, view, seat: int) -> str:
        """An extra line in a seat's box (a score, say)."""
        return ""

    def seat_shown(self, view, seat: int) -> list:
        """Face-up cards shown in a seat's box beside its hand (a seat's winnings, say)."""
        return []

    def set_aside(self) -> set:
        """Hand cards the viewer has put down for a move not yet made (drawn elsewhere)."""
        return set()

    def settle(self, events) -> None:
        """Called once a move is made, before its events are animated (to refit a board, say)."""

    def animate(self, event, origin) -> None:
        """Queue the flights that show `event`; each game's scene knows where its cards go."""

    def title(self) -> str:
        return self.session.descriptor.title

    def score_line(self) -> str | list[str]:
        """The top bar's line beside the title: the session's game and wins (or several such
        lines, longest first: the first that fits is shown)."""
        session = self.session
        games = session.config["games_to_win"]
        score = "   ".join(f"{name} {wins}" for name, wins in zip(session.names, session.wins))
        goal = f"first to {games} win{'s' if games > 1 else ''}"
        return [f"Game {session.game_number + 1}  \u00b7  {goal}  \u00b7  wins: {score}", f"{goal}  \u00b7  wins: {score}",
                f"wins: {score}", " ".join(f"{name} {wins}" for name, wins in zip(session.names, session.wins))]

    def turn_prompt(self, view, name: str) -> str:
        """What the viewer, whose turn it is, may do now."""
        return f"Your turn{vocative(name)}"

    def more_keys_now(self) -> list:
        """Keys that answer now besides the move keys (`key_actions`), with what they do."""
        return []

    def typing(self) -> bool:
        """Whether a box the player types in has the keys (the move keys do not answer then)."""
        return False

    def spoken_prompt(self, view) -> str:
        """The prompt as speech says it: the prompt line's words (a table that shortens them to
        fit the line gives its longest wording here)."""
        return self.prompt(view)

    def result_rows(self) -> list[tuple[int, tuple, str]]:
        """For the game-over screen: (seat, cards to show, summary) per seat."""
        raise NotImplementedError

    def counts_wins(self) -> bool:
        """Whether the session's wins mean something here (a match kept by points does not)."""
        return True

    def result_headline(self) -> str:
        """The game-over screen's headline, where the game says more than who won (a match won)."""
        return ""

    def result_note(self) -> str:
        """A line under the game-over screen's reason (the standing of a match, say)."""
        return ""

    def draw_board(self, screen, view, hidden) -> None:
        """The game's own part of the table, between the seats and the hand."""

    def action_spot(self, action) -> pygame.Rect | None:
        """Where on the table `action` lands (lit while it is the picked move)."""
        return None

    def event_spot(self, event) -> pygame.Rect | None:
        """Where on the table `event` put a card (outlined while it is the last move)."""
        return None

    def flight_width(self) -> int:
        """How wide a flying card is drawn."""
        return self.hand.width

    def board_cards(self) -> tuple[int, int] | None:
        """How wide the board's cards are drawn and the least width they are read at, where a
        screen that lays the table out short (a review) must keep them readable; None where the
        table keeps its cards readable itself."""
        return None

    def message_anchor(self) -> tuple[int, int]:
        return (self.middle.centerx, self.prompt_y - self.px(theme.SPACE_SECTION))
