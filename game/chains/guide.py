"""How to play Chains, in the table's own words (shown by the Rules button)."""

GUIDE = """\
Goal: be the first to empty your hand.
Each player gets five cards. Three more cards are laid face up: each starts one of the three chains.
On your turn, play one card on the end of any chain. It must be exactly one rank above or below that chain's last card. Suits never matter. An ace is both low (beside a 2) and high (beside a king). A card never goes on its own rank.
If any card in your hand fits, you must play one; you choose which and where.
If nothing fits, you draw by the table's draw rule. Up to three: draw one card at a time; the first one that fits must be played at once; after three misses your turn ends. Draw one: one card, played if it fits, else your turn ends. Draw until playable: keep drawing until a card fits, then play it.
When the deck runs out, each chain keeps only its last card and all other chain cards are shuffled into a new deck.
If a whole round passes with nobody able to play or draw, the game ends: fewest cards in hand wins, then the lowest total (A = 1, J = 11, Q = 12, K = 13); players still tied share the win.
"""
