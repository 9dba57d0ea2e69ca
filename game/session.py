"""A table session: seats, a run of games to N wins, the action log, and saves.

A save is `{"format", "game", "config", "seed", "actions"}` in JSON. Loading replays every action
through the rules, so a save that was edited or damaged is refused with the reason, never
half-loaded. `"actions"` is one flat list; `{"type": "NextGame"}` separates the games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .ai import make_player
from .core import IllegalAction, from_json, to_json
from .registry import rules_for
from .rng import Rng

SAVE_FORMAT = 1
NEXT_GAME = {"type": "NextGame"}
SEAT_KINDS = ("human", "computer")


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str = "human"
    difficulty: str = "normal"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


def normalize_table_config(game: str, config: dict) -> dict:
    """A table config with defaults filled in; raises ValueError naming a bad field."""
    rules = rules_for(game)
    if not isinstance(config, dict) or not isinstance(config.get("rules", {}), dict):
        raise ValueError("the config and its rules must be objects")
    seats = config.get("seats")
    if not isinstance(seats, list) or not seats:
        raise ValueError("the config needs a list of seats")
    normal_seats = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {i + 1} is not an object")
        name = str(seat.get("name") or f"Player {i + 1}")[:16]
        kind = seat.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {i + 1}: kind must be human or computer, not {kind!r}")
        difficulty = seat.get("difficulty", "normal")
        if not isinstance(difficulty, str):
            raise ValueError(f"seat {i + 1}: difficulty must be a name, not {difficulty!r}")
        normal_seats.append({"name": name, "kind": kind, "difficulty": difficulty})
    rule_config = rules.normalize_config({**config.get("rules", {}), "players": len(normal_seats)})
    games_to_win = config.get("games_to_win", 1)
    if not isinstance(games_to_win, int) or not 1 <= games_to_win <= 99:
        raise ValueError(f"games to win must be a number from 1 to 99, not {games_to_win!r}")
    return {"seats": normal_seats, "rules": rule_config, "games_to_win": games_to_win}


class Session:
    """One sitting at the table: games played until a seat reaches `games_to_win` wins."""

    def __init__(self, game: str, config: dict, seed: int) -> None:
        self.game = game
        self.rules = rules_for(game)
        self.config = normalize_table_config(game, config)
        self.seed = seed
        self.seats = tuple(Seat(**s) for s in self.config["seats"])
        self.wins = [0] * len(self.seats)
        self.game_number = 0
        self.log: list[dict] = []
        self.history: list[tuple[int | None, object]] = []
        self.state = self.rules.setup(self.config["rules"], self.game_seed(0))
        self.computers = {
            i: make_player(game, seat.difficulty, Rng(seed).derive(1000 + i))
            for i, seat in enumerate(self.seats) if not seat.is_human
        }

    # -- the flow of play

    def game_seed(self, number: int) -> int:
        return Rng(self.seed).derive(number)

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def game_over(self) -> bool:
        return self.to_move is None

    @property
    def session_over(self) -> bool:
        return max(self.wins) >= self.config["games_to_win"]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def view(self, seat: int | None):
        return self.rules.view(self.state, seat)

    def legal_actions(self) -> list:
        return self.rules.legal_actions(self.state)

    def apply(self, action) -> list:
        """Apply an action for the seat to move; returns the (unredacted) events."""
        seat = self.to_move
        self.state, events = self.rules.apply(self.state, action)
        self.log.append(to_json(action))
        self.history.extend((seat, event) for event in events)
        if self.rules.to_move(self.state) is None:
            for winner in self.rules.session_winners(self.state):
                self.wins[winner] += 1
        return events

    def why_illegal(self, action) -> str:
        """Why the seat to move may not take `action`, in a player's words."""
        return self.rules.why_illegal(self.state, action)

    def computer_action(self):
        """The move the computer at the seat to move chooses, from that seat's view only."""
        seat = self.to_move
        if seat is None or seat not in self.computers:
            raise IllegalAction("it is not a computer's turn")
        return self.computers[seat].choose(self.view(seat), self.legal_actions())

    def next_game(self) -> None:
        if not self.game_over:
            raise IllegalAction("the current game is not over")
        if self.session_over:
            raise IllegalAction("the session is over")
        self.game_number += 1
        self.log.append(dict(NEXT_GAME))
        config = self.rules.next_game_config(self.config["rules"], self.state)
        self.state = self.rules.setup(config, self.game_seed(self.game_number))

    def outcome(self):
        return self.rules.outcome(self.state)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    # -- saves

    def to_save(self) -> dict:
        return {"format": SAVE_FORMAT, "game": self.game, "config": self.config,
                "seed": self.seed, "actions": list(self.log)}

    def dumps(self) -> str:
        return json.dumps(self.to_save(), indent=1)

    @classmethod
    def from_save(cls, data) -> "Session":
        if not isinstance(data, dict):
            raise SaveError("the save is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"unknown save format {data.get('format')!r} (this version reads {SAVE_FORMAT})")
        for key in ("game", "config", "seed", "actions"):
            if key not in data:
                raise SaveError(f"the save has no {key!r}")
        if not isinstance(data["seed"], int) or not isinstance(data["actions"], list):
            raise SaveError("the save's seed must be a number and its actions a list")
        try:
            session = cls(data["game"], data["config"], data["seed"])
        except (KeyError, ValueError) as err:
            raise SaveError(f"the save's setup is not valid: {err}") from None
        for number, item in enumerate(data["actions"], 1):
            try:
                if item == NEXT_GAME:
                    session.next_game()
                else:
                    session.apply(from_json(item, session.rules.saved_types))
            except (ValueError, IllegalAction) as err:
                raise SaveError(f"move {number} of the save cannot be played: {err}") from None
        return session

    @classmethod
    def loads(cls, text: str) -> "Session":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SaveError(f"the save is not valid JSON ({err.msg} at line {err.lineno})") from None
        return cls.from_save(data)
