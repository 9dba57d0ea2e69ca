"""How to play Sovereign's Chain and its solitaire, in the table's own words (shown by the Rules
button), with pictures of the built-in cards: a chain scored, and a solitaire cover."""

from ..sheet import Picture, Shown
from .cards import BUILT_IN

CARDS = {card.short: card for card in BUILT_IN.cards}

# The rulebook's scoring example: stars 10, planets 26, score 16.
SCORED_CHAIN = tuple(CARDS[name] for name in ("Sentinel-2", "Magistrate-7", "Mercenary-1", "Sentinel-7",
                                              "Artificer-5", "Artificer-6", "Sentinel-1"))
SCORING = Picture(
    "Stars 5 + 5 = 10 and planets 9 + 7 + 6 + 4 = 26; the Mercenary has no suit and counts for neither. "
    "The chain scores 26 - 10 = 16.",
    tuple(Shown(card, col, 0, marked=not card.suit) for col, card in enumerate(SCORED_CHAIN)))

# Solitaire: the seven places dealt, and a card that covers the one place one less than it.
SOLITAIRE_CHAIN = tuple(CARDS[name] for name in ("Runner-4", "Envoy-2", "Scout-1", "Sentinel-1", "Artificer-1",
                                                 "Magistrate-1", "Mercenary-1"))
SOLITAIRE_PLAY = CARDS["Smuggler-3"]
COVERING = Picture(
    "Solitaire: the seven places of the chain. The Smuggler 3 may go only on the Envoy 2 (one less), "
    "not on a 1, a 3, a 4 or a 5.",
    tuple(Shown(card, col, 0) for col, card in enumerate(SOLITAIRE_CHAIN))
    + (Shown(SOLITAIRE_PLAY, 1, 1, "covers the 2", marked=True),))

GUIDE = """\
Goal: when the game ends, have the chain whose stars and planets differ the most. Your score is the gap between the total value of the star cards and of the planet cards in play in your chain.
Setup: one event is active. Everyone gets five cards, secretly picks one and, all at once, lays it face down to start their chain. Play starts with the player at the dealer's left; for the next game of a sitting, the deal passes to the left. There is no limit to the number of cards in a hand.
Your turn: play one card from your hand face up at the right end of any chain, yours or another player's (unless the event says otherwise). A chain of 7 takes no more cards. You resolve the card you placed: first (E) if it has it (a new event replaces the active one at once), then its ability. Abilities that say "may" can be skipped. Then draw a card. A player with no card in hand only draws. Discarded cards go face down on the discard pile, and when the draw pile runs out the discard pile is shuffled into a new one.
Shield and modifier tokens in your pool may be placed at any moment of your own turn: before your play, between two plays, after the last one, until you draw; never in another player's turn.
Nebula turns the cards played under it face down, but a card with (E) is played face up, and its new event ends the Nebula. A face-down card shows its face only to the players who saw it: whoever placed it, or everyone if it was turned down in sight.
A chain is a row of places; a place can hold a stack, and only the top card is in play. Only cards in play can be targeted, and never a shielded one. When a card leaves a chain, its tokens go back to the supply and the card beneath (if any) is in play again, as it lay: a face-up card uncovered this way is not revealed and its ability does nothing. An empty place closes up: the cards to its right shift left.
Tokens are limited: 13 shields, 21 modifiers (+1 or -1), 21 suit tokens. An ability that needs more tokens than remain takes what is left, and nothing when none is left.
End: when a turn ends with a chain of 7, pools are emptied and the Reveal Phase begins with the owner of that chain: in turn, each player turns up one face-down card of their own chain and resolves it (events are off; an Empath then turns a card face up only). A card a Runner tucked beneath itself is revealed too, while the Runner is in play; a Runner revealed in the Reveal Phase may tuck a card from hand, and that card is revealed and resolved at once. Tokens gained now stay in your pool for any of your reveal turns, before or after the reveal; what is left is forfeited at scoring. Then chains are scored, even if the chain that reached 7 first is shorter after the Reveal Phase; a modifier counts with the suit its card has now (after any suit token). If a whole round passes in which nobody plays or draws a card, the game ends the same way: the Reveal Phase, begun by the player whose turn closed that round, then scoring.
Ties: only a tie for the top score is played off. The tied players, without drawing, each secretly pick a card and play it face up on their own chain (even under Nebula), resolved in turn order under the current event, and the chains are scored again, until the tie breaks. Tokens gained then may be placed after any of your sudden-death plays. A tied player with no cards left loses. The other chains are closed once scored: nothing played in sudden death can change them.
{classes}
{events}
Fair Winds: play without event cards; (E) is ignored.
The card list (70 class cards in ten classes, 15 events) was designed for this edition; the official list is not reproduced. Both are data files: a player who owns the printed cards can type them into a class file and an event file (the same layout as the built-in classes.toml and events.toml), put them in the "cards" folder of the game's data folder as NAME.classes.toml and NAME.events.toml (the setup screen says where that folder is; a set with one file takes the other built-in), and choose NAME as the Card set when setting up a game. A file with a mistake is refused: the setup screen lists it with its line and the reason, and the built-in cards stay in use. A saved game keeps its cards, even if the files change later.
"""



