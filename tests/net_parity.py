"""What the every-decision network tests share: a networked seat (`RemoteSession`) checked against
the host's session at the decision it is asked, and a player who answers every kind of decision.

At each decision the seat's own table works out, from its own view, what a local table works out
from the game: the moves it may make, whether each is legal, why another is not, what each would
do (`foresee`, the words of a move being chosen) and the Hint. All must be the host's answers."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from game.core import to_json
from game.rng import Rng
from game.sovereign.rules import PROMPTS

# Every decision the rules of each game ask a seat: Sovereign's Chain names its decisions (the
# view's `pending`); the other games ask for one of their kinds of move. The solitaire's own
# plays (on top of a place) are not asked at a table of players.
DECISIONS = {
    "chains": {"Play", "Draw", "Pass"},
    "chainchain": {"Play", "Take"},
    "linx": {"Draw", "LayChain", "Discard"},
    "cubes": {"Draw", "Place", "Pass"},
    "sovereigns-chain": set(PROMPTS),
}
PROBES_KEPT = 12  # moves of earlier decisions kept to ask the seat about later (mostly refused)
FORESEEN_AT_MOST = 6  # the moves of a decision whose words are compared (the first ones, of each kind)


def wired(message: dict) -> dict:
    """A message as it arrives: through JSON text, so nothing is shared with the host's objects."""
    return json.loads(json.dumps(message))


def decision_kind(game: str, view, action) -> str:
    """The decision `action` answers: Sovereign's Chain's pending decision, else the kind of move."""
    pending = getattr(view, "pending", None) if game == "sovereigns-chain" else None
    return pending.kind if pending is not None else type(action).__name__


def as_json(items) -> list:
    return [to_json(item) if item is not None else None for item in items]


def sampled(legal: list) -> list:
    """A few of the moves: the first of each kind, then the first ones."""
    firsts = list({type(action): action for action in reversed(legal)}.values())
    return (firsts + [a for a in legal if a not in firsts])[:FORESEEN_AT_MOST]


class DecisionChecker:
    """Compares a networked seat with the host at every decision, and keeps what was reached."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.reached: set[str] = set()
        self.probes: list = []
        self.checked = 0

    def check(self, host, remote) -> None:
        """`host`: the host's `Session`, its seat to move being `remote`'s seat."""
        seat = remote.seat
        assert host.to_move == seat == remote.to_move
        mine, theirs = remote.stream(seat), host.stream(seat)
        assert to_json(mine.view) == to_json(theirs.view)
        legal = mine.legal_actions()
        assert as_json(legal) == as_json(theirs.legal_actions())
        for action in legal:
            assert remote.is_legal(action), f"{self.game}: seat {seat} refuses its own move {to_json(action)}: " \
                                            f"{remote.why_illegal(action)}"
        told = sampled(legal)
        assert as_json(mine.foresee(a) for a in told) == as_json(theirs.foresee(a) for a in told)
        self._check_refusals(host, remote, legal)
        hint = host.descriptor.heuristic(7)
        assert to_json(hint.choose(mine.view, legal)) == \
            to_json(host.descriptor.heuristic(7).choose(theirs.view, theirs.legal_actions()))
        self.checked += 1

    def _check_refusals(self, host, remote, legal) -> None:
        """Moves of earlier decisions, most of them refused now: refused for the same reason."""
        for action in self.probes:
            if action in legal:
                continue
            assert remote.is_legal(action) == host.is_legal(action), to_json(action)
            if not host.is_legal(action):
                assert remote.why_illegal(action) == host.why_illegal(action), to_json(action)
        self.probes = (self.probes + legal[:3])[-PROBES_KEPT:]

    def choose(self, remote, rng: Rng, answered: Counter):
        """A move of the seat's own list, of the kind it has made least (so every kind is met)."""
        by_kind = defaultdict(list)
        for action in remote.legal:
            by_kind[type(action).__name__].append(action)
        kind = min(sorted(by_kind), key=lambda name: answered[name])
        answered[kind] += 1
        action = rng.choice(by_kind[kind])
        self.reached.add(decision_kind(self.game, remote.view, action))
        return action

    def missing(self) -> set[str]:
        return DECISIONS[self.game] - self.reached
