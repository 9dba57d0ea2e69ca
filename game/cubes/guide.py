"""How to play Cubes, in the table's own words (shown by the Rules button)."""

GUIDE = """\
Goal: score the most points by closing squares of cards on the table.
Each player gets five cards. One card is laid face up in the middle: the board grows from it in every direction.
On your turn, draw a card, then put one card from your hand (the new one or any other) on an empty space of the board.
The space must touch at least one card along a side (corners do not count), and your card must get along with every card it touches: the same rank, the same suit, or one rank higher or lower. An ace counts 1 and sits next to a 2, never next to a king. Your card may match one neighbour by suit and another by rank.
You must place a card if you can. If none of your cards fits anywhere, you pass and keep the card you drew.
Fill the last space of a 2 x 2 or 3 x 3 block of cards and it is a cube: every cube your card completes leaves the board for your score pile. A 3 x 3 cube can only be closed through its centre, since any other last card would already have closed a 2 x 2.
The rest of the board stays where it is, even when a cube splits it in two; the gaps can be filled again by the same rules. If the board is ever empty, any card may start it again.
The game ends after the turn in which the last card of the deck is drawn. Add up the ranks in your score pile (A = 1, J = 11, Q = 12, K = 13); cards in hand count for nothing. Highest total wins, then the most cards scored; players still tied share the win.
"""
