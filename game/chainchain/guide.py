"""How to play Chain-Chain, in the table's own words (shown by the Rules button), with pictures of
the key rules: answering the last card, and a letters reversal."""

from ..sheet import Label, Picture, Sheet, Shown
from .rules import Tile

GUIDE = """\
Goal: end the game with the fewest cards in your collected pile.
Cards: numbers 1 to 9, two full sets for each player (3 to 6 players; 4 or 5 is the usual table). The first dealer is picked at random, and each new game the deal passes one seat to the left. Everyone gets eight cards; the rest is the stock. The player to the dealer's left starts, and play goes round the table in seat order.
A play is always two cards from your hand: a first card, then a second card laid on top of it, both onto one shared pile in the middle. Afterwards you draw two cards from the stock while it lasts.
The second card of each play sets the value the next player must answer: their first card has to show that same number. If you can answer, you must; what you lay on top is up to you.
If you cannot answer, you pick up the whole pile and keep it face down beside you: those are your collected cards and they count against you. Then you start a fresh pile with any two cards.
Answer with two cards of the asked value (a double) and play turns around: the player before you gets a free start, any two cards, on the same pile. If their hand is empty, the next player in the new direction who still holds cards starts instead. Two equal cards as a free start do nothing special.
A player whose hand is empty is passed over. The game ends when the stock is gone and every hand is empty. If the very last play turns play around, the player it turns to takes the pile; otherwise the last pile simply leaves the game.
Fewest collected cards wins; a tie goes to the lowest total of the collected cards; still tied, the win is shared.
Letters: the same game with 98 letter cards. Your two cards must be the first and last letter of a real English word of three letters or more, and you type the word (the table checks it against its word list). Instead of the same number you answer with the same kind of letter: a vowel (A, E, I, O, U) after a vowel, a consonant (Y counts as one) after a consonant. To turn play around, answer with the last play's two letters the other way round: after C then E (CLUE), E then C (ELECTRIC). Two equal letters do that only after the same two letters (T then T after T then T). If no two of your cards make any word when you start a pile, you may lay two without a word. Ties are settled by letter points: vowels 1, other letters their usual crossword tile value.
"""


def _tiles(faces: str) -> list[Tile]:
    """Tiles for `faces`, each face's copies numbered from 0 in order (no card twice)."""
    seen: dict[str, int] = {}
    tiles = []
    for face in faces.split():
        tiles.append(Tile(face, seen.get(face, 0)))
        seen[face] = seen.get(face, 0) + 1
    return tiles


def _pile_row(plays: list[tuple[str, str]], tiles: list[Tile], marked_last: bool) -> tuple[Shown, ...]:
    """The pile as plays of two cards side by side, each card noted with who played it and when."""
    shown = []
    for i, (who, _faces) in enumerate(plays):
        first, second = tiles[2 * i], tiles[2 * i + 1]
        mark = marked_last and i == len(plays) - 1
        shown.append(Shown(first, 3 * i, 0, f"{who} 1st", mark))
        shown.append(Shown(second, 3 * i + 1, 0, f"{who} 2nd", mark))
    return tuple(shown)


# Numbers: Ann led 2 then 5, Ben answered 5 then 6; Cleo holds these cards and must answer a 6.
NUMBERS_PLAYS = [("Ann", "2 5"), ("Ben", "5 6")]
NUMBERS_TILES = _tiles("2 5 5 6 6 6 3 9")
NUMBERS_PILE, NUMBERS_HAND = NUMBERS_TILES[:4], NUMBERS_TILES[4:]
NUMBERS_PICTURE = Picture(
    "Ben answered Ann's 5, so Cleo must start with a 6. Her 6 then 6 would be a double: play turns "
    "around and Ben, the player before her, starts afresh on the same pile. Without a 6 she would "
    "take all four cards.",
    _pile_row(NUMBERS_PLAYS, NUMBERS_PILE, False)
    + tuple(Shown(t, col + 1, 1, "must start" if t.face == "6" and col == 0 else "") for col, t in enumerate(NUMBERS_HAND)),
    (Label("Cleo", 0, 1),),
)

# Letters: Ann led C then E (CLUE); Ben answers E then C (ELECTRIC), her letters reversed.
LETTERS_PLAYS = [("Ann", "C E"), ("Ben", "E C")]
LETTERS_WORDS = ("clue", "electric")
LETTERS_PILE = _tiles("C E E C")
LETTERS_PICTURE = Picture(
    "Letters: Ann played C then E (CLUE); Ben answers E then C (ELECTRIC), the same letters the "
    "other way round. Play turns around: Ann, the player before Ben, starts afresh on this pile.",
    _pile_row(LETTERS_PLAYS, LETTERS_PILE, True),
)

SHEET = Sheet(GUIDE, (NUMBERS_PICTURE, LETTERS_PICTURE))