def _listed(heading: str, items) -> str:
    """One paragraph naming each item and what it does: "Classes: Scout: Discard one...; ..."."""
    return heading + " " + " ".join(f"{name}: {text}" for name, text in items)


GUIDE = GUIDE.format(
    classes=_listed("The classes, and what each does when it is played face up or revealed.",
                    ((info.name, info.text) for info in BUILT_IN.classes.values())),
    events=_listed("The events, and what each does while it is active.",
                   ((event.name, event.text) for event in BUILT_IN.events)))

SOLITAIRE_GUIDE = """\
Goal: make all seven places of your one chain hold face-up cards in play of one suit (all stars or all planets) before no card in your hand can be played. An empty place, a face-down card or a Mercenary without a suit stands in the way.
Setup: one event is active. Seven class cards are dealt face up as the chain, their abilities ignored; a Mercenary dealt here has no suit, so it counts for neither. You draw five cards.
Your turn: play one card from your hand face up on top of a place whose card in play has a value (with its modifiers) exactly one less than the card you play: a 3 covers a 2. Any value goes onto a face-down card or an empty space. Resolve the card (its (E), then its ability), then draw one card. Pool tokens may be placed at any moment of your turn, before the play too: a +1 or -1 can make a card fit.
Places never close up: a card taken away leaves an empty space (or the card beneath back in play). A card an ability lets you play face down goes on top of any place. Abilities target the one chain; events that name an opponent do nothing.
{solitaire_classes}
{solitaire_events}
The game is lost when no card in your hand can be played, not even after placing pool tokens. When the computer proves that no sequence of plays can win the deal any more, the table says so and offers to end it (a loss) or play on; "Winnable?" (W) asks at any moment, and counts as a hint.
Fair Winds: play without event cards; (E) is ignored.
Deals are numbered: share a deal's number and anyone can play the same deal. Today's deal is the same for everyone on a date. With "winnable deals only", every new deal is one the computer has proved can be won, knowing the order of all the cards.
"""

# What each class and event of the built-in set does in the solitaire: its one chain has no
# opponent and its places never close up, so some read differently from the cards' own words.
SOLITAIRE_CLASSES = {
    "Scout": "Discard one other card in play; its place stays, empty, or shows the card beneath.",
    "Envoy": "Change the suit of one card in play with a suit token (a Mercenary's too).",
    "Empath": "You may turn one card in play face up or face down; a card turned up is revealed and resolved.",
    "Runner": "You may play one card from hand face down beneath this Runner, out of play: a way to shed a card.",
    "Acolyte": "You may move this Acolyte onto any face-up card in play, covering it; the place it leaves shows "
               "the card beneath it.",
    "Smuggler": "You may play one more card from hand: face up by the one-less rule, or face down on any place.",
    "Artificer": "Take two modifier tokens into your pool.",
    "Sentinel": "Take one shield token into your pool.",
    "Mercenary": "Choose this card's suit with a suit token.",
    "Magistrate": "Draw a new event.",
}
SOLITAIRE_EVENTS = {
    "Calm Void": "No effect.",
    "Blockade": "No effect (it names an opponent's chain).",
    "Homeward": "No effect (your one chain is your own).",
    "Nebula": "A card without (E) is played face down, and face down any card goes on any place, whatever the "
              "card in play there; a card with (E) is played face up as usual (one more than the card it covers), "
              "and its new event ends the Nebula.",
    "Hostile Orbit": "Instead of a card from hand you may play the top card of the discard pile, unseen: it lands "
                     "face up, and only on a face-down card or an empty space (its value is not known before).",
    "Ion Storm": "Modifier tokens cannot be placed.",
    "Jamming Field": "Shield tokens cannot be placed.",
    "Ceasefire": "A Scout discards nothing, and an Acolyte does not move.",
    "Supply Run": "Draw two cards at the end of your turn instead of one.",
    "Famine": "Draw no card at the end of your turn.",
    "Polarity Shift": "When you play a card face up you may also flip its suit (a suit token).",
    "Momentum": "No effect (it names an opponent's chain).",
    "Tribute": "No effect (it names an opponent's chain).",
    "Salvage": "At the start of your turn you may discard one card from hand to draw one.",
    "Open Skies": "You may play a second card this turn, by the same rule, before drawing.",
}

SOLITAIRE_GUIDE = SOLITAIRE_GUIDE.format(
    solitaire_classes=_listed("The classes in the solitaire, and what each does when it is played face up or "
                              "revealed.", SOLITAIRE_CLASSES.items()),
    solitaire_events=_listed("The events in the solitaire, and what each does while it is active.",
                             SOLITAIRE_EVENTS.items()))
