"""How to play LINX, in the table's own words (shown by the Rules button), with a picture of a
chain laid between two anchors."""

from ..sheet import Label, Picture, Shown
from .cards import ScoringCard, cards

GUIDE = """\
Goal: score the most points by laying chains of cards between the anchors. Two to six players.
The deck: 90 playing cards, each a number from 1 to 15 in one of six symbols (Sun, Moon, Star, Heart, Diamond, Leaf); every number comes once in every symbol. Two cards link when they show the same number or the same symbol. Card list designed for this edition; the official list is not reproduced.
Each player gets ten cards. Four cards lie face up as anchors, one starts the discard pile, and three scoring cards lie face up. Each scoring card names a chain length and its points. The youngest player goes first (the setup screen picks that seat as the first player); turns then pass clockwise, in seat order.
On your turn, draw first: one card if you hold ten or more, two if you hold fewer, one at a time, so you see the first before you choose where the second comes from. Take the top card of the stock or of the discard pile (the stock when the discard pile is empty, the discard pile when the stock is empty).
Then lay a chain or discard one card. A chain runs from one anchor through cards from your hand to another anchor, each card linking to the next. Its length counts both anchors, and it must be at least as long as the smallest face-up scoring card. Take one face-up scoring card no longer than your chain. The chain and its two anchors leave the game; two new anchors come from the stock and a new scoring card is turned up. You never have to lay a chain: waiting may build a longer one.
The game ends after the turn in which the stock runs out. Add up your scoring cards: most points wins; on a tie, the highest single scoring card decides, then the next highest; still tied, the win is shared. Cards left in hand score nothing.
Match play: agree a target score, any from 100 to 5,000 (500 unless the table says otherwise), and play games until one ends with someone at the target or above it. Each game's winner earns 100 extra points; with three or more players second place earns 50, with four or more third place earns 25. Places count as in sport: tied players share the better place and its bonus, and the next player's place counts everyone ahead (two tied for first both earn 100; the next player is third, so with three players nobody earns 50). A match tied at the top is settled by one more game among the tied players only; should that game tie too, those still level play again.
"""

# A chain of five from the anchor 7 Sun to the anchor 3 Leaf, each link named under the card it
# leads to; it claims a scoring card of length 5.
EXAMPLE_CHAIN = tuple(cards("7Su 7Mo 12Mo 12Le 3Le"))
EXAMPLE_LINKS = ("anchor", "7", "Moon", "12", "Leaf, anchor")
EXAMPLE_CLAIM = ScoringCard(5, 20)

PICTURE = Picture(
    "A chain of five: the anchor 7 Sun, then 7 Moon (same number), 12 Moon (same symbol), 12 Leaf "
    "(same number), and the anchor 3 Leaf (same symbol). Five cards long, it may take the 5+ "
    "scoring card for 20 points.",
    tuple(Shown(c, col + 1, 0, note=note, marked=col in (0, len(EXAMPLE_CHAIN) - 1))
          for col, (c, note) in enumerate(zip(EXAMPLE_CHAIN, EXAMPLE_LINKS)))
    + (Shown(EXAMPLE_CLAIM, 1, 1, note="claimed"),),
    (Label("Chain", 0, 0), Label("Takes", 0, 1)),
)
