"""A table session: seats, a run of games to N wins, the action log, undo, and saves.

A save is `{"format", "game", "config", "seed", "actions", "assisted"}` in JSON. Loading replays
every action through the rules, so a save that was edited or damaged is refused with the reason,
never half-loaded. `"actions"` is one flat list; `{"type": "NextGame"}` separates the games.
`"assisted"` lists the games (0 for the first) in which a player took back a move, asked for a
hint or restarted the deal; format 1 saves, written before it existed, load with none.
A seat handed over mid-game (a player leaving pass-and-play, or coming back) is an entry of the
list too, `{"type": "SeatKind", "seat": 1, "kind": "computer"}`, at the point where it happened:
`"config"` keeps the seats the session started with, and a replay changes the seat there
(format 3; older versions refuse such a save as newer rather than misread it). A game its
player ended as lost (a solitaire deal that can no longer be won) has `{"type": "GiveUp"}` where
it ended (format 4). `"edition"` is the edition of the game's rules it was played under
(`Rules.edition`; format 5: older saves were played under the first): a game of an earlier
edition that these rules cannot replay is not damaged, and loading it raises `EarlierEdition`,
which holds the game as far as it replays and its recorded moves. A table hosted over the network
keeps `"network"` too (its room code, host key and the players' tokens: game/net/hosting.py), so
the host's Continue opens the same table again.

Undo is a replay of the log without its tail: back to the last decision of a human seat, never
past a step that showed a human a card hidden until then, never into another human's turn, and
never back over a seat handed over (the seats stay as they are now).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace

from .ai import make_player
from .core import IllegalAction, from_json, nested_deeper_than, to_json
from .files import clean_name
from .registry import find_game
from .rng import Rng
from .sovereign.solitaire import SolitaireRules, hint_action, still_winnable
from .stream import PlayedMove, Stream
from .table_session import SolverJob, TableSession

SAVE_FORMAT = 5
READABLE_FORMATS = (1, 2, 3, 4, 5)
SEED_LIMIT = 2**64  # seeds are 64-bit (game/rng.py)
MAX_SAVE_DEPTH = 12  # no save nests deeper; a deeper one is damaged (or hostile)
NEXT_GAME = {"type": "NextGame"}
GIVE_UP = {"type": "GiveUp"}
SEAT_KIND = "SeatKind"
SEAT_KINDS = ("human", "computer")
NAME_LIMIT = 20  # characters in a seat's name
_REVISIONS = itertools.count(1)  # every change of any session's position gets a number of its own


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says what is wrong with it."""


class EarlierEdition(SaveError):
    """A save played under an earlier edition of its game's rules, which these rules cannot
    replay from its move `stopped_at` (counted from 0) on: `session` is the game as far as it
    replays, `data` the save as it was read, `edition` the edition it was played under."""

    def __init__(self, message: str, session: "Session", data: dict, stopped_at: int, edition: int) -> None:
        super().__init__(message)
        self.session = session
        self.data = data
        self.stopped_at = stopped_at
        self.edition = edition


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
    rules = find_game(game).rules
    if not isinstance(config, dict) or not isinstance(config.get("rules", {}), dict):
        raise ValueError("the config and its rules must be objects")
    seats = config.get("seats")
    if not isinstance(seats, list) or not seats:
        raise ValueError("the config needs a list of seats")
    normal_seats = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {i + 1} is not an object")
        name = seat.get("name")
        if name is not None and not isinstance(name, str):
            raise ValueError(f"seat {i + 1}: the name must be text")
        name = clean_name(name or "", NAME_LIMIT) or f"Player {i + 1}"
        kind = seat.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {i + 1}: kind must be human or computer, not {kind!r}")
        difficulty = seat.get("difficulty", "normal")
        if not isinstance(difficulty, str):
            raise ValueError(f"seat {i + 1}: difficulty must be a name, not {difficulty!r}")
        normal_seats.append({"name": name, "kind": kind, "difficulty": difficulty})
    rule_config = rules.normalize_config({**config.get("rules", {}), "players": len(normal_seats)})
    games_to_win = config.get("games_to_win", 1)
    if type(games_to_win) is not int or not 1 <= games_to_win <= 99:
        raise ValueError(f"games to win must be a number from 1 to 99, not {games_to_win!r}")
    return {"seats": normal_seats, "rules": rule_config, "games_to_win": games_to_win}


