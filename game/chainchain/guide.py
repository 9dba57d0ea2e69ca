"""How to play Chain-Chain, in the table's own words (shown by the Rules button)."""

GUIDE = """\
Goal: end the game with the fewest cards in your collected pile.
Cards: numbers 1 to 9, two full sets for each player (3 to 6 players; 4 or 5 is the usual table). Everyone gets eight cards; the rest is the stock. The player after the dealer starts, and play goes round the table in seat order.
A play is always two cards from your hand: a first card, then a second card laid on top of it, both onto one shared pile in the middle. Afterwards you draw two cards from the stock while it lasts.
The second card of each play sets the value the next player must answer: their first card has to show that same number. If you can answer, you must; what you lay on top is up to you.
If you cannot answer, you pick up the whole pile and keep it face down beside you: those are your collected cards and they count against you. Then you start a fresh pile with any two cards.
Answer with two cards of the asked value and play turns around: the player who just played before you gets a free start, with any two cards, on the same pile. Two equal cards as a free start do nothing special.
A player whose hand is empty is passed over. The game ends when the stock is gone and every hand is empty. If the very last play is a turnaround, the player it passes to takes the pile; otherwise the last pile simply leaves the game.
Fewest collected cards wins; a tie goes to the lowest total of the collected cards; still tied, the win is shared.
Letters: the same game with 98 letter cards. Your two cards must be the first and last letter of a real English word of three letters or more, and you type the word (the table checks it against its word list). Instead of the same number you answer with the same kind of letter: a vowel (A, E, I, O, U) after a vowel, a consonant (Y counts as one) after a consonant. Two cards of the same letter as an answer turn play around. If no two of your cards make any word when you start a pile, you may lay two without a word. Ties are settled by letter points: vowels 1, other letters their usual crossword tile value.
"""
