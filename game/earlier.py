"""Games played under an earlier edition of their rules that these rules cannot replay move by
move (session.EarlierEdition): they were valid games of the rules they were played under, so
they are kept as they were recorded, never set aside as damaged. A replay shows them as far as
these rules go, then their recorded moves in words; a game in progress of that kind cannot be
continued, and is offered as such a replay instead."""

from __future__ import annotations

import dataclasses

from .core import from_json
from .session import GIVE_UP, NEXT_GAME, SEAT_KIND, EarlierEdition
from .wording import plain_name

EARLIER_EDITION = "played under an earlier edition of the rules"
EARLIER_RULES = "earlier rules"  # how a list of games short of room says it


def recorded_moves(earlier: EarlierEdition) -> list[str]:
    """The save's moves that these rules cannot replay, in words, each with its number in the
    save: "move 8: play (card Scout 1✳, chain 2, face up True)"."""
    first = earlier.stopped_at
    return [f"move {first + number}: {move_words(item, earlier.session.rules)}"
            for number, item in enumerate(earlier.data["actions"][first:], 1)]


def move_words(item, rules) -> str:
    """One entry of a save's list of moves in words, as far as these rules can read it."""
    if item == NEXT_GAME:
        return "the next game begins"
    if item == GIVE_UP:
        return "the game is given up"
    if isinstance(item, dict) and item.get("type") == SEAT_KIND:
        return f"seat {item.get('seat', 0) + 1 if type(item.get('seat')) is int else '?'} goes to a {item.get('kind')}"
    try:
        action = from_json(item, rules.saved_types)
    except ValueError:
        return "a move these rules do not know"
    fields = [_field_words(field.name.replace("_", " "), getattr(action, field.name))
              for field in dataclasses.fields(action)]
    return f"{plain_name(action)} ({', '.join(fields)})" if fields else plain_name(action)


COUNTED_FROM_ONE = ("chain", "place", "seat")  # kept from 0, said from 1 as the table does


def _field_words(name: str, value) -> str:
    """A field of a move: "face up" or "not face up", "chain 3" for the third chain, "card Scout 1✳"."""
    name = "place" if name == "position" else name
    if type(value) is bool:
        return name if value else f"not {name}"
    if type(value) is int and name in COUNTED_FROM_ONE:
        return f"{name} {value + 1}"
    if isinstance(value, (tuple, list)):
        return f"{name} {' and '.join(str(getattr(part, 'label', part)) for part in value) or 'none'}"
    return f"{name} {getattr(value, 'label', value)}"
