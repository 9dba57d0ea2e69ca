"""One test per sentence of the Chain-Chain rulings (rules/chain-chain.md), for the numbers game and
the letters variant, and the rulebook's worked example replayed move by move.

Each test's name and docstring quote the sentence it checks. Positions are built directly as
`ChainChainState(...)` with the `table()` helper below and driven through `RULES.legal_actions`
and `RULES.apply`, the same surface the table and the computer players use.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.ai.players import RandomPlayer
from game.chainchain import (RULES, ChainChainState, Drew, GameEnded, PileLeft, Play, Played, Reversed,
                             Take, Tile, Took, full_deck)
from game.chainchain import words as dictionary
from game.chainchain.ai import ChainChainHeuristic
from game.chainchain.guide import GUIDE
from game.chainchain.rules import KEYS, LETTER_COUNTS, LETTER_POINTS, answers_nothing, has_word, reverses
from game.core import IllegalAction, Revealed, from_json, to_json
from game.rng import Rng

VARIANTS = ("numbers", "letters")


# ---------------------------------------------------------------- helpers


def table(hands, *, variant="numbers", pile="", draw_pile="", rest=True, required="auto", current=0,
          direction=1, dealer=None, collected=None, lead_reason=None, players=None, extra="",
          seed=7) -> ChainChainState:
    """An exact position.

    hands:  one string of faces per seat, e.g. ["7 2 4 5", "3 3"] or ["E T", "C A"].
    pile:   faces oldest first (the last two are the last play).
    draw_pile: faces from the TOP down (the first is drawn first); with `rest`, every other card of the
            deck lies below them, so the state holds the whole deck.
    required: by default the key of the pile's top card (None for an empty pile).
    extra:  faces a test deck holds beyond the built-in deck (e.g. a second K).
    Each face gets the next unused copy, so no card appears twice.
    """
    n = players or len(hands)
    unused = {}
    for tile in full_deck(variant, n):
        unused.setdefault(tile.face, []).append(tile)
    for face in extra.split():
        copies = unused.setdefault(face, [])
        copies.append(Tile(face, len(copies) + sum(t.face == face for t in full_deck(variant, n))))

    def take(faces: str) -> list[Tile]:
        return [unused[f].pop(0) for f in faces.split()]

    hand_tiles = [take(h) for h in hands]
    pile_tiles = take(pile)
    collected_tiles = [take(c) for c in collected] if collected else None
    top = take(draw_pile)
    below = [t for group in unused.values() for t in group] if rest else []
    draw_pile_tiles = list(reversed(top + below))
    if required == "auto":
        required = KEYS[pile_tiles[-1].face] if pile_tiles else None
    if lead_reason is None:
        lead_reason = "" if required is not None else "first"
    return ChainChainState(players=n, variant=variant, dealer=(current - 1) % n if dealer is None else dealer,
                           hands=hand_tiles, draw_pile=draw_pile_tiles, rng=Rng(seed), current=current,
                           pile=pile_tiles, collected=collected_tiles or [], direction=direction,
                           required=required, lead_reason=lead_reason)


def tile_of(state, face: str, seat=None, other_than=None) -> Tile:
    hand = state.hands[state.current if seat is None else seat]
    return next(t for t in hand if t.face == face and t != other_than)


def move(state, first: str, second: str, word: str = ""):
    """Apply a play of the faces `first` then `second` by the player to move."""
    f = tile_of(state, first)
    s = tile_of(state, second, other_than=f)
    return RULES.apply(state, Play(f, s, word))


def faces(cards) -> str:
    return " ".join(c.face for c in cards)


def snapshot(state: ChainChainState):
    """Everything in a state, as plain comparable data (to check a state was not touched)."""
    return (state.players, state.variant, state.dealer, [list(h) for h in state.hands],
            list(state.draw_pile), list(state.pile), [list(p) for p in state.collected],
            list(state.removed), state.rng.state, state.current, state.direction, state.required,
            state.lead_reason, list(state.revealed), state.last_player, state.winners)


def refused(state, action) -> str:
    """Apply an action that must be refused; check the state is unchanged; return the reason
    (the rules' reason, or for a malformed action the field of the wrong type)."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    assert snapshot(state) == before, "a refused action changed the state"
    assert not RULES.is_legal(state, action)
    reason = str(info.value)
    assert reason == (RULES.malformed(action) or RULES.why_illegal(state, action))
    return reason


def play_out(state, chooser=None, seed=0):
    """Play random legal moves to the end; return the final state and every event."""
    rnd = random.Random(seed)
    events = []
    for _ in range(2000):
        if RULES.to_move(state) is None:
            return state, events
        state, new = RULES.apply(state, (chooser or rnd.choice)(RULES.legal_actions(state)))
        events += new
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- the worked example


def test_worked_example_john_tracy_paul_helen_jim():
    """The rulebook's game, clockwise John, Tracy, Paul, Helen, Jim: Helen takes 2-5-5-6-6-9; Jim's
    8-8 reverses play so Helen leads 6-7; Paul answers 7-3; Tracy takes 1-8-8-8-6-7-7-3 and leads
    4-6; the turn passes to John."""
    john, tracy, paul, helen, jim = range(5)
    state = table(["2 5 1 1 2 4 4 7",    # John
                   "5 6 4 6 1 2 2 7",    # Tracy
                   "6 9 7 3 1 2 4 5",    # Paul
                   "1 8 6 7 2 4 5 5",    # Helen: no 9
                   "8 8 1 2 4 5 6 7"],   # Jim
                  draw_pile="1 4  5 7  1 4  5 7  6 7  6 5  6 6  7 8", dealer=jim, current=john,
                  required=None)
    assert RULES.to_move(state) == john and RULES.view(state, john).must_lead
    state, _ = move(state, "2", "5")              # John plays 2 and 5
    assert (RULES.to_move(state), state.required) == (tracy, 5)
    state, _ = move(state, "5", "6")              # Tracy plays 5 and 6
    assert (RULES.to_move(state), state.required) == (paul, 6)
    state, _ = move(state, "6", "9")              # Paul plays 6 and 9
    assert (RULES.to_move(state), state.required) == (helen, 9)
    assert RULES.legal_actions(state) == [Take()]  # Helen has no 9
    state, events = RULES.apply(state, Take())
    assert events == [Took(helen, events[0].cards)] and faces(events[0].cards) == "2 5 5 6 6 9"
    assert faces(state.collected[helen]) == "2 5 5 6 6 9" and state.pile == []
    assert RULES.to_move(state) == helen and state.required is None  # Helen plays next
    state, _ = move(state, "1", "8")              # Helen plays 1 and 8
    assert (RULES.to_move(state), state.required) == (jim, 8)
    state, events = move(state, "8", "8")         # Jim plays 8 and 8: the rotation changes
    assert events[0] == Played(jim, events[0].first, events[0].second, "", True)
    assert events[1] == Reversed(-1)
    assert RULES.to_move(state) == helen           # it is up to Helen, not John
    assert state.required is None and faces(state.pile) == "1 8 8 8"  # the pile stays
    state, _ = move(state, "6", "7")              # Helen plays 6 and 7
    assert (RULES.to_move(state), state.required) == (paul, 7)
    state, _ = move(state, "7", "3")              # Paul plays 7 and 3
    assert (RULES.to_move(state), state.required) == (tracy, 3)
    assert RULES.legal_actions(state) == [Take()]  # Tracy has no 3
    state, events = RULES.apply(state, Take())
    assert faces(events[0].cards) == "1 8 8 8 6 7 7 3" and events[0].seat == tracy
    state, _ = move(state, "4", "6")              # Tracy plays 4 and 6
    assert RULES.to_move(state) == john            # it is up to John to play
    assert state.required == 6 and state.direction == -1
    assert [len(p) for p in state.collected] == [0, 8, 0, 6, 0]


def test_worked_example_letters_card_free_arm():
    """The letters example: C then D spells CARD; the next player must start with a consonant, F then
    E (FREE), F then G (FORCING) would also do; the next must start with a vowel, A then M (ARM)."""
    first, second, third = range(3)
    state = table(["C D O T N R S L",     # spells CARD
                   "F E G I O U E A",     # a consonant first: F
                   "A M B E E I N P"],    # a vowel first: A
                  variant="letters", draw_pile="E N  T R  S O", dealer=third, current=first, required=None)
    state, events = move(state, "C", "D", "card")
    assert events[0].text(["P1", "P2", "P3"]) == "P1 plays C then D: CARD"
    assert (RULES.to_move(state), state.required) == (second, "consonant")
    assert "must be a consonant" in refused(state, Play(tile_of(state, "E"), tile_of(state, "F"), "elf"))
    assert RULES.is_legal(state, Play(tile_of(state, "F"), tile_of(state, "G"), "forcing"))
    state, _ = move(state, "F", "E", "free")
    assert (RULES.to_move(state), state.required) == (third, "vowel")
    assert "must be a vowel" in refused(state, Play(tile_of(state, "M"), tile_of(state, "A"), "mama"))
    state, _ = move(state, "A", "M", "arm")
    assert (RULES.to_move(state), state.required) == (first, "consonant")
    assert faces(state.pile) == "C D F E A M" and state.direction == 1


@pytest.mark.parametrize("lead,answer", [(("D", "K", "deck"), ("K", "D", "kind")),
                                         (("C", "E", "clue"), ("E", "C", "electric"))])
def test_worked_example_letters_deck_kind_and_clue_electric_reverse_play(lead, answer):
    """If player 1 plays D and K (DECK) and player 2 plays K and D (KIND), play reverses; the same
    for C and E (CLUE) answered by E and C (ELECTRIC). The built-in deck holds one K, so this deal
    comes from a test deck with a second K."""
    one, two, three, four = range(4)
    state = table([f"{lead[0]} {lead[1]} S T O A R N", f"{answer[0]} {answer[1]} I L O U N R",
                   "E A T S I L N O", "B O A R D E T S"],
                  variant="letters", draw_pile="E I  A O", dealer=four, current=one, required=None,
                  extra="K")
    state, _ = move(state, *lead)
    assert RULES.to_move(state) == two
    state, events = move(state, *answer)
    assert events[0].reverses and events[1] == Reversed(-1)
    assert "reversed" in events[0].text(["1", "2", "3", "4"]) and "reversed" in events[1].text([])
    assert RULES.to_move(state) == one and state.required is None and len(state.pile) == 4


# ---------------------------------------------------------------- deck and deal


@pytest.mark.parametrize("players,size", [(3, 54), (4, 72), (5, 90), (6, 108)])
def test_number_cards_1_to_9_two_full_sets_per_player(players, size):
    """Number cards 1-9. Two full sets per player: 4 players 72 cards (8 sets), 5 players 90 (10
    sets); the option for 3 players uses 54, for 6 players 108."""
    state = RULES.setup({"players": players}, 3)
    cards = state.all_cards()
    assert len(cards) == size == len(set(cards))
    assert Counter(c.face for c in cards) == {str(v): 2 * players for v in range(1, 10)}
    assert sorted(cards, key=lambda c: (c.face, c.copy)) == full_deck("numbers", players)


def test_4_and_5_players_are_standard_3_and_6_a_table_option():
    """Numbers game for 4-5 players (3 and 6 allowed as a table option)."""
    assert (RULES.min_players, RULES.max_players, RULES.standard_players) == (3, 6, (4, 5))
    for bad in (2, 7):
        with pytest.raises(ValueError):
            RULES.setup({"players": bad}, 1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_dealer_is_chosen_at_random(variant):
    """The dealer is chosen at random."""
    dealers = Counter(RULES.setup({"players": 5, "variant": variant}, seed).dealer for seed in range(200))
    assert set(dealers) == set(range(5)) and min(dealers.values()) > 20
    assert RULES.setup({"players": 5, "variant": variant, "dealer": 3}, 1).dealer == 3
    with pytest.raises(ValueError):
        RULES.normalize_config({"players": 4, "dealer": 4})


def test_each_new_game_of_a_session_passes_the_deal_to_the_left():
    """(each new game of a session passes the deal to the left): the next dealer is the seat after
    the last one, also when a save is replayed."""
    import game.session as session_module

    config = {"seats": [{"name": f"P{i}"} for i in range(4)], "rules": {"variant": "numbers"},
              "games_to_win": 3}
    session = session_module.Session("chainchain", config, 11)
    dealers = [session.state.dealer]
    rnd = random.Random(4)
    for _game in range(3):
        while not session.game_over:
            session.apply(rnd.choice(session.legal_actions()))
        if session.session_over:
            break
        session.next_game()
        dealers.append(session.state.dealer)
    assert len(dealers) >= 2
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:]))
    again = session_module.Session.loads(session.dumps())
    assert again.state.dealer == session.state.dealer
    assert RULES.view(again.state, 0) == RULES.view(session.state, 0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_deal_8_cards_to_each_player_one_at_a_time_the_rest_is_the_stock(variant):
    """Deal 8 cards to each player, one at a time; the rest is the stock, face down."""
    for players in (3, 4, 5, 6):
        seed = 40 + players
        state = RULES.setup({"players": players, "variant": variant}, seed)
        total = len(full_deck(variant, players))
        assert [len(h) for h in state.hands] == [8] * players
        assert len(state.draw_pile) == total - 8 * players
        # Re-deal by hand: the first card off the shuffled deck goes to the dealer's left, the
        # next to the player after, and round again.
        rng = Rng(seed)
        dealer = rng.below(players)
        deck = full_deck(variant, players)
        rng.shuffle(deck)
        for i in range(8 * players):
            seat = (dealer + 1 + i) % players
            assert state.hands[seat][i // players] == deck[-1 - i]
        view = RULES.view(state, 0)
        assert view.draw_pile_count == len(state.draw_pile)
        assert "draw_pile" not in {f.name for f in dataclasses.fields(view)}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_player_to_the_dealers_left_leads_first_and_play_goes_clockwise(variant):
    """The player to the dealer's left leads first. Play goes clockwise (seat order) until reversed."""
    for dealer in range(4):
        state = RULES.setup({"players": 4, "variant": variant, "dealer": dealer}, 5)
        view = RULES.view(state, None)
        assert RULES.to_move(state) == (dealer + 1) % 4
        assert view.must_lead and view.lead_reason == "first" and view.required is None
        assert view.direction == 1
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
        assert RULES.to_move(state) == (dealer + 2) % 4


# ---------------------------------------------------------------- the pile and the required value


@pytest.mark.parametrize("variant,hands,lead,answer,required", [
    ("numbers", ["2 5 1 1", "5 6 3 3", "4 4 4 4"], ("2", "5", ""), ("5", "6", ""), 6),
    ("letters", ["C D E E", "D K A A", "S S S S"], ("C", "D", "card"), ("D", "K", "deck"), "consonant"),
])
def test_all_played_cards_go_onto_one_pile_the_second_card_is_the_required_value(variant, hands, lead, answer, required):
    """All played cards go onto one central pile, face up. The second card of the last play is the
    required value (letters: its class)."""
    state = table(hands, variant=variant, required=None)
    state, _ = move(state, *lead)
    state, _ = move(state, *answer)
    assert faces(state.pile) == " ".join(lead[:2] + answer[:2])
    view = RULES.view(state, 2)
    assert view.pile == tuple(state.pile) and view.top == tuple(state.pile[-2:])
    assert view.required == required and not view.must_lead


@pytest.mark.parametrize("variant,hands,pile,reversal", [
    ("numbers", ["7 7 2 3", "1 2 4 4", "3 3 5 5"], "4 7", ("7", "7", "")),
    ("letters", ["T A E E", "A B E E", "S S O O"], "A T", ("T", "A", "tea")),
])
def test_no_required_value_right_after_a_free_lead_is_granted(variant, hands, pile, reversal):
    """... except right after a free lead is granted: then there is none. A lead (the first play
    of the game, or any play with no required value) is any two cards."""
    state, _ = move(table(hands, variant=variant, pile=pile), *reversal)
    view = RULES.view(state, 2)
    assert view.required is None and view.must_lead and view.lead_reason == "reversal"
    # After a take, the same: the taker leads freely.
    taker = table(["1 1", "2 2"] if variant == "numbers" else ["T T", "S S"], variant=variant,
                  pile="4 9" if variant == "numbers" else "I E")
    taker, _ = RULES.apply(taker, Take())
    view = RULES.view(taker, 0)
    assert view.required is None and view.must_lead and view.lead_reason == "took"


def test_a_lead_is_any_two_cards_numbers():
    """A lead ... is any two cards: every pair of faces in hand, first then second, equal faces too."""
    state = table(["1 1 4 9", "2 2 2 2"], required=None)
    legal = RULES.legal_actions(state)
    pairs = {(a.first.face, a.second.face) for a in legal}
    assert pairs == {("1", "1"), ("1", "4"), ("1", "9"), ("4", "1"), ("4", "9"), ("9", "1"), ("9", "4")}
    assert len(legal) == len(pairs) and Take() not in legal


def test_a_lead_is_any_two_cards_letters():
    """A lead is any two cards (letters: any two that begin and end a word of the dictionary)."""
    state = table(["C D U V", "S S S S"], variant="letters", required=None)
    legal = RULES.legal_actions(state)
    pairs = {(a.first.face, a.second.face) for a in legal}
    assert ("U", "V") not in pairs and ("C", "D") in pairs and ("U", "C") in pairs
    assert all(has_word(a, b) for a, b in pairs)
    assert pairs == {(a, b) for a in "CDUV" for b in "CDUV" if a != b and has_word(a, b)}


# ---------------------------------------------------------------- a turn


@pytest.mark.parametrize("variant,hands,pile,good,bad", [
    ("numbers", ["7 2 4 5", "1 1 1 1"], "3 7", ("7", "2", ""), ("2", "7", "")),
    ("letters", ["E T S N", "A A A A"], "C A", ("E", "T", "eat"), ("T", "E", "tee")),
])
def test_holding_the_required_value_you_must_play_first_a_card_of_it_then_any_second(variant, hands, pile, good, bad):
    """If there is a required value and the player holds a card of it, they must play: first a card
    of the required value, then any second card on top."""
    state = table(hands, variant=variant, pile=pile)
    f, s = tile_of(state, bad[0]), tile_of(state, bad[1])
    reason = refused(state, Play(f, s, bad[2]))
    assert "first card must be" in reason
    legal = RULES.legal_actions(state)
    assert all(KEYS[a.first.face] == state.required for a in legal)
    seconds = {a.second.face for a in legal}
    assert seconds == ({"2", "4", "5"} if variant == "numbers" else
                       {b for b in "TSN" if has_word("E", b)})
    after, events = move(state, *good)
    assert events[0].seat == 0 and faces(after.pile[-2:]) == f"{good[0]} {good[1]}"


@pytest.mark.parametrize("variant,hands,pile", [
    ("numbers", ["7 2 4 5", "1 1 1 1"], "3 7"),
    ("letters", ["E T S N", "A A A A"], "C A"),
])
def test_playing_is_not_optional(variant, hands, pile):
    """Playing is not optional: a player who can answer may not take the pile."""
    state = table(hands, variant=variant, pile=pile)
    assert Take() not in RULES.legal_actions(state)
    reason = refused(state, Take())
    assert "must play" in reason or "playing is not optional" in reason


@pytest.mark.parametrize("variant,hands,pile,lead", [
    ("numbers", ["2 4 5 6", "1 1 1 1"], "3 7 8 9", ("4", "5", "")),
    ("letters", ["T S N D", "A A A A"], "C A B E", ("T", "S", "tads")),
])
def test_holding_none_you_take_the_whole_pile_into_your_collected_pile_then_lead(variant, hands, pile, lead):
    """If there is a required value and the player holds none, they take the whole pile into their
    own collected pile (face down, out of their hand; it only counts against them at the end), and
    then lead: two cards of their choice."""
    state = table(hands, variant=variant, pile=pile)
    assert RULES.legal_actions(state) == [Take()]
    hand_before = list(state.hands[0])
    state, events = RULES.apply(state, Take())
    assert events == [Took(0, tuple(events[0].cards))] and faces(events[0].cards) == pile
    assert faces(state.collected[0]) == pile and state.pile == [] and state.hands[0] == hand_before
    view = RULES.view(state, 1)
    assert view.collected_counts == (4, 0) and view.hand_counts == (4, 4)
    assert RULES.to_move(state) == 0 and view.must_lead and view.lead_reason == "took"
    assert refused(state, Take())
    state, _ = move(state, *lead)
    assert faces(state.pile) == f"{lead[0]} {lead[1]}" and RULES.to_move(state) == 1


@pytest.mark.parametrize("variant,hands,pile,reversal", [
    ("numbers", ["1 1", "7 7 2 3", "4 4", "5 5"], "4 7", ("7", "7", "")),
    ("letters", ["A A", "T A E S", "O O", "I I"], "A T", ("T", "A", "tea")),
])
def test_a_double_reverses_play_and_the_next_player_in_the_new_direction_leads_freely(variant, hands, pile, reversal):
    """Double: a player who answers the required value with two cards of that value reverses the
    direction of play, and the next player in the new direction leads freely: no required value,
    and the pile stays where it is. (Letters: a reversal acts exactly as the numbers double.)"""
    state = table(hands, variant=variant, pile=pile, current=1)
    state, events = move(state, *reversal)
    assert events[0].reverses and events[1] == Reversed(-1)
    assert state.direction == -1 and RULES.to_move(state) == 0
    assert state.required is None and faces(state.pile) == f"{pile} {reversal[0]} {reversal[1]}"
    state, _ = move(state, hands[0][0], hands[0][0], "aha" if variant == "letters" else "")
    assert RULES.to_move(state) == 3  # on anticlockwise: 0 -> 3
    assert len(state.pile) == 6


@pytest.mark.parametrize("variant,hands,pile", [
    ("numbers", ["7 7 2 3", "1 1 1 1"], "4 7"),
    ("letters", ["T A E S", "A A A A"], "A T"),
])
def test_playing_the_double_is_a_choice_when_another_answer_exists(variant, hands, pile):
    """Playing the double (letters: the reversal) is the player's choice when they also hold another
    legal answer."""
    state = table(hands, variant=variant, pile=pile)
    legal = RULES.legal_actions(state)
    turns = [a for a in legal if reverses(state.pile, state.required, a.first, a.second, variant)]
    singles = [a for a in legal if a not in turns]
    assert turns and singles
    after, events = RULES.apply(state, singles[0])
    assert not events[0].reverses and after.direction == 1 and after.required == KEYS[singles[0].second.face]


@pytest.mark.parametrize("variant,hands,word", [
    ("numbers", ["7 7 2 3", "1 1 1 1"], ""),
    ("letters", ["T T E S", "A A A A"], "tent"),
])
def test_two_equal_cards_played_as_a_free_lead_are_not_a_double(variant, hands, word):
    """Two equal cards played as a free lead are not a double."""
    state = table(hands, variant=variant, required=None)
    state, events = move(state, hands[0][0], hands[0][0], word)
    assert not events[0].reverses and not any(type(e) is Reversed for e in events)
    assert state.direction == 1 and state.required == KEYS[hands[0][0]] and RULES.to_move(state) == 1


@pytest.mark.parametrize("variant,hands,pile,play", [
    ("numbers", ["7 2 4 5", "1 1 1 1"], "3 7", ("7", "2", "")),
    ("letters", ["E T S N", "A A A A"], "C A", ("E", "T", "eat")),
])
def test_after_playing_two_cards_the_player_draws_two_from_the_stock(variant, hands, pile, play):
    """After playing two cards the player draws two from the stock (fewer if fewer remain)."""
    state = table(hands, variant=variant, pile=pile)
    top = state.draw_pile[-2:][::-1]
    draw_pile = len(state.draw_pile)
    after, events = move(state, *play)
    assert len(after.hands[0]) == 4 and after.hands[0][-2:] == top and len(after.draw_pile) == draw_pile - 2
    assert events[-1] == Drew(0, tuple(top), 2)
    assert RULES.redact(events[-1], 1) == Drew(0, None, 2) and RULES.redact(events[-1], 0) == events[-1]
    # With the stock used up, nothing is drawn (the stock holds an even number, so 2 or 0 remain).
    empty = table(hands, variant=variant, pile=pile, rest=False)
    after, events = move(empty, *play)
    assert len(after.hands[0]) == 2 and not any(type(e) is Drew for e in events)


@pytest.mark.parametrize("variant,hands,pile,play", [
    ("numbers", ["7 2", "", "1 5 2 2", ""], "3 7", ("7", "2", "")),
    ("letters", ["E T", "", "S T A A", ""], "C A", ("E", "T", "eat")),
])
def test_a_player_with_an_empty_hand_is_skipped(variant, hands, pile, play):
    """A player with an empty hand is skipped."""
    state = table(hands, variant=variant, pile=pile, rest=False)
    state, _ = move(state, *play)
    assert RULES.to_move(state) == 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_hands_stay_even_a_player_always_has_0_or_at_least_2_cards(variant):
    """Hands stay even (8, minus 2, plus 2), so a player always has 0 or at least 2 cards; the
    engine asserts it."""
    for seed in range(15):
        state = RULES.setup({"players": 3 + seed % 4, "variant": variant}, seed)
        rnd = random.Random(seed)
        while RULES.to_move(state) is not None:
            assert all(len(h) % 2 == 0 for h in state.hands)
            assert len(state.hands[RULES.to_move(state)]) >= 2
            state, _ = RULES.apply(state, rnd.choice(RULES.legal_actions(state)))
    odd = table(["7 2 4", "1 1"], pile="3 7", rest=False)
    with pytest.raises(AssertionError):
        move(odd, "7", "2")


# ---------------------------------------------------------------- end of the game


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_game_ends_when_the_stock_and_every_hand_are_empty(variant):
    """The game ends when the stock is empty and every hand is empty. The player who makes the
    final play is the last player."""
    for seed in range(6):
        state = RULES.setup({"players": 4, "variant": variant}, seed)
        state, events = play_out(state, seed=seed)
        assert RULES.to_move(state) is None and RULES.legal_actions(state) == []
        assert state.draw_pile == [] and not any(state.hands)
        last = [e for e in events if type(e) is Played][-1]
        assert state.last_player == last.seat == RULES.view(state, 0).last_player
        assert type(events[-1]) is GameEnded
        assert refused(state, Take()) == "the game is over"


@pytest.mark.parametrize("variant,hands,pile,play", [
    ("numbers", ["", "7 7", "", ""], "3 7", ("7", "7", "")),
    ("letters", ["", "T A", "", ""], "A T", ("T", "A", "tea")),
])
def test_if_the_last_player_answers_with_a_double_the_player_before_them_takes_the_pile(variant, hands, pile, play):
    """If the last player answers with a double, the player before them (the one the reversed turn
    would pass to) takes the pile. (Letters: a final reversal, the same.)"""
    state = table(hands, variant=variant, pile=pile, current=1, rest=False)
    state, events = move(state, *play)
    assert type(events[1]) is Reversed
    took = next(e for e in events if type(e) is Took)
    assert took.seat == 0 and faces(took.cards) == f"{pile} {play[0]} {play[1]}"
    assert len(state.collected[0]) == 4 and state.removed == [] and state.pile == []
    assert state.winners == (1, 2, 3)
    total = 24 if variant == "numbers" else 4  # A T T A: letter points 1 each
    assert events[-1] == GameEnded((1, 2, 3), (4, 0, 0, 0), (total, 0, 0, 0))


@pytest.mark.parametrize("variant,hands,pile,play", [
    ("numbers", ["", "7 2", "", ""], "3 7", ("7", "2", "")),
    ("letters", ["", "T N", "", ""], "A T", ("T", "N", "tan")),
])
def test_if_the_last_player_answers_with_a_single_match_the_pile_leaves_the_game(variant, hands, pile, play):
    """If the last player answers with a single match, the pile leaves the game: nobody takes it."""
    state = table(hands, variant=variant, pile=pile, current=1, rest=False)
    state, events = move(state, *play)
    assert PileLeft(tuple(state.removed)) in events and faces(state.removed) == f"{pile} {play[0]} {play[1]}"
    assert not any(type(e) is Took for e in events) and state.collected == [[], [], [], []]
    assert state.winners == (0, 1, 2, 3)
    assert RULES.view(state, 0).removed == tuple(state.removed)


@pytest.mark.parametrize("variant,hands,pile,play", [
    ("numbers", ["", "4 2", "", ""], "3 7", ("4", "2", "")),
    ("letters", ["", "S N", "", ""], "C A", ("S", "N", "sin")),
])
def test_if_the_last_player_cannot_match_they_take_the_pile_and_lead_their_final_two_which_leave(variant, hands, pile, play):
    """If the last player cannot match, they take the pile and then lead their final two cards;
    that new pile leaves the game."""
    state = table(hands, variant=variant, pile=pile, current=1, rest=False)
    assert RULES.legal_actions(state) == [Take()]
    state, _ = RULES.apply(state, Take())
    state, events = move(state, *play)
    assert faces(state.collected[1]) == pile and faces(state.removed) == f"{play[0]} {play[1]}"
    assert type(events[-2]) is PileLeft and state.winners == (0, 2, 3)


@pytest.mark.parametrize("variant,hands,pile,reversal", [
    ("numbers", ["", "7 7", "4 2", ""], "3 7", ("7", "7", "")),
    ("letters", ["", "T A", "S N", ""], "A T", ("T", "A", "tea")),
])
def test_a_final_play_that_is_a_free_lead_also_leaves_the_game(variant, hands, pile, reversal):
    """A final play that is a free lead also leaves the game (here: the lead a reversal granted)."""
    state = table(hands, variant=variant, pile=pile, current=1, rest=False, direction=-1)
    state, _ = move(state, *reversal)
    assert RULES.to_move(state) == 2 and state.required is None
    state, events = move(state, *hands[2].split(), "sin" if variant == "letters" else "")
    assert type(events[-2]) is PileLeft and len(state.removed) == 6
    assert state.collected == [[], [], [], []]


def test_fewest_collected_cards_wins_then_the_lowest_sum_still_tied_a_shared_win():
    """Fewest collected cards wins; then the lowest sum of collected values; still tied: shared win."""
    def finish(collected):
        state = table(["", "7 2", "", ""], pile="3 7", current=1, rest=False, collected=collected)
        state, events = move(state, "7", "2")
        return state, events[-1]

    state, ended = finish(["1 1 1", "9 9", "1 2", "5"])
    assert state.winners == (3,) and ended.collected_counts == (3, 2, 2, 1)
    assert RULES.outcome(state).winners == (3,) and RULES.outcome(state).scores == (-3.0, -2.0, -2.0, -1.0)
    state, ended = finish(["1 1 1", "9 9", "1 2", "8 8"])
    assert state.winners == (2,) and ended.collected_sums == (3, 18, 3, 16)
    state, ended = finish(["1 1 1", "9 9", "1 2", "2 1"])
    assert state.winners == (2, 3)
    assert ended.text(["A", "B", "C", "D"]) == "C and D share the win with 2 collected cards (sum 3) each"


# ---------------------------------------------------------------- letters variant


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_letters_deck_98_cards_with_the_crossword_letter_counts_same_deal(players):
    """Deck: 98 letter cards with the letter counts of the classic crossword tile set, without
    blanks: E12 A9 I9 O8 N6 R6 T6 L4 S4 U4 D4 G3 B2 C2 M2 P2 F2 H2 V2 W2 Y2 K1 J1 X1 Q1 Z1. Same deal."""
    state = RULES.setup({"players": players, "variant": "letters"}, players)
    cards = state.all_cards()
    assert len(cards) == 98 == len(set(cards))
    expected = dict(E=12, A=9, I=9, O=8, N=6, R=6, T=6, L=4, S=4, U=4, D=4, G=3, B=2, C=2, M=2,
                    P=2, F=2, H=2, V=2, W=2, Y=2, K=1, J=1, X=1, Q=1, Z=1)
    assert Counter(c.face for c in cards) == expected == LETTER_COUNTS
    assert [len(h) for h in state.hands] == [8] * players and len(state.draw_pile) == 98 - 8 * players


def test_letters_a_play_is_two_cards_plus_a_word_from_first_to_last_of_3_letters_in_the_dictionary():
    """A play is two letter cards plus a word: the word starts with the first card's letter, ends
    with the second card's letter, has at least 3 letters, and is in the dictionary shipped with
    the game. A human types the word; the table checks it and says why a word is refused."""
    state = table(["C D E T", "S S S S"], variant="letters", required=None)
    c, d = tile_of(state, "C"), tile_of(state, "D")
    assert "type a word" in refused(state, Play(c, d, ""))
    assert "does not start with C" in refused(state, Play(c, d, "dad"))
    assert "does not end with D" in refused(state, Play(c, d, "cat"))
    assert "too short" in refused(state, Play(c, d, "cd"))
    assert "not in the dictionary" in refused(state, Play(c, d, "cxqd"))
    assert "letters A to Z" in refused(state, Play(c, d, "c-d"))
    assert "not in your hand" in refused(state, Play(c, Tile("Z", 0), "cz"))
    assert "two different cards" in refused(state, Play(c, c, "cc"))
    # Any dictionary word for the pair is accepted, in any case, not only the one offered.
    offered = next(a for a in RULES.legal_actions(state) if (a.first, a.second) == (c, d))
    assert offered.word == dictionary.representative("C", "D") == "cad"
    for word in ("card", " CARD ", "Cold", "cad"):
        assert RULES.is_legal(state, Play(c, d, word))
    after, events = RULES.apply(state, Play(c, d, " CARD "))
    assert events[0] == Played(0, c, d, "card", False)
    assert events[0].text(["Ann", "Bob"]) == "Ann plays C then D: CARD"


def test_letters_the_required_class_replaces_the_required_value_y_is_a_consonant():
    """The required class replaces the required value: the first letter must be a vowel if the
    previous second card was a vowel, a consonant if it was a consonant (A E I O U are vowels; Y
    is a consonant)."""
    assert {f for f in LETTER_COUNTS if KEYS[f] == "vowel"} == set("AEIOU")
    assert KEYS["Y"] == "consonant" and not Tile("Y", 0).is_vowel and Tile("E", 0).is_vowel
    state = table(["Y S E A", "R R R R"], variant="letters", pile="A Y")
    assert RULES.view(state, 0).required == "consonant"
    assert {a.first.face for a in RULES.legal_actions(state)} <= {"Y", "S"}
    assert "must be a consonant" in refused(state, Play(tile_of(state, "E"), tile_of(state, "S"), "eyes"))
    state, _ = move(state, "Y", "S", "yes")
    assert state.required == "consonant"
    vowel = table(["E T", "S S"], variant="letters", pile="C A")
    assert RULES.view(vowel, 0).required == "vowel"


def test_letters_no_answer_of_the_right_class_with_a_valid_word_take_the_pile_then_lead():
    """No answer of the right class with a valid word: take the pile, then lead. (U holds the vowel,
    but no word runs from U to V.)"""
    assert not has_word("U", "V")
    state = table(["U V", "S S"], variant="letters", pile="C A")
    assert RULES.legal_actions(state) == [Take()]
    assert "not in the dictionary" in refused(state, Play(tile_of(state, "U"), tile_of(state, "V"), "uvuv"))
    state, events = RULES.apply(state, Take())
    assert type(events[0]) is Took and RULES.view(state, 0).must_lead


def test_letters_a_reversal_is_the_previous_pairs_letters_in_reverse_order_with_a_valid_word():
    """A reversal is "a reverse of the previous player": an answer whose two letters are the previous
    pair's letters in reverse order, with a valid word. It acts exactly as the numbers double; the
    move log and the direction say so."""
    state = table(["A A", "T A E S", "O O"], variant="letters", pile="A T", current=1)
    reversal = next(a for a in RULES.legal_actions(state) if (a.first.face, a.second.face) == ("T", "A"))
    assert reversal.word and dictionary.is_word(reversal.word)
    assert "type a word" in refused(state, Play(reversal.first, reversal.second, ""))
    state, events = move(state, "T", "A", "tea")
    assert events[0].reverses and events[1] == Reversed(-1) and RULES.to_move(state) == 0
    names = ["Ann", "Bob", "Cy"]
    assert events[0].text(names) == "Bob answers with the last play reversed, T then A: TEA"
    assert events[1].text(names) == "Play is reversed: now anticlockwise"


def test_letters_after_t_then_t_another_t_then_t_is_a_reversal():
    """After T then T, another T then T is a reversal."""
    state = table(["A A", "T T E S", "O O"], variant="letters", pile="T T", current=1)
    state, events = move(state, "T", "T", "tent")
    assert events[0].reverses and events[1] == Reversed(-1) and RULES.to_move(state) == 0


@pytest.mark.parametrize("pile,play", [
    ("A T", ("T", "T", "tent")),   # two equal letters answering another pair
    ("D K", ("K", "K", "kick")),   # the same letter twice, only one of them the reverse
    ("C D", ("D", "C", "")),       # a free lead granted by a reversal: D then C on top of C then D
    ("D K", ("D", "K", "dark")),   # the same pair again, in the same order
])
def test_letters_two_equal_letters_answering_any_other_pair_are_not_a_reversal(pile, play):
    """Two equal letters answering any other pair are not a reversal; a free lead is never a
    reversal; nor is the previous pair repeated in the same order."""
    free = play[2] == ""
    state = table(["A A", f"{play[0]} {play[1]} E S", "O O"], variant="letters", pile=pile, current=1,
                  required=None if free else "auto", lead_reason="reversal" if free else None,
                  extra="K K" if "K" in play else "")
    state, events = move(state, *play[:2], play[2] or "disc")
    assert not events[0].reverses and not any(type(e) is Reversed for e in events)
    assert RULES.to_move(state) == 2 and state.direction == 1


def test_letters_ties_by_letter_points_vowels_1_others_by_crossword_tile_score():
    """Everything else (drawing, end, scoring by collected cards, ties by letter points: vowels 1,
    others by their crossword tile score) as in the numbers game."""
    assert all(LETTER_POINTS[v] == 1 for v in "AEIOU")
    assert (LETTER_POINTS["Q"], LETTER_POINTS["Z"], LETTER_POINTS["K"], LETTER_POINTS["D"]) == (10, 10, 5, 2)
    assert Tile("Q", 0).points == 10 and Tile("7", 0).points == 7 and Tile("7", 0).value == 7
    state = table(["", "T N", "", ""], variant="letters", pile="A T", current=1, rest=False,
                  collected=["Q Z", "E E", "A I", "K B"])
    state, events = move(state, "T", "N", "tan")
    assert events[-1].collected_sums == (20, 2, 2, 8) and state.winners == (1, 2)


def test_letters_the_dictionary_is_a_real_licensed_english_word_list():
    """The dictionary is a real English word list from a maintained package or shipped data file
    with a licence that allows redistribution."""
    here = Path(dictionary.__file__).resolve().parent
    licence = (here / dictionary.LICENCE_FILE).read_text(encoding="utf-8")
    assert "SCOWL" in licence and "Permission to use, copy, modify, distribute" in licence
    words = dictionary.words()
    assert len(words) > 60000
    assert all(len(w) >= 3 and w.isascii() and w.isalpha() and w.islower() for w in words)
    for word in ("card", "deck", "kind", "free", "forcing", "arm", "clue", "electric", "tent"):
        assert dictionary.is_word(word) and dictionary.is_word(word.upper())
    for word in ("zzz", "cxd", "xiv", "mph", "london", "ab"):
        assert not dictionary.is_word(word)
    for (first, last), found in list(dictionary.index().items())[:200]:
        assert all(w[0] == first and w[-1] == last and w in words for w in found)
        assert list(found) == sorted(found, key=lambda w: (len(w), w))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_letters_the_computer_players_use_the_same_list_and_never_claim_an_invalid_word(players):
    """... the computer players use the same list."""
    state = RULES.setup({"players": players, "variant": "letters"}, 100 + players)
    bots = [ChainChainHeuristic(s) for s in range(players)]
    events = []
    while RULES.to_move(state) is not None:
        seat = RULES.to_move(state)
        action = bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state))
        assert RULES.is_legal(state, action)
        state, new = RULES.apply(state, action)
        events += new
    for played in (e for e in events if type(e) is Played):
        if played.word:
            assert dictionary.is_word(played.word)
            assert played.word[0] == played.first.face.lower() and played.word[-1] == played.second.face.lower()


