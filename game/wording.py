"""How a game's texts name a seat: by its name ("Ana plays", "Ana's chain"), or in the second
person for a player seated as "You", the one player of a solitaire ("You play", "your chain").

Also how a count of turns reads at the end of a game, with a deal ended before its first turn
said as such (never "after 0 turns")."""

from __future__ import annotations

YOU = "You"
IRREGULAR = {"has": "have", "does": "do", "is": "are", "gets": "get"}
HISSING = ("sses", "shes", "ches", "xes", "zes")  # third-person endings that drop "es", not "s"


def acts(name: str, verb: str) -> str:
    """`name` and `verb` as said of a named seat ("plays", "has picked"): "Ana plays" or "You play"."""
    if name != YOU:
        return f"{name} {verb}"
    first, _, rest = verb.partition(" ")
    if first in IRREGULAR:
        first = IRREGULAR[first]
    elif first.endswith(HISSING):
        first = first[:-2]
    elif first.endswith("s"):
        first = first[:-1]
    return " ".join(filter(None, [YOU, first, rest]))


def whose(name: str, opening: bool = False) -> str:
    """The possessive: "Ana's", or "your" ("Your" to open a sentence)."""
    if name == YOU:
        return "Your" if opening else "your"
    return f"{name}'s"


def turns_phrase(turns: int, before: str = "after") -> str:
    """"after 3 turns", "after 1 turn", or "before its first play" for none (`before`: the
    word before a count, "after" or "in")."""
    if turns <= 0:
        return "before its first play"
    return f"{before} {turns} turn{'s' if turns != 1 else ''}"
