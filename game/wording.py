"""How a game's texts name a seat: by its name ("Ana plays", "Ana's chain"), or in the second
person for a player seated as "You", the one player of a solitaire or the learner of a lesson
("You play", "your chain").

Also how a count of turns reads at the end of a game, with a deal ended before its first turn
said as such (never "after 0 turns")."""

from __future__ import annotations

import re

YOU = "You"
IRREGULAR = {"has": "have", "does": "do", "is": "are", "gets": "get"}
HISSING = ("sses", "shes", "ches", "xes", "zes")  # third-person endings that drop "es", not "s"


def acts(name: str, verb: str) -> str:
    """`name` and `verb` as said of a named seat ("plays", "has picked"): "Ana plays" or "You play"."""
    return f"{name} {verb_of(name, verb)}"


def verb_of(name: str, verb: str) -> str:
    """`verb` (its first word in the third person: "wins", "has picked") in the person of `name`,
    for a verb that follows its subject at a distance ("You have no cards left and win")."""
    if name != YOU:
        return verb
    first, _, rest = verb.partition(" ")
    if first in IRREGULAR:
        first = IRREGULAR[first]
    elif first.endswith(HISSING):
        first = first[:-2]
    elif first.endswith("s"):
        first = first[:-1]
    return " ".join(filter(None, [first, rest]))


def whose(name: str, opening: bool = False) -> str:
    """The possessive: "Ana's", or "your" ("Your" to open a sentence)."""
    if name == YOU:
        return "Your" if opening else "your"
    return f"{name}'s"


def open_seats_words(names: list[str]) -> str:
    """Whose seats are open: "Ben's seat is", "Ben's and Cleo's seats are"."""
    owners = [whose(name) for name in names]
    listed = owners[0] if len(owners) == 1 else ", ".join(owners[:-1]) + " and " + owners[-1]
    return f"{listed} seat is" if len(owners) == 1 else f"{listed} seats are"


def vocative(name: str) -> str:
    """The seat's name called after words said to it (", Ana" in "Your turn, Ana"); nothing for a
    seat named "You": the words are said to it already ("Your turn, You" names it twice)."""
    return "" if name == YOU else f", {name}"


def called(name: str, words: str) -> str:
    """`words` (said to the seat, in the second person) after its name: "Ana, you drew 5♠"; to a
    seat named "You" the words alone, as a sentence: "You drew 5♠"."""
    if name == YOU:
        return words[:1].upper() + words[1:]
    return f"{name}, {words}"


def addressed(name: str, words: str) -> str:
    """What the seat to move is asked to do, under its name: "Ana: drag a card"; under "Your turn"
    for a seat named "You" ("You: drag a card" would read as a name tag)."""
    return f"{'Your turn' if name == YOU else name}: {words}"


def turns_phrase(turns: int, before: str = "after") -> str:
    """"after 3 turns", "after 1 turn", or "before its first play" for none (`before`: the
    word before a count, "after" or "in")."""
    if turns <= 0:
        return "before its first play"
    return f"{before} {turns} turn{'s' if turns != 1 else ''}"


def plain_name(action) -> str:
    """A move's kind in words: PlayDiscard -> "play discard"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