def test_letters_a_leader_with_no_two_cards_that_make_a_word_leads_without_one():
    """(Gap, decided in rules.py) a letters player who must lead and holds no two cards that begin
    and end a word leads any two cards without a word."""
    assert not has_word("J", "Q") and not has_word("Q", "J")
    state = table(["J Q", "S S"], variant="letters", required=None)
    legal = RULES.legal_actions(state)
    assert {(a.first.face, a.second.face, a.word) for a in legal} == {("J", "Q", ""), ("Q", "J", "")}
    state, events = move(state, "J", "Q")
    assert events[0].word == "" and state.required == "consonant"
    # Not when a word exists.
    assert "type a word" in refused(table(["C D", "S S"], variant="letters", required=None),
                                    Play(Tile("C", 0), Tile("D", 0)))


# ---------------------------------------------------------------- the rest of the surface


@pytest.mark.parametrize("variant", VARIANTS)
def test_other_copies_of_a_face_are_legal_too(variant):
    """`legal_actions` offers the lowest copy of each face; the card a player drags may be any
    copy of it, and the play moves that very card."""
    state = table(["7 7 7 2", "1 1 1 1"] if variant == "numbers" else ["E E E T", "A A A A"],
                  variant=variant, pile="3 7" if variant == "numbers" else "C A")
    hand = state.hands[0]
    word = "eat" if variant == "letters" else ""
    offered = {(a.first, a.second) for a in RULES.legal_actions(state)}
    assert (hand[0], hand[3]) in offered and (hand[2], hand[3]) not in offered
    after, events = RULES.apply(state, Play(hand[2], hand[3], word))
    assert events[0].first == hand[2] and hand[2] not in after.hands[0] and hand[0] in after.hands[0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_illegal_actions_are_refused_and_the_state_is_unchanged(variant):
    """Every refused action raises IllegalAction with a reason a player can read, and changes nothing."""
    state = table(["7 2 4 5", "1 1 1 1"] if variant == "numbers" else ["E T S N", "A A A A"],
                  variant=variant, pile="3 7" if variant == "numbers" else "C A")
    hand = state.hands[0]
    for action in (Play(hand[1], hand[0]), Play(hand[0], Tile("9", 19)), Play(hand[0], hand[0]),
                   Play("7", "2"), Take(), "pass"):
        assert refused(state, action)
    if variant == "numbers":
        assert "no words" in refused(state, Play(hand[0], hand[1], "seventy"))
    else:
        assert "not in the dictionary" in refused(state, Play(hand[0], hand[1], "ezzt"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_actions_round_trip_through_json(variant):
    """Actions (with their cards and words) are written to saves by to_json and read back by from_json."""
    state = RULES.setup({"players": 4, "variant": variant}, 9)
    for action in RULES.legal_actions(state) + [Take()]:
        text = json.dumps(to_json(action))
        again = from_json(json.loads(text), RULES.saved_types)
        assert again == action and type(again.first if type(again) is Play else again) in (Tile, Take)
    with pytest.raises(ValueError):
        from_json({"type": "Play", "first": {"type": "Tile", "face": "7", "copy": "x"},
                   "second": {"type": "Tile", "face": "7", "copy": 1}, "word": ""}, RULES.saved_types)
    with pytest.raises(ValueError):
        from_json({"type": "Play", "first": {"type": "Tile", "face": "7", "copy": 0},
                   "second": {"type": "Tile", "face": "7", "copy": 1}, "word": 5}, RULES.saved_types)


def test_a_tile_is_saved_as_its_code():
    """A tile is written as its face and copy ("E3"), read back from it, and a code that names
    no tile is refused."""
    action = Play(Tile("E", 3), Tile("7", 0), "")
    assert to_json(action) == {"type": "Play", "first": "E3", "second": "70", "word": ""}
    assert from_json(to_json(action), RULES.saved_types) == action
    for bad in ("?3", "E", "Ex", 7):
        with pytest.raises(ValueError):
            from_json({"type": "Play", "first": bad, "second": "70", "word": ""}, RULES.saved_types)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_view_shows_only_the_seats_own_hand_and_public_cards(variant):
    """Other hands and the stock are hidden; the pile, the collected piles and their sizes are public."""
    state = RULES.setup({"players": 4, "variant": variant}, 21)
    rnd = random.Random(2)
    for _ in range(30):
        state, _ = RULES.apply(state, rnd.choice(RULES.legal_actions(state)))
    view = RULES.view(state, 1)
    assert view.hand == tuple(state.hands[1]) and view.final_hands is None
    assert view.hand_counts == tuple(len(h) for h in state.hands)
    assert view.collected_counts == tuple(len(p) for p in state.collected)
    assert RULES.view(state, None).hand == ()
    fields = {f.name for f in dataclasses.fields(view)}
    assert "draw_pile" not in fields and "hands" not in fields


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_view_of_determinize_is_the_view(variant, players):
    """view(determinize(view), seat) == view at every point of a game, for every seat."""
    state = RULES.setup({"players": players, "variant": variant}, 300 + players)
    rnd = random.Random(players)
    rng = Rng(players)
    full = Counter(full_deck(variant, players))
    while True:
        for seat in list(range(players)) + [None]:
            view = RULES.view(state, seat)
            guess = RULES.determinize(view, rng)
            assert RULES.view(guess, seat) == view
            assert Counter(guess.all_cards()) == full
        if RULES.to_move(state) is None:
            break
        state, _ = RULES.apply(state, rnd.choice(RULES.legal_actions(state)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_determinize_honours_what_a_take_revealed(variant):
    """A player who took the pile held no card of the required value (letters: no answer) at that
    moment: every determinized hand of theirs keeps that many cards that answer nothing."""
    checked = 0
    for seed in range(25):
        state = RULES.setup({"players": 4, "variant": variant}, 500 + seed)
        rnd = random.Random(seed)
        rng = Rng(seed)
        while RULES.to_move(state) is not None:
            for holder, (count, key) in enumerate((r.count, r.none_of) for r in state.revealed):
                if not count:
                    continue
                viewer = (holder + 1) % 4
                guess = RULES.determinize(RULES.view(state, viewer), rng)
                hand = guess.hands[holder]
                if variant == "numbers":
                    assert sum(1 for c in hand if KEYS[c.face] != key) >= count
                else:
                    assert _honoured(hand, count, key)
                checked += 1
            state, _ = RULES.apply(state, rnd.choice(RULES.legal_actions(state)))
    assert checked > 20


def _honoured(hand, count, key) -> bool:
    """Some `count` cards of `hand` hold no answer to `key` (no card of that class starts a word
    ending in another of them)."""
    from itertools import combinations

    return any(answers_nothing(list(group), key) for group in combinations(hand, count))


def test_determinize_honours_letters_takes_that_leave_a_single_way_to_deal():
    """Letters, seen by seat 1 at the end of a game: the unseen cards are A I O R R X, and seats 0
    and 2 took on a consonant, seat 3 on a vowel, two cards each. Only four deals honour all three
    (seat 3 must hold R R); random tries alone missed about 6 guesses in 1000. Every guess must be
    one of them."""
    state = table(["I A", "E E", "O X", "R R"], variant="letters", pile="", rest=False, required=None)
    state.removed = [t for t in full_deck("letters", 4) if t not in state.all_cards()]
    state.revealed = [Revealed(2, "consonant"), Revealed(), Revealed(2, "consonant"), Revealed(2, "vowel")]
    view = RULES.view(state, 1)
    for salt in range(1000):
        guess = RULES.determinize(view, Rng(salt))
        assert RULES.view(guess, 1) == view
        assert all(_honoured(guess.hands[s], 2, view.revealed[s].none_of) for s in (0, 2, 3))
        assert faces(guess.hands[3]) == "R R"


def test_determinize_honours_a_take_in_a_tight_position():
    """Seat 1 took the pile on a 5 with 4 cards, seat 2 on a 1 with 4 cards, and the unseen cards
    are exactly four 1s and four 9s: a quick random deal rarely works (seat 1 may hold either), but
    seat 2 can only hold the 9s, so seat 1 must hold the 1s (as it really does)."""
    state = table(["5 5", "1 1 1 1", "9 9 9 9"], pile="", rest=False, required=None, players=3)
    # Everything else is out of the game, so the unseen cards are the eight in seats 1 and 2.
    state.removed = [t for t in full_deck("numbers", 3) if t not in state.all_cards()]
    state.revealed = [Revealed(), Revealed(4, 5), Revealed(4, 1)]
    view = RULES.view(state, 0)
    for salt in range(30):
        guess = RULES.determinize(view, Rng(salt))
        assert RULES.view(guess, 0) == view
        assert faces(guess.hands[1]) == "1 1 1 1" and faces(guess.hands[2]) == "9 9 9 9"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_full_games_end(variant, players):
    """Random legal play (the shared RandomPlayer) always finishes, with winners and the cards conserved."""
    for seed in range(8):
        state = RULES.setup({"players": players, "variant": variant}, seed)
        bots = [RandomPlayer(seed * 10 + s) for s in range(players)]
        state, events = play_out(state, seed=seed)
        outcome = RULES.outcome(state)
        assert outcome.winners and len(outcome.scores) == players
        assert Counter(state.all_cards()) == Counter(full_deck(variant, players))
        assert sum(len(p) for p in state.collected) + len(state.removed) == len(full_deck(variant, players))
        view = RULES.view(state, 0)
        assert view.final_hands == tuple(() for _ in range(players)) and not view.must_lead
        names = [f"P{s}" for s in range(players)]
        for event in events:
            assert event.text(names) and RULES.redact(event, None).text(names)
        state = RULES.setup({"players": players, "variant": variant}, seed)
        while RULES.to_move(state) is not None:
            seat = RULES.to_move(state)
            state, _ = RULES.apply(state, bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state)))


def test_the_rule_of_thumb_player_reverses_on_the_last_play_to_hand_the_pile_back():
    """The computer players know the letters reversal (the last play's letters reversed): on the
    final play it sends the pile to the player before instead of out of the game, so with N then T
    on the pile and T and N in hand they answer T then N, not N then T."""
    state = table(["", "T N", "", ""], variant="letters", pile="N T", current=1, rest=False)
    legal = RULES.legal_actions(state)
    assert {(a.first.face, a.second.face) for a in legal} == {("T", "N"), ("N", "T")}
    for seed in range(10):
        choice = ChainChainHeuristic(seed).choose(RULES.view(state, 1), legal)
        assert (choice.first.face, choice.second.face) == ("T", "N")
    after, _ = RULES.apply(state, choice)
    assert len(after.collected[0]) == 4


@pytest.mark.parametrize("variant,least", [("numbers", 0.3), ("letters", 0.25)])
def test_the_rule_of_thumb_player_beats_random_players(variant, least):
    """Against three random players the rule-of-thumb player wins clearly more than its quarter."""
    share = 0.0
    games = 160
    for g in range(games):
        state = RULES.setup({"players": 4, "variant": variant}, 7000 + g)
        hero = g % 4
        bots = [ChainChainHeuristic(g) if s == hero else RandomPlayer(g * 4 + s) for s in range(4)]
        while RULES.to_move(state) is not None:
            seat = RULES.to_move(state)
            state, _ = RULES.apply(state, bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state)))
        if hero in state.winners:
            share += 1 / len(state.winners)
    assert share / games > least


def test_the_guide_covers_both_variants_in_our_own_words():
    """The how-to-play text explains the game and the letters variant (not the rulebook's words)."""
    assert "collected" in GUIDE and "Letters" in GUIDE and "vowel" in GUIDE
    rulebook_phrases = ("have to take all the piled cards", "refresh his hand", "accounted out of the game")
    assert not any(phrase in GUIDE for phrase in rulebook_phrases)
