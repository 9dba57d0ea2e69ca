"""A table played over the network, on the host's side: the one authoritative session, its human
seats held by random tokens, and for each seat the messages it is sent, which are exactly its
viewer stream (game/stream.py) as the saves' JSON.

Before the start a table the host set up is a plan of seats (`HostedTable.planned`): the host's
own seat, computers, and open seats that players take with a name; the host starts it when no
seat is open, and the session is made from the plan. A `lobby` message tells every player who
sits where, and whether they are connected; it never holds a card.

Every message is a JSON object with the protocol `version`, its `type` and, for the messages of
the game, the seat's own sequence number `seq` (1, 2, ... per seat). A seat that sits down, comes
back or has fallen behind is sent a `snapshot` of its whole stream, never moves it could misapply;
after that, a `move` per move made at the table. Each of them says whether the seat may take its
last move back now (`"undo": ""`) or why not. An action comes with the token that holds the seat
and the last `seq` its sender had seen; an action from a seat not to move, with a stale `seq` or
refused by the rules is answered with `refused` and the reason, and changes nothing.

Undo over the network takes back only the seat's own moves: never past another seat's move (a
computer's included), nor past a card shown.

Pure: no sockets here. The transport carries these messages over WebSocket."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from ..core import IllegalAction, NumberOption, from_json, to_json
from ..files import clean_name
from ..registry import find_game
from ..session import NAME_LIMIT, Session
from ..wording import open_seats_words

PROTOCOL = 1
OPEN = "open"  # a seat of the plan waiting for a player to take it
ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0 and O, no 1 and I: read aloud, typed right
ROOM_CODE_LENGTH = 5  # a table a host's app serves: guesses are paced, and a room lives an evening
SERVER_CODE_LENGTH = 10  # a table on a shared server: 32**10 = 2**50 codes, hopeless to guess (docs/SERVER.md)
QUOTE_LIMIT = 40  # characters of what a player sent that a refusal quotes
REASON_LIMIT = 300  # characters of a refusal's reason


class SeatTaken(ValueError):
    """A seat that cannot be sat in: the message says why, for the player who asked."""


def new_room_code(length: int = ROOM_CODE_LENGTH) -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(length))


def quoted(value) -> str:
    """What a player sent, as a refusal quotes it: never more than a short prefix."""
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else f"{text[:QUOTE_LIMIT]}\u2026"


def short(reason) -> str:
    """A refusal's reason, cut short: a message a stranger made up is never sent back whole."""
    text = str(reason)
    return text if len(text) <= REASON_LIMIT else f"{text[:REASON_LIMIT]}\u2026"