def _edition_of(data: dict, version: int, current: int) -> int:
    """The edition of the rules a save was played under (the first, for saves of format 4 and
    before); SaveError for one that is not an edition these rules know."""
    edition = data["edition"] if version >= 5 else 1
    if type(edition) is not int or not 1 <= edition <= current:
        newer = " (a newer version of Chain Table wrote it)" if type(edition) is int and edition > current else ""
        raise SaveError(f"the save's rules edition {edition!r} is not one this version plays (1 to {current}){newer}")
    return edition


class Session(TableSession):
    """One sitting at the table: games played until a seat reaches `games_to_win` wins. A table
    reaches it as a `TableSession` (game/table_session.py) and nothing more."""

    reviewable = True  # its log holds every move: a finished game can be reviewed

    def __init__(self, game: str, config: dict, seed: int) -> None:
        self.game = game
        self.config = normalize_table_config(game, config)
        found = find_game(game)
        # The rules of this config's cards (another card set, for a game whose cards are data);
        # the descriptor the computers and hints read carries them too.
        self.rules = found.rules.for_config(self.config["rules"])
        self.descriptor = found if self.rules is found.rules else replace(found, rules=self.rules)
        self.seed = seed
        self.seats = tuple(Seat(**s) for s in self.config["seats"])
        self.wins = [0] * len(self.seats)
        self.game_number = 0
        self.log: list[dict] = []
        # Parallel to `log`: the seat that took each action (None for NextGame), and whether the
        # action showed a human seat a card it could not see before (undo stops there).
        self.movers: list[int | None] = []
        self.showed_hidden: list[bool] = []
        self.game_start = 0  # where the current game's actions begin in `log`
        self.undo_floor = 0  # undo goes no further back: the game's start or a seat handed over
        self.moves: list[PlayedMove] = []  # what happened, unredacted: tables read streams
        self._streams: dict[int | None, Stream] = {}
        self.revision = next(_REVISIONS)  # changes whenever the position does
        self.assisted: set[int] = set()
        self.redo_tails: list[list[dict]] = []
        self.network: dict | None = None  # a table hosted over the network: its record (game/net/hosting.py)
        self.state = self.rules.setup(self.config["rules"], self.game_seed(0))
        self.computers = {i: self._computer(i) for i, seat in enumerate(self.seats) if not seat.is_human}

    def _computer(self, seat: int):
        """The computer player at `seat`, seeded from the session seed and the seat alone (so a
        seat handed to a computer plays as it would have from the start)."""
        return make_player(self.descriptor, self.seats[seat].difficulty, Rng(self.seed).derive(1000 + seat))

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

    def stream(self, viewer: int | None) -> Stream:
        """What `viewer` (a seat, or None for an onlooker) is handed of this session: a table
        draws this and nothing else (game/stream.py)."""
        stream = self._streams.get(viewer)
        if stream is None:
            stream = self._streams[viewer] = Stream(self, viewer)
        return stream

    def legal_actions(self) -> list:
        return self.rules.legal_actions(self.state)

    def apply(self, action) -> list:
        """Apply an action for the seat to move; returns the (unredacted) events. A new move
        forgets the moves that undo took back (there is nothing to redo any more)."""
        events = self._play(action)
        self.redo_tails.clear()
        return events

    def _play(self, action) -> list:
        seat = self.to_move
        before = self.state
        self.state, events = self.rules.apply(before, action)
        self.log.append(to_json(action))
        self.movers.append(seat)
        self.showed_hidden.append(any(self.rules.shows_hidden(before, self.state, human)
                                      for human in self.human_seats))
        self._record_end(seat, events)
        return events

    def _record_end(self, seat: int | None, events: list) -> None:
        self.moves.append(PlayedMove(len(self.moves) + 1, self.game_number, seat, tuple(events)))
        self.revision = next(_REVISIONS)
        if self.rules.to_move(self.state) is None:
            for winner in self.rules.session_winners(self.state):
                self.wins[winner] += 1

    def give_up(self) -> list:
        """End the current game now as lost, where the game allows it (a solitaire deal that
        can no longer be won); logged, so a save replays it. Returns the events."""
        events = self._give_up()
        self.redo_tails.clear()
        return events

    def _give_up(self) -> list:
        if self.game_over:
            raise IllegalAction("the game is over")
        seat = self.to_move
        self.state, events = self.rules.give_up(self.state)
        self.log.append(dict(GIVE_UP))
        self.movers.append(seat)
        self.showed_hidden.append(False)
        self._record_end(seat, events)
        return events

    def is_legal(self, action) -> bool:
        """Whether the seat to move may take `action` (also one the legal list does not spell out)."""
        return self.rules.is_legal(self.state, action)

    def why_illegal(self, action) -> str:
        """Why the seat to move may not take `action`, in a player's words."""
        return self.rules.why_illegal(self.state, action)

    def winnable_job(self, memory) -> SolverJob:
        """Whether this solitaire deal can still be won (`still_winnable`: True, False when proved
        lost, None when not sure or cancelled), worked out on a private copy of the position."""
        position, rules = self._solitaire_position()
        return lambda cancel: still_winnable(position, rules, memory=memory, cancel=cancel)

    def hint_job(self, memory) -> SolverJob:
        """The solver's hint for this solitaire deal (`hint_action`: judged from the player's
        view), worked out on a private copy of the position."""
        position, rules = self._solitaire_position()
        return lambda _cancel: hint_action(position, rules, memory=memory)

    def _solitaire_position(self):
        """A copy of the position for the solver, which no move of the table changes meanwhile."""
        if not isinstance(self.rules, SolitaireRules):
            raise IllegalAction(f"{self.descriptor.title} has no solver")
        return self.rules.clone(self.state), self.rules

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
        self.movers.append(None)
        self.showed_hidden.append(False)
        self.game_start = self.undo_floor = len(self.log)
        self.redo_tails.clear()
        self.state = self.rules.setup(self.next_game_config(), self.game_seed(self.game_number))
        self.revision = next(_REVISIONS)

    def next_game_config(self) -> dict:
        """The rules config the next game of this session is dealt with, once this one is over
        (a match's scores carried on, the seats of a tie-break)."""
        return self.rules.next_game_config(self.config["rules"], self.state)

    def hand_over(self, seat: int, kind: str) -> None:
        """Give `seat` to a computer (kind "computer", at the seat's difficulty) or back to a
        player ("human"), from now on. The change is logged, so a save replays it in place."""
        if not 0 <= seat < len(self.seats):
            raise IllegalAction(f"there is no seat {seat + 1} at this table")
        if kind not in SEAT_KINDS:
            raise IllegalAction(f"a seat is played by a human or a computer, not a {kind}")
        if self.seats[seat].kind == kind:
            raise IllegalAction(f"{self.seats[seat].name} is already played by a {kind}")
        self._change_seat(seat, kind)
        self.redo_tails.clear()

    def _change_seat(self, seat: int, kind: str) -> None:
        seats = list(self.seats)
        seats[seat] = Seat(seats[seat].name, kind, seats[seat].difficulty)
        self.seats = tuple(seats)
        if kind == "computer":
            self.computers[seat] = self._computer(seat)
        else:
            self.computers.pop(seat, None)
        self.log.append({"type": SEAT_KIND, "seat": seat, "kind": kind})
        self.movers.append(None)
        self.showed_hidden.append(False)
        self.undo_floor = len(self.log)
        self.revision = next(_REVISIONS)

    def outcome(self):
        return self.rules.outcome(self.state)

    def result_words(self) -> str:
        """How the current game ended, for a list of saved games: who won ("Ben won", "Ana and
        Ben won"), in a game of one whether its player won or lost, else "nobody won"; "in
        progress" before its end."""
        if not self.game_over:
            return "in progress"
        winners = self.outcome().winners
        if winners:
            return f"{' and '.join(self.names[seat] for seat in winners)} won"
        return f"{self.names[0]} lost" if len(self.names) == 1 else "nobody won"

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def turns_taken(self, seat: int) -> int:
        """How many turns `seat` has taken in the current game: as the game counts them, else a
        run of the seat's moves is one."""
        counted = self.rules.turns_played(self.state, seat)
        if counted is not None:
            return counted
        movers = self.movers[self.game_start:]
        return sum(1 for i, mover in enumerate(movers) if mover == seat and (i == 0 or movers[i - 1] != seat))

    # -- undo, redo, restart, hints

    def undo_point(self) -> int | None:
        """Where in the log undo would go back to (the state before that action), or None.

        The last decision of a human seat in the current game, when every step since showed no
        human a card hidden until then and it is not another human's turn now (pass-and-play)."""
        return self._undo_check()[0]

    @property
    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def why_no_undo(self) -> str:
        """Why undo cannot be used now, in a player's words ("" when it can)."""
        return self._undo_check()[1]

    def _undo_check(self) -> tuple[int | None, str]:
        """Where undo would go back to (see `undo_point`), or None and why not."""
        humans = self.human_seats
        last = next((i for i in range(len(self.log) - 1, self.undo_floor - 1, -1)
                     if self.movers[i] in humans), None)
        if last is None:
            return None, "Nothing to take back: no move of a player's yet in this game"
        if self.to_move in humans and self.to_move != self.movers[last]:
            return None, "Undo goes back no further: another player has moved since"
        if any(self.showed_hidden[last:]):
            return None, "Undo goes back no further: a card was shown since (a draw or a reveal)"
        return last, ""

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_tails)

    def undo(self) -> None:
        """Take back the last human decision and every computer move after it."""
        point = self.undo_point()
        if point is None:
            raise IllegalAction("that move cannot be taken back")
        tail = self.log[point:]
        self._replay(self.log[:point])
        self.redo_tails.append(tail)
        self.assisted.add(self.game_number)

    def redo(self) -> None:
        """Play again the moves the last undo took back."""
        if not self.redo_tails:
            raise IllegalAction("there is nothing to redo")
        for item in self.redo_tails.pop():
            self._play(from_json(item, self.rules.saved_types))

    def restart(self) -> None:
        """Deal the current game again, the same cards in the same order, with the seats as they
        are now (a seat handed over during the game stays handed over)."""
        handed = [item for item in self.log[self.game_start:] if item.get("type") == SEAT_KIND]
        self._replay(self.log[:self.game_start] + handed)
        self.redo_tails.clear()
        self.assisted.add(self.game_number)

    def note_hint(self) -> None:
        """A player was shown a hint: the current game no longer counts as played unaided."""
        self.assisted.add(self.game_number)

    @property
    def game_assisted(self) -> bool:
        """Whether undo, a hint or a restart was used in the current game."""
        return self.game_number in self.assisted

    def _replay(self, log: list[dict]) -> None:
        """Bring the session to where `log` (its own, cut back) leads, with the seats it has now;
        computer players and the redo tails stay."""
        replayed = type(self).from_save({**self.to_save(), "actions": log, "assisted": []})
        for name in ("wins", "game_number", "log", "movers", "showed_hidden", "game_start",
                     "undo_floor", "moves", "state", "revision"):
            setattr(self, name, getattr(replayed, name))

    def rewind(self, state, moves: list[PlayedMove], wins) -> None:
        """Show an earlier position of this session's game (a replay's step): its state, the moves
        made up to it, the wins then. The log is not cut: only what is shown moves."""
        self.state, self.moves, self.wins = state, moves, list(wins)
        self.revision = next(_REVISIONS)

    # -- saves

    def to_save(self) -> dict:
        saved = {"format": SAVE_FORMAT, "game": self.game, "edition": self.rules.edition, "config": self.config,
                 "seed": self.seed, "actions": list(self.log), "assisted": sorted(self.assisted)}
        return saved if self.network is None else {**saved, "network": self.network}

    def dumps(self) -> str:
        return json.dumps(self.to_save(), indent=1)

    @classmethod
    def from_save(cls, data) -> "Session":
        if not isinstance(data, dict):
            raise SaveError("the save is not a JSON object")
        if nested_deeper_than(data, MAX_SAVE_DEPTH):
            raise SaveError(f"the save nests deeper than {MAX_SAVE_DEPTH} levels")
        version = data.get("format")
        if type(version) is not int or version not in READABLE_FORMATS:
            newer = " (it was written by a newer version of Chain Table)" if type(version) is int and version > SAVE_FORMAT else ""
            raise SaveError(f"unknown save format {version!r} (this version reads {SAVE_FORMAT}){newer}")
        for key in ("game", "config", "seed", "actions") + (("assisted",) if version >= 2 else ()) + (("edition",) if version >= 5 else ()):
            if key not in data:
                raise SaveError(f"the save has no {key!r}")
        seed, actions = data["seed"], data["actions"]
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT or not isinstance(actions, list):
            raise SaveError("the save's seed must be a number from 0 to 2**64 - 1 and its actions a list")
        try:
            session = cls(data["game"], data["config"], seed)
        except (KeyError, ValueError) as err:
            raise SaveError(f"the save's setup is not valid: {err}") from None
        edition = _edition_of(data, version, session.rules.edition)
        for number, item in enumerate(actions, 1):
            try:
                session.replay_item(item)
            except Exception as err:  # an earlier edition's move may trip these rules anywhere
                if edition < session.rules.edition:
                    raise EarlierEdition(f"it was played under an earlier edition of the rules of "
                                         f"{session.descriptor.title}, which these rules cannot replay from move "
                                         f"{number} on ({err})", session, data, number - 1, edition) from None
                if not isinstance(err, (ValueError, IllegalAction)):
                    raise
                raise SaveError(f"move {number} of the save cannot be played: {err}") from None
        assisted = data.get("assisted", [])
        if not isinstance(assisted, list) or not all(
                type(n) is int and 0 <= n <= session.game_number for n in assisted):
            raise SaveError("the save's assisted games must be a list of game numbers it has played")
        session.assisted = set(assisted)
        session.network = data["network"] if isinstance(data.get("network"), dict) else None
        return session

    def replay_item(self, item) -> None:
        """Play one entry of a save's action list: a move, the next game, a seat handed over or
        a game given up."""
        if item == NEXT_GAME:
            self.next_game()
        elif item == GIVE_UP:
            self._give_up()
        elif isinstance(item, dict) and item.get("type") == SEAT_KIND:
            self._replay_seat_change(item)
        else:
            self._play(from_json(item, self.rules.saved_types))

    def _replay_seat_change(self, item: dict) -> None:
        seat, kind = item.get("seat"), item.get("kind")
        if set(item) != {"type", "seat", "kind"} or type(seat) is not int or not 0 <= seat < len(self.seats) \
                or kind not in SEAT_KINDS or self.seats[seat].kind == kind:
            raise ValueError(f"the seat change {item!r} is not one this table can make")
        self._change_seat(seat, kind)

    @classmethod
    def loads(cls, text: str) -> "Session":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SaveError(f"the save is not valid JSON ({err.msg} at line {err.lineno})") from None
        except (ValueError, RecursionError) as err:
            # A number too long to read (Python refuses over 4,300 digits) or nesting too deep.
            kind = "too deeply nested" if isinstance(err, RecursionError) else "holds a number too long to read"
            raise SaveError(f"the save is not valid JSON (it {kind})") from None
        return cls.from_save(data)

