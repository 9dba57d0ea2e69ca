"""How to play Chains, in the table's own words (shown by the Rules button), with a picture of
the key rule: which card fits on which chain."""

from ..cards import cards
from ..sheet import Label, Picture, Sheet, Shown

GUIDE = """\
Goal: be the first to empty your hand. The game ends the moment a player's hand is empty: that player wins.
Seats play in the order shown on the setup screen (which can also shuffle them): the first seat starts, then play goes round the table.
Each player gets five cards. Three more cards are laid face up: each starts one of the three chains. The rest is the deck, face down.
On your turn, play one card on the end of any chain. It must be exactly one rank above or below that chain's last card. Suits never matter. An ace is both low (beside a 2) and high (beside a king). A card never goes on its own rank.
If any card in your hand fits, you must play one; you choose which and where.
If nothing fits, you draw by the table's draw rule. Up to three: draw one card at a time; the first one that fits must be played at once; after three misses your turn ends. Draw one: one card, played if it fits, else your turn ends. Draw until playable: keep drawing until a card fits, then play it. A drawn card that fits two or three chains goes on the one you pick.
When the deck runs out, each chain keeps only its last card; every other chain card is shuffled to form a fresh deck. If every chain is down to a single card, there is nothing to shuffle: you cannot draw, and your turn passes.
If a whole round passes with nobody able to play or draw, the game ends: fewest cards in hand wins, then the lowest total (A = 1, J = 11, Q = 12, K = 13); players still tied share the win.
A sitting can be played to more than one win (chosen on the setup screen): games follow one another until a player has won that many, and the table keeps the count.
"""

# The key rule, on a real position: the three chains' cards (first to last) and a hand.
EXAMPLE_CHAINS = (cards("5S 6H 7D"), cards("QC KH"), cards("AD"))
EXAMPLE_HAND = cards("8C 2S KS 9H")
# Where each hand card fits: the chains (0, 1, 2) it may go on.
EXAMPLE_FITS = ((0,), (2,), (2,), ())

PICTURE = Picture(
    "Chains ending 7, K and A. The 8 goes on the 7 (a 6 would too); the 2 and the K both go on "
    "the ace, low and high; the 9 fits nowhere, so it cannot be played.",
    tuple(Shown(c, col + 1, row) for row, chain in enumerate(EXAMPLE_CHAINS) for col, c in enumerate(chain))
    + tuple(Shown(c, col + 1, 3, note=", ".join(f"chain {i + 1}" for i in fits) or "nowhere", marked=bool(fits))
            for col, (c, fits) in enumerate(zip(EXAMPLE_HAND, EXAMPLE_FITS))),
    (Label("Chain 1", 0, 0), Label("Chain 2", 0, 1), Label("Chain 3", 0, 2), Label("Hand", 0, 3)),
)

SHEET = Sheet(GUIDE, (PICTURE,))
