"""What a seat hears at a table that it reads by ear: whose turn it is, its hand (grouped, with
what each card can do now), the board, the scores, the last moves, where a card can go. The
same ideas in every game, each game filling in its own board and scores in `game/<name>/describe.py`
(the descriptor's `describe`): `group(card)`, `board(view, names)`, `scores(view, names)`,
`more(view, names)` and `around(view, action)`.

Everything here is made of one viewer's stream (game/stream.py) and nothing else: its view, its
moves, the moves it may make, and the engine's words for a move (`Stream.foresee`, the move log's
lines). A line can only name a card the viewer may see, as the stream itself can."""

from __future__ import annotations

from .wording import plain_name, whose

RECENT_MOVES = 5  # the last moves read on demand
MOVES_TOLD = 3    # moves told per card when the hand is read (6 tells them all for the picked card)


def turn_words(stream, names) -> str:
    """Whose turn it is: "Your turn", "Ben's turn", or "Game over"."""
    view = stream.view
    if view.game_over:
        return "Game over"
    if view.seat is not None and view.current == view.seat:
        return "Your turn"
    return f"{whose(names[view.current], opening=True)} turn"


def move_words(stream, names, action) -> str:
    """A move the viewer may make, in the engine's words as the viewer may know them now."""
    told = stream.foresee(action)
    return told.text(names) if told is not None else plain_words(action)


def plain_words(action) -> str:
    """A move's kind, as a sentence opens: "Draw", "End turn"."""
    words = plain_name(action)
    return words[:1].upper() + words[1:]


def card_moves(stream, card) -> list:
    """The moves the viewer may make now that name `card` (a card of its hand)."""
    return [action for action in stream.legal_actions() if card in named_cards(action)]


def named_cards(action) -> list:
    """The cards an action names (the card played, the two cards of a play)."""
    return [value for value in (getattr(action, name) for name in getattr(action, "__dataclass_fields__", ()))
            if hasattr(value, "label")]


def hand_words(stream, names, describer) -> list[str]:
    """The viewer's hand, group by group ("Spades: 7♠, 9♠"), then what each card can do now
    ("7♠: You play 7♠ on chain 2"); an onlooker has no hand."""
    view = stream.view
    if view.seat is None:
        return ["You hold no hand: you are watching"]
    if not view.hand:
        return ["Your hand is empty"]
    groups: dict[str, list] = {}
    for card in view.hand:
        groups.setdefault(describer.group(card), []).append(card)
    lines = [f"Your hand, {count_words(len(view.hand), 'card')}"]
    lines += [f"{group}: {', '.join(card.label for card in cards)}" for group, cards in groups.items()]
    for card in view.hand:
        moves = card_moves(stream, card)
        if moves:
            told = "; ".join(placed_words(stream, names, move, describer) for move in moves[:MOVES_TOLD])
            more = f"; and {count_words(len(moves) - MOVES_TOLD, 'more move')}" if len(moves) > MOVES_TOLD else ""
            lines.append(f"{card.label}: {told}{more}")
    if stream.legal_actions() and not any(card_moves(stream, card) for card in view.hand):
        lines.append("No card of your hand can be played now")
    return lines


def targets_words(stream, names, card, describer) -> list[str]:
    """Where `card` (the focused card of the hand) can go now, one line a move (with what lies
    around the place, where the game has places: Cubes)."""
    if card is None:
        return ["No card is picked: Left and Right pick one"]
    moves = card_moves(stream, card)
    if not moves:
        return [f"{card.label} cannot be played now"]
    lines = [f"{card.label} can go {count_words(len(moves), 'way')}"]
    return lines + [placed_words(stream, names, move, describer) for move in moves]


def placed_words(stream, names, action, describer) -> str:
    """A move in the engine's words, with where it lands where the game has places (Cubes)."""
    around = describer.around(stream.view, action)
    return move_words(stream, names, action) + (f", {around}" if around else "")


def recent_words(stream, names, count: int = RECENT_MOVES) -> list[str]:
    """The last `count` lines of the move log, oldest first."""
    lines = stream.recap(count)
    return lines or ["No move has been made yet"]


def board_words(stream, names, describer) -> list[str]:
    return describer.board(stream.view, names)


def score_words(stream, names, describer) -> list[str]:
    return describer.scores(stream.view, names)


def more_words(stream, names, describer) -> list[str]:
    return describer.more(stream.view, names)


def count_words(count: int, noun: str) -> str:
    """"1 card", "3 cards", "no cards"."""
    if count == 0:
        return f"no {noun}s"
    return f"{count} {noun}{'' if count == 1 else 's'}"


def seat_counts(view, names) -> str:
    """How many cards each seat holds: "Ana 5 cards, Ben 4 cards"."""
    return ", ".join(f"{names[seat]} {count_words(count, 'card')}" for seat, count in enumerate(view.hand_counts))


class PlainWords:
    """The reading of a game that brings no describe module of its own (a game joined through its
    descriptor alone): its moves and hand are read as any game's, and the rest says so."""

    @staticmethod
    def group(card) -> str:
        return "Cards"

    @staticmethod
    def board(view, names) -> list[str]:
        return ["This game reads no board aloud: the move log tells every move"]

    @staticmethod
    def scores(view, names) -> list[str]:
        return ["This game reads no scores aloud: the results show them"]

    @staticmethod
    def more(view, names) -> list[str]:
        return []

    @staticmethod
    def around(view, action) -> str:
        return ""


def describer_of(descriptor):
    """The game's own reading (`game/<name>/describe.py`), else the plain one."""
    return descriptor.describe or PlainWords
