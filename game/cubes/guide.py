"""How to play Cubes, in the table's own words (shown by the Rules button), with pictures of the
key rules: what may sit beside what (an ace too), and closing a cube."""

from ..cards import card
from ..sheet import Picture, Sheet, Shown

GUIDE = """\
Goal: score the most points by closing squares of cards on the table.
Seats play in the order shown on the setup screen (which can also shuffle them): the first seat starts, then play goes round the table.
Each player gets five cards. One card is laid face up in the middle: the board grows from it in every direction.
On your turn, draw a card, then put one card from your hand (the new one or any other) on an empty space of the board.
The space must touch at least one card along a side (corners do not count), and your card must get along with every card it touches: the same rank, the same suit, or one rank higher or lower. An ace counts 1: it sits next to a 2 by rank and next to any card of its own suit, a king included; next to a king of another suit it does not fit. Your card may match one neighbour by suit and another by rank.
You must place a card if you can. If none of your cards fits anywhere, you pass and keep the card you drew.
Fill the last space of a 2 x 2 or 3 x 3 block of cards and it is a cube: every cube your card completes leaves the board for your score pile. A 3 x 3 cube can only be closed through its centre, since any other last card would already have closed a 2 x 2.
The rest of the board stays where it is, even when a cube splits it in two; the gaps can be filled again by the same rules. If the board is ever empty, any card may start it again.
The game ends after the turn in which the last card of the deck is drawn. Add up the ranks in your score pile (A = 1, J = 11, Q = 12, K = 13); cards in hand count for nothing. Highest total wins, then the most cards scored; players still tied share the win.
"""

# Each picture is a real board, {(x, y): card} with y growing downward, and the card placed on it.
ACE_BOARD = {(0, 0): card("KS"), (2, 0): card("2D"), (2, 1): card("KD")}
ACE_PLACED = (card("AS"), (1, 0))
CUBE_BOARD = {(0, 0): card("5H"), (1, 0): card("6H"), (0, 1): card("5C")}
CUBE_PLACED = (card("6C"), (1, 1))


def _picture(caption: str, board: dict, placed, notes: dict) -> Picture:
    placed_card, (px, py) = placed
    shown = [Shown(c, x, y, notes.get((x, y), "")) for (x, y), c in sorted(board.items())]
    shown.append(Shown(placed_card, px, py, notes.get((px, py), ""), marked=True))
    return Picture(caption, tuple(shown))


PICTURES = (
    _picture("The A\u2660 fits between the K\u2660 (same suit) and the 2\u2666 (one rank up). "
             "An A\u2665 could not then go below it, beside the K\u2666: an ace and a king of "
             "different suits never match.",
             ACE_BOARD, ACE_PLACED, {(0, 0): "same suit", (1, 0): "placed", (2, 0): "one up"}),
    _picture("The 6\u2663 fills the last space of a 2 x 2 block: it is a cube, and all four cards "
             "leave the board for the score pile: 5 + 6 + 5 + 6 = 22 points.",
             CUBE_BOARD, CUBE_PLACED, {(1, 1): "closes it"}),
)

SHEET = Sheet(GUIDE, PICTURES)
