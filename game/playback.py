"""A saved session's last game, to be watched move by move (the replay and the review).

`session` is a session of the same game that `show` puts at any move of that game: the table
draws it through its streams, as it draws a game being played."""

from __future__ import annotations

from .session import NEXT_GAME, Session


class Playback:
    def __init__(self, saved: Session) -> None:
        session = Session(saved.game, saved.config, saved.seed)
        self.session = session
        self._steps = [self._here()]
        for item in saved.log:
            if item == NEXT_GAME:
                session.next_game()
                session.moves = []  # the last game's moves only
                self._steps = [self._here()]
                continue
            session.replay_item(item)
            self._steps.append(self._here())
        self._moves = session.moves

    def _here(self) -> tuple:
        """What `show` puts back: the position, how many moves were made, the session's wins."""
        session = self.session
        return session.state, len(session.moves), tuple(session.wins)

    @property
    def viewers(self) -> list[int | None]:
        """Whom the game may be watched as: a solitaire's one seat; else an onlooker or any seat."""
        seats = len(self.session.seats)
        return [0] if seats == 1 else [None, *range(seats)]

    def __len__(self) -> int:
        """The positions to show: the game's start and one after each of its moves."""
        return len(self._steps)

    def show(self, step: int) -> None:
        """Put the session at position `step` (0: the deal)."""
        state, made, wins = self._steps[step]
        self.session.rewind(state, self._moves[:made], wins)
