"""The flow of turns at a table: every move goes through `perform`; computers think off the UI
thread and are paced so a player can follow them; between two human turns in pass-and-play the
hand-off screen hides every hand; at the end, the game-over screen."""

from __future__ import annotations

from game import storage
from game.core import IllegalAction
from game.stats import record_game

from scenes.ui import theme
from scenes.ui.sounds import REFUSED
from scenes.ui.motion import Thinker

GAME_OVER_PAUSE = 0.8


class Turns:
    def __init__(self, table) -> None:
        self.table = table
        self.app = table.app
        self.session = table.session
        self.motion = table.motion
        self.thinker: Thinker | None = None
        self.computer_wait = 0.0
        self.revealed_seat: int | None = None
        self.game_over_wait = 0.0

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown face up: the only human, or in pass-and-play the human
        to move once the hand-off screen was passed; None shows no hand at all."""
        humans = self.session.human_seats
        if len(humans) == 1:
            return humans[0]
        if len(humans) > 1 and self.session.to_move == self.revealed_seat:
            return self.revealed_seat
        return None

    @property
    def mine(self) -> bool:
        """Whether the viewer is to move and nothing is still landing."""
        seat = self.session.to_move
        return seat is not None and seat == self.viewer and not self.motion.busy

    def mine_next(self) -> bool:
        """Whether the viewer is to move now (the game going on), landing or not."""
        return not self.session.game_over and self.session.to_move is not None and self.session.to_move == self.viewer

    @property
    def due(self) -> bool:
        """Whether the flow of turns has work to do with no input: a computer to move, a hand-off
        screen to show in pass-and-play, the game-over screen to open after its pause. Only while
        the table is in front: under a hand-off screen or a question the turns wait for it."""
        if self.app.top is not self.table:
            return False
        if self.session.game_over:
            return self.game_over_wait >= 0
        seat = self.session.to_move
        return seat in self.session.computers or (len(self.session.human_seats) > 1 and seat != self.revealed_seat)

    @property
    def thinking(self) -> bool:
        return self.thinker is not None

    def perform(self, action, origin=None, by_table: bool = False) -> bool:
        """Apply an action for the seat to move; on refusal the table says why and it is False.
        `by_table`: the table made it for the player (a forced draw), not the player."""
        viewer = self.viewer
        if not self.applied(action):
            return False
        self.table.show_move(self.session.stream(viewer).last_move.events, origin, by_table)
        self.table.autosave()
        return True

    def applied(self, action) -> bool:
        """Whether the session took `action`; on refusal the table says why."""
        try:
            self.session.apply(action)
        except IllegalAction as err:
            self.app.sounds.play(REFUSED)
            self.table.say(str(err))
            return False
        return True

    def update(self, dt: float) -> None:
        if self.motion.busy:
            return
        if self.session.game_over:
            self.game_over_wait += dt
            if self.game_over_wait >= GAME_OVER_PAUSE:
                self.game_over_wait = -1e9
                self.table.report(self.app.write(record_game, self.session))
                self.table.report(self.app.write(storage.archive_game, self.session))
                self.app.screens.game_over(self.table)
            return
        seat = self.session.to_move
        if seat in self.session.computers:
            self._computer_turn(dt)
        elif len(self.session.human_seats) > 1 and seat != self.revealed_seat:
            self.revealed_seat = None
            self.app.screens.hand_off(self.table, seat)

    def _computer_turn(self, dt: float) -> None:
        if self.thinker is None:
            self.thinker = Thinker(self.session.computer_action)
            self.computer_wait = theme.COMPUTER_PACE.get(self.app.settings.get("computer_speed"), 0.75)
        self.computer_wait -= dt
        if self.thinker.done and self.computer_wait <= 0:
            thinker, self.thinker = self.thinker, None
            if thinker.error is not None:
                raise thinker.error
            self.perform(thinker.result)

    def reveal(self, seat: int) -> None:
        """The hand-off screen was passed: `seat`'s hand may show."""
        self.revealed_seat = seat

    def reset(self) -> None:
        """The session went back or changed hands: forget a computer's thinking (about a position
        that is gone) and the pauses, and ask for the hand-off again in pass-and-play."""
        self.thinker = None
        self.computer_wait = 0.0
        self.game_over_wait = 0.0
        if self.revealed_seat not in self.session.human_seats:
            self.revealed_seat = None

    def next_game(self) -> None:
        self.session.next_game()
        self.game_over_wait = 0.0
        self.revealed_seat = None
        self.motion.clear()
        self.table.autosave()