def token_hash(token: str) -> str:
    """What a table holds of a seat's token: its SHA-256 (a stored table gives no seat away)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_name(one: str, other: str) -> bool:
    """Whether two names read the same (\"Ana\", \"ana\" and \"\uff21na\" do)."""
    return unicodedata.normalize("NFKC", one).casefold() == unicodedata.normalize("NFKC", other).casefold()


def options_words(game: str, config: dict) -> str:
    """The table's rule options as a player reads them: "Draw: three cards; 2 wins to take it"."""
    rules = find_game(game).rules
    words = []
    for option in rules.options:
        value = config["rules"].get(option.key, option.default)
        shown = f"{value:,}" if isinstance(option, NumberOption) else option.label_of(value)
        words.append(f"{option.label}: {shown}")
    if config.get("games_to_win", 1) > 1:
        words.append(f"{config['games_to_win']} wins take the session")
    return "; ".join(words)


class HostedTable:
    def __init__(self, session: Session, room: str) -> None:
        """A table whose game has started (every human seat free until a player sits in it)."""
        self.session: Session | None = session
        self.game, self.config, self.seed = session.game, session.config, session.seed
        self.kinds = [seat.kind for seat in session.seats]  # the plan's, until the start
        self.room = room
        self.host_key = secrets.token_urlsafe(16)  # the host's rights: start, seats, the end
        self.host_seat: int | None = None
        self.host_token: str | None = None  # the token of the host's own seat
        self.holders: dict[str, int] = {}  # a token's hash -> the seat it holds
        self.tokens: dict[str, int] = {}  # the tokens given out here -> their seats (for the host's own save)
        self.port = 0  # the port the host's server last served the table on (0: none yet)
        self.seq: dict[int, int] = {}  # a seat -> the last sequence number it was sent
        self.shown: dict[int, int] = {}  # a seat -> the number of the last move it was sent
        self.shown_from: dict[int, list] = {}  # a seat -> the session's moves that number is of

    @classmethod
    def planned(cls, game: str, config: dict, seed: int, room: str = "") -> "HostedTable":
        """A table the host set up, before its start: the first human seat is the host's (its
        token is `host_token`); every other seat a person is to take is open."""
        kinds = [seat.get("kind", "human") if isinstance(seat, dict) else "human" for seat in config.get("seats", [])]
        if "human" not in kinds:
            raise ValueError("keep one seat Human: the host's own")
        if not set(kinds) <= {"human", "computer", OPEN}:
            raise ValueError("a seat is a human's, a computer's or open")
        seats = [{**seat, "kind": "computer" if kind == "computer" else "human"}
                 for seat, kind in zip(config["seats"], kinds)]
        table = cls(Session(game, {**config, "seats": seats}, seed), room)
        table.session = None
        table.host_seat = kinds.index("human")
        table.kinds = ["human" if i == table.host_seat else "computer" if kind == "computer" else OPEN
                       for i, kind in enumerate(kinds)]
        table.host_token = table._hold(table.host_seat)
        return table

    @classmethod
    def reopened(cls, session: Session, record: dict) -> "HostedTable":
        """The table of a saved networked game (`network_record`), with the same room code, host
        key and tokens, its game started: the players come back to their seats."""
        problem = record_problem(record, len(session.seats))
        if problem:
            raise ValueError(f"the saved table cannot be opened again: {problem}")
        table = cls(session, record["room"])
        table.host_key, table.host_seat = record["host"], record["host_seat"]
        table.tokens = dict(record["tokens"])
        table.holders = {token_hash(token): seat for token, seat in table.tokens.items()}
        table.host_token = next(token for token, seat in table.tokens.items() if seat == table.host_seat)
        port = record.get("port", 0)
        table.port = port if type(port) is int and 0 <= port < 65536 else 0
        return table

    def network_record(self) -> dict:
        """What the host's save keeps to open this table again: its room, host key, tokens and the
        port it was served on."""
        return {"room": self.room, "host": self.host_key, "host_seat": self.host_seat, "tokens": dict(self.tokens),
                "port": self.port}

    def stored(self) -> dict:
        """What a shared server's store keeps of the table (game/net/store.py): the game in the
        saves' format (seed, options, moves) or, before the start, the plan of seats; the room and
        the seats' tokens' hashes, never the tokens themselves."""
        record = {"room": self.room, "host_seat": self.host_seat, "token_hashes": dict(self.holders)}
        if self.started:
            return {**record, "save": self.session.to_save()}
        return {**record, "plan": {"game": self.game, "config": self.config, "seed": self.seed, "kinds": self.kinds}}

    @classmethod
    def restored(cls, record: dict) -> "HostedTable":
        """The table a store kept (`stored`): its players come back to their seats with their tokens."""
        plan = record.get("plan")
        if plan is None:
            table = cls(Session.from_save(record["save"]), record["room"])
        else:
            table = cls(Session(plan["game"], plan["config"], plan["seed"]), record["room"])
            table.session, table.kinds = None, list(plan["kinds"])
        table.host_seat = record["host_seat"]
        table.holders = {str(digest): int(seat) for digest, seat in record["token_hashes"].items()}
        return table

    @property
    def started(self) -> bool:
        return self.session is not None

    def is_host(self, key, token: str) -> bool:
        """Whether `key` is this table's host key and `token` holds the host's seat."""
        right_key = isinstance(key, str) and secrets.compare_digest(key.encode(), self.host_key.encode())
        return right_key and self.host_seat is not None and self.holders.get(token_hash(token)) == self.host_seat

    # -- seats

    def names(self) -> list[str]:
        return self.session.names if self.started else [seat["name"] for seat in self.config["seats"]]

    def open_seats(self) -> list[int]:
        """The seats a player may take now: the plan's open seats, or a started game's human
        seats nobody holds yet."""
        if not self.started:
            return [seat for seat, kind in enumerate(self.kinds) if kind == OPEN]
        held = set(self.holders.values())
        return [seat for seat in self.session.human_seats if seat not in held]

    def sit(self, seat: int, name=None) -> str:
        """Hold a free seat (under `name`, before the start): returns the token that holds it."""
        if not 0 <= seat < len(self.kinds) or self._kind(seat) == "computer":
            raise SeatTaken(f"seat {seat + 1} is not a player's seat at this table")
        if seat not in self.open_seats():
            raise SeatTaken(f"{self.names()[seat]}'s seat is taken")
        cleaned = clean_name(name, NAME_LIMIT) if isinstance(name, str) and not self.started else ""
        if any(same_name(cleaned, other) for i, other in enumerate(self.names()) if i != seat):
            raise SeatTaken(f"{cleaned} sits at this table already: choose another name")
        if not self.started:
            self.kinds[seat] = "human"
            if cleaned:
                self.config["seats"][seat] = {**self.config["seats"][seat], "name": cleaned}
        return self._hold(seat)

    def _hold(self, seat: int) -> str:
        token = secrets.token_urlsafe(16)
        self.holders[token_hash(token)] = seat
        self.tokens[token] = seat
        return token

    def _kind(self, seat: int) -> str:
        return self.session.seats[seat].kind if self.started else self.kinds[seat]

    def seat_of(self, token: str) -> int:
        seat = self.holders.get(token_hash(token))
        if seat is None:
            raise SeatTaken("this table does not know you: join it again")
        return seat

    def start(self) -> None:
        """Make the session from the plan; refused while a seat is open."""
        if self.started:
            raise IllegalAction("the game has started already")
        waiting = [self.names()[seat] for seat in self.open_seats()]
        if waiting:
            raise IllegalAction(f"{open_seats_words(waiting)} still open: wait for a player to sit "
                                f"there, or make it a computer")
        seats = [{**seat, "kind": kind} for seat, kind in zip(self.config["seats"], self.kinds)]
        self.session = Session(self.game, {**self.config, "seats": seats}, self.seed)
        self.config = self.session.config

    def next_game(self) -> None:
        """The host deals the next game of the session (a match), once this one is over."""
        if not self.started:
            raise IllegalAction("the game has not started yet")
        self.session.next_game()

    def set_kind(self, seat, kind, connected: set[int]) -> None:
        """The host turns a seat to a computer or back: before the start an open seat (back: open
        again), during the game the seat of a player who dropped (back: the player's again)."""
        if type(seat) is not int or not 0 <= seat < len(self.kinds) or seat == self.host_seat:
            raise IllegalAction("that seat cannot be changed")
        if kind not in ("computer", "human"):
            raise IllegalAction(f"a seat is played by a human or a computer, not {kind!r}")
        if not self.started:
            if self.kinds[seat] != (OPEN if kind == "computer" else "computer"):
                raise IllegalAction("only an open seat can be made a computer" if kind == "computer"
                                    else f"{self.names()[seat]}'s seat is not a computer's")
            self.kinds[seat] = kind if kind == "computer" else OPEN
            return
        if seat not in self.holders.values():
            raise IllegalAction(f"nobody has sat in {self.names()[seat]}'s seat")
        if kind == "computer" and seat in connected:
            raise IllegalAction(f"{self.names()[seat]} is playing: only a dropped player's seat is handed over")
        self.session.hand_over(seat, kind)

    def handed_back(self, seat: int) -> bool:
        """A player back at the table takes their seat from the computer that kept it for them:
        whether it was handed back now (the seats' kinds change, so every seat is sent afresh)."""
        if not self.started or seat == self.host_seat or self.session.seats[seat].is_human:
            return False
        self.session.hand_over(seat, "human")
        return True

    # -- the lobby

    def lobby(self, connected: set[int], seat: int | None = None) -> dict:
        """Who sits where, and the table's game and options, for every player (and for `seat`,
        which seat is theirs). It holds no card."""
        held = set(self.holders.values())
        seats = [{"name": name, "kind": self._kind(i), "difficulty": self.config["seats"][i]["difficulty"],
                  "held": i in held, "connected": i in connected, "host": i == self.host_seat}
                 for i, name in enumerate(self.names())]
        return {"version": PROTOCOL, "type": "lobby", "room": self.room, "game": self.game,
                "title": find_game(self.game).title, "options": options_words(self.game, self.config),
                "started": self.started, "seats": seats, "seat": seat}

    # -- what a seat is sent

    def snapshot(self, seat: int) -> dict:
        """Everything the seat's stream holds now: sent on sitting down, on coming back, and to a
        seat that has fallen behind."""
        session, stream = self.session, self.session.stream(seat)
        last = stream.last_move
        self.shown[seat] = last.number if last is not None else 0
        self.shown_from[seat] = session.moves
        return self._message(seat, "snapshot", room=self.room, game=session.game, config=session.config,
                             moves=[to_json(move) for move in stream.moves], **self._position(seat))

    def news(self, seat: int) -> list[dict]:
        """The moves made since the seat was last sent one, a message each."""
        if self.shown_from.get(seat) is not self.session.moves:
            return [self.snapshot(seat)]  # new to the table, or it went back (an undo): afresh
        moves = self.session.stream(seat).moves[self.shown[seat]:]
        messages = []
        for move in moves:
            self.shown[seat] = move.number
            messages.append(self._message(seat, "move", move=to_json(move), **self._position(seat)))
        return messages

    def snapshots(self) -> dict[int, list[dict]]:
        """Every held seat's whole stream afresh (the start, a seat handed over)."""
        return {held: [self.snapshot(held)] for held in sorted(set(self.holders.values()))}

    def _position(self, seat: int) -> dict:
        session, stream = self.session, self.session.stream(seat)
        return {"seat": seat, "view": to_json(stream.view), "public": to_json(session.stream(None).view),
                "legal": [to_json(a) for a in stream.legal_actions()], "to_move": session.to_move,
                "kinds": [s.kind for s in session.seats], "wins": list(session.wins),
                "game_number": session.game_number, "session_over": session.session_over,
                "undo": self.why_no_undo(seat)}

    def _message(self, to: int, kind: str, **fields) -> dict:
        self.seq[to] = self.seq.get(to, 0) + 1
        return {"version": PROTOCOL, "type": kind, "seq": self.seq[to], **fields}

    # -- what a seat does

    def act(self, token: str, action, seen: int) -> dict[int, list[dict]]:
        """The action a seat sent, with the last `seq` it had seen: the messages each held seat is
        sent now (the mover's refusal alone, or every seat's news)."""
        seat = self.seat_of(token)
        try:
            self._play(seat, action, seen)
        except (IllegalAction, ValueError) as err:
            return {seat: [self._message(seat, "refused", reason=short(err))]}
        return self._everyones_news()

    def undo(self, token: str, seen: int) -> dict[int, list[dict]]:
        """The seat takes its own last move(s) back, when `why_no_undo` allows: every seat is sent
        the table afresh; else the seat alone is told why not."""
        seat = self.seat_of(token)
        reason = "the table has moved on since: look again" if seen != self.seq.get(seat, 0) else self.why_no_undo(seat)
        if reason:
            return {seat: [self._message(seat, "refused", reason=reason)]}
        self.session.undo()
        return self._everyones_news()

    def why_no_undo(self, seat: int) -> str:
        """Why `seat` may not take a move back now, in a player's words ("" when it may): the
        session's undo rule, and never past another seat's move, a computer's included."""
        session = self.session
        if session is None:
            return "The game has not started yet"
        reason = session.why_no_undo()
        if reason:
            return reason
        others = [mover for mover in session.movers[session.undo_point():] if mover not in (None, seat)]
        if others:
            return f"Undo goes back no further: {session.names[others[-1]]} has moved since"
        return ""

    def computer_move(self, action) -> dict[int, list[dict]]:
        """The move the computer to move chose (`Session.computer_action`, thought over off the
        server's loop): every held seat's news."""
        if self.session.to_move not in self.session.computers:
            raise IllegalAction("it is not a computer's turn")
        self.session.apply(action)
        return self._everyones_news()

    def _everyones_news(self) -> dict[int, list[dict]]:
        return {held: self.news(held) for held in sorted(set(self.holders.values()))}

    def _play(self, seat: int, action, seen: int) -> None:
        if self.session is None:
            raise IllegalAction("the game has not started yet")
        if seen != self.seq.get(seat, 0):
            raise IllegalAction("the table has moved on since: look again")
        if self.session.to_move != seat:
            raise IllegalAction("it is not your turn")
        self.session.apply(from_json(action, self.session.rules.saved_types))


def record_problem(record, seats: int) -> str:
    """What is wrong with a save's network record ("" when nothing is)."""
    if not isinstance(record, dict):
        return "its network record is not an object"
    room, host, host_seat, tokens = (record.get(key) for key in ("room", "host", "host_seat", "tokens"))
    if not isinstance(room, str) or len(room) not in (ROOM_CODE_LENGTH, SERVER_CODE_LENGTH) or not set(room) <= set(ROOM_LETTERS):
        return f"the room code {room!r} is not one"
    if not isinstance(host, str) or not host:
        return "it has no host key"
    if not isinstance(tokens, dict) or not all(isinstance(t, str) and t and type(s) is int and 0 <= s < seats
                                               for t, s in tokens.items()):
        return "its seats' tokens are not tokens and seats"
    if type(host_seat) is not int or host_seat not in tokens.values():
        return "no token holds the host's seat"
    return ""
