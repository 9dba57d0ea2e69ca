"""One test per sentence of the LINX rulings (rules/linx.md) and the rulebook sentences they rest
on, the chain finder against brute force, and saves of LINX actions.

Positions are built directly with the `table()` helper below and driven through `RULES.apply`
and `RULES.legal_actions`, the surface the table and the computer players use.
"""

from __future__ import annotations

import copy
import itertools
import pickle
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import IllegalAction, from_json, to_json
from game.linx import (RULES, Discard, Draw, GUIDE, LayChain, LinxCard, LinxHeuristic, LinxState, ScoringCard,
                       all_chains, best_chain, card, cards, chain_of_length, full_deck, longest_chain,
                       longest_length, one_card_short, scoring_deck)
from game.linx.cards import DECK, LinxCardError, parse_deck
from game.linx import chains
from game.linx.chains import is_chain
from game.linx.rules import (DRAW, LAY_OR_DISCARD, AnchorsDealt, ChainLaid, Discarded, Drew, GameEnded,
                             ScoringDealt, _winners, bonuses, places)
from game.rng import Rng
from game.session import Session


# ---------------------------------------------------------------- helpers


def score(code: str) -> ScoringCard:
    """A scoring card "length/points"; positions may use cards outside the deck (e.g. 4/10) to
    keep chains short."""
    length, points = code.split("/")
    return ScoringCard(int(length), int(points))


def scores(codes: str) -> list[ScoringCard]:
    return [score(code) for code in codes.split()]


def table(hands, anchors="1Su 2Mo 3St 4He", draw_pile="9Le 10Le 11Le 12Le", discard="13Di", *,
          scoring_up="5/20 6/30 7/40", scoring_stock="8/55", claimed=None, taken=None, current=0,
          draws_left=0, seats_in=None, match=False, target=500, match_scores=None, tiebreak=False,
          seed=7) -> LinxState:
    """An exact position.

    hands:   one string of card codes per seat, e.g. ["7Su 7Mo", "3He"].
    draw_pile: card codes from the TOP down (the first code is the next card drawn).
    discard: card codes from the bottom up (the last code is the top card).
    scoring_stock: scoring card codes from the top down.
    """
    players = len(hands)
    return LinxState(
        players=players, first=0, match=match, target=target,
        match_scores=tuple(match_scores or [0] * players),
        seats_in=tuple(seats_in if seats_in is not None else range(players)), tiebreak=tiebreak,
        hands=[cards(h) for h in hands],
        taken=[cards(t) for t in (taken or [""] * players)],
        anchors=cards(anchors), draw_pile=list(reversed(cards(draw_pile))), discard=cards(discard),
        scoring_up=scores(scoring_up), scoring_stock=list(reversed(scores(scoring_stock))),
        claimed=[scores(c) for c in (claimed or [""] * players)], laid=[], rng=Rng(seed),
        current=current, draws_left=draws_left)


def refused(state: LinxState, action) -> str:
    """Apply an action that must be refused; check that nothing changed; return the reason."""
    before = RULES.view(state, None), [h[:] for h in state.hands], state.draw_pile[:], state.discard[:]
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    assert (RULES.view(state, None), state.hands, state.draw_pile, state.discard) == before
    assert str(info.value).strip()
    return str(info.value)


def lay(start, middle, end, scoring) -> LayChain:
    return LayChain(card(start), tuple(cards(middle)), card(end), score(scoring))


def finished(claimed, **kw) -> LinxState:
    """A game over, each seat holding the scoring cards listed."""
    state = table([""] * len(claimed), claimed=claimed, **kw)
    state.winners = _winners(state)
    return state


# ---------------------------------------------------------------- the deck


def test_six_symbols_each_in_its_own_colour():
    """"Six symbols, each always printed in its own colour": Sun, Moon, Star, Heart, Diamond, Leaf."""
    names = [s.name for s in DECK.symbols.values()]
    assert names == ["Sun", "Moon", "Star", "Heart", "Diamond", "Leaf"]
    assert len({s.colour for s in DECK.symbols.values()}) == 6


def test_every_number_symbol_pair_appears_exactly_once():
    """"Numbers 1-15. Every (number, symbol) pair appears exactly once: 6 x 15 = 90.\""""
    deck = full_deck()
    assert len(deck) == 90
    assert Counter((c.number, c.symbol) for c in deck) == Counter(
        (n, s) for n in range(1, 16) for s in DECK.symbols)


def test_two_cards_link_when_they_share_the_number_or_the_symbol():
    """"Two cards link when they share the number or the symbol.\""""
    assert card("7Su").links(card("7Mo"))
    assert card("7Su").links(card("12Su"))
    assert not card("7Su").links(card("8Mo"))


def test_scoring_deck_is_three_of_each_length():
    """"Scoring deck: 24 cards ... three cards of each" length, with the ruling's points."""
    deck = scoring_deck()
    assert len(deck) == 24
    table_points = {5: 20, 6: 30, 7: 40, 8: 55, 9: 70, 10: 90, 11: 120, 12: 150}
    assert Counter((s.length, s.points) for s in deck) == Counter({item: 3 for item in table_points.items()})


def test_the_deck_is_a_data_file_a_player_can_replace():
    """The decks are data, not code: a card file of the same shape makes another deck."""
    text = """[playing]\nlowest = 1\nhighest = 3\n[[playing.symbols]]\ncode = "Aa"\nname = "A"\ncolour = "red"
[[scoring]]\nlength = 4\npoints = 9\ncopies = 2\n"""
    deck = parse_deck(text)
    assert [c.code for c in deck.playing] == ["1Aa", "2Aa", "3Aa"]
    assert deck.scoring == (ScoringCard(4, 9), ScoringCard(4, 9))
    with pytest.raises(ValueError):
        parse_deck("[playing]\nlowest = 1\n")


def test_each_card_is_one_object_copies_and_pickles_come_back_as_it():
    """A card equals only itself (the deck's own object), so a copy must come back as it."""
    for c in full_deck():
        assert copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    seven_sun, seven_moon = LinxCard.from_code("7Su"), LinxCard.from_code("7Mo")
    assert seven_sun == LinxCard.from_code("7Su") and seven_sun != seven_moon
    assert len(set(full_deck())) == 90


def test_a_cards_place_in_the_deck_is_its_symbols_place_then_its_number():
    """The chain finder reads a card's row (symbol) and column (number) off its place."""
    symbols = list(DECK.symbols)
    for c in full_deck():
        assert chains.ROW[c.index] == symbols.index(c.symbol)
        assert chains.NUMBER_OF[c.index] == c.number - chains.LOWEST
        assert full_deck()[c.index] is c


def test_card_codes_round_trip_and_bad_codes_are_refused():
    for c in full_deck():
        assert LinxCard.from_code(c.code) is c
    for s in scoring_deck():
        assert ScoringCard.from_code(s.code) == s
    for bad in ("16Su", "7Xx", "", "Su7"):
        with pytest.raises(LinxCardError):
            LinxCard.from_code(bad)
    with pytest.raises(LinxCardError):
        ScoringCard.from_code("5/21")


def test_the_rules_sheet_says_the_deck_is_this_editions():
    assert "card list designed for this edition; the official list is not reproduced" in GUIDE.lower()


def says(*phrases: str) -> None:
    """The rules sheet states the claim under test (in these words, so the test follows the sentence)."""
    for phrase in phrases:
        assert phrase in GUIDE, f"the rules sheet no longer says {phrase!r}"


def test_the_rules_sheet_says_two_to_six_youngest_first_then_clockwise_as_the_table_plays():
    says("Two to six players.", "The youngest player goes first (the setup screen picks that seat as the first player); "
         "turns then pass clockwise, in seat order.")
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    first = RULES.options[0]
    assert first.key == "first" and first.default == 0 and "youngest" in first.help
    state = RULES.setup({"players": 4, "first": 2}, 1)
    movers = []
    while len(movers) < 5:
        if not movers or movers[-1] != state.current:
            movers.append(state.current)
        state, _ = RULES.apply(state, RULES.playout_action(state, Rng(2).random))
    assert movers == [2, 3, 0, 1, 2]


def test_the_rules_sheet_says_the_draw_and_the_match_as_the_rules_play_them():
    says("one card if you hold ten or more, two if you hold fewer, one at a time",
         "agree a target score, any from 100 to 5,000 (500 unless the table says otherwise)",
         "two tied for first both earn 100; the next player is third, so with three players nobody earns 50",
         "A match tied at the top is settled by one more game among the tied players only; should that game "
         "tie too, those still level play again.")
    target = next(o for o in RULES.options if o.key == "target")
    assert (target.lowest, target.highest, target.default) == (100, 5000, 500)
    assert bonuses([scores("6/30"), scores("6/30"), scores("5/20")], (0, 1, 2)) == {0: 100, 1: 100, 2: 0}


def test_the_rules_sheet_is_in_our_own_words():
    """No sentence of the rulebook is copied into the sheet."""
    for phrase in ("Youngest player begins", "play proceeds clockwise", "any agreed-upon score",
                   "the tied players play another game", "all tied players receive the higher bonus",
                   "Draw the cards one at a time"):
        assert phrase.lower() not in GUIDE.lower()


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 6])
def test_setup_deals_ten_each_four_anchors_one_discard_three_scoring(players):
    """"Deal 10 playing cards to each player; 4 face up as the Anchors; the rest is the Stock; turn
    the top Stock card face up to start the Discard pile; deal 3 scoring cards face up, the rest
    face down.\""""
    state = RULES.setup({"players": players}, 5)
    assert [len(h) for h in state.hands] == [10] * players
    assert len(state.anchors) == 4 and len(state.discard) == 1
    assert len(state.draw_pile) == 90 - 10 * players - 5
    assert Counter(state.all_cards()) == Counter(full_deck())
    assert len(state.scoring_up) == 3 and len(state.scoring_stock) == 21


def test_two_to_six_players():
    """"2-6 players.\""""
    for players in (1, 7):
        with pytest.raises(ValueError, match=f"this game takes 2 to 6 players, not {players}"):
            RULES.setup({"players": players}, 1)
    for players in range(2, 7):
        assert len(RULES.setup({"players": players}, 1).hands) == players


def test_six_seats_play_a_whole_game_youngest_first_then_clockwise():
    """"Seats: two to six, youngest first (the setup picks the first seat), then clockwise (seat
    order).\" Six computer seats, seat 3 first, play a game to its end through the engine."""
    config = {"seats": [{"name": f"Seat {n}", "kind": "computer", "difficulty": "easy"} for n in range(6)],
              "rules": {"first": 3}}
    session = Session("linx", config, 8)
    turns = []
    while not session.game_over:
        if not turns or turns[-1] != session.to_move:
            turns.append(session.to_move)
        session.apply(session.computer_action())
    assert turns[:7] == [3, 4, 5, 0, 1, 2, 3]
    assert all(b == (a + 1) % 6 for a, b in zip(turns, turns[1:])), "every turn passes to the next seat"
    assert session.view(None).draw_pile_count == 0 and session.view(None).winners


def test_the_setup_screen_picks_the_first_seat_default_seat_0():
    """"The youngest player begins: the setup screen picks the first seat (default seat 0).\""""
    assert RULES.to_move(RULES.setup({"players": 3}, 1)) == 0
    assert RULES.to_move(RULES.setup({"players": 3, "first": 2}, 1)) == 2
    with pytest.raises(ValueError):
        RULES.setup({"players": 2, "first": 2}, 1)


# ---------------------------------------------------------------- drawing


def test_with_ten_or_more_cards_draw_one():
    """"With 10 or more cards in hand draw one card.\""""
    state = table(["1Le 2Le 3Le 4Le 5Le 6Le 7Le 8Le 1Di 2Di", "5Mo"], draws_left=1)
    state, _ = RULES.apply(state, Draw("stock"))
    assert state.draws_left == 0 and len(state.hands[0]) == 11
    assert all(type(a) is not Draw for a in RULES.legal_actions(state))


def test_with_fewer_draw_two_one_at_a_time_seeing_the_first():
    """"With fewer, draw two, one at a time, deciding the source of the second after seeing the
    first.\""""
    state = RULES.setup({"players": 2}, 3)
    state.hands[0] = state.hands[0][:7]
    state.draws_left = 2
    state, events = RULES.apply(state, Draw("stock"))
    first = events[0].card
    assert first in RULES.view(state, 0).hand
    assert RULES.legal_actions(state) == [Draw("stock"), Draw("discard")]
    state, _ = RULES.apply(state, Draw("discard"))
    assert len(state.hands[0]) == 9 and state.draws_left == 0


def test_a_turn_is_a_draw_phase_then_a_phase_to_lay_a_chain_or_discard():
    """"1. Draw. ... 2. Then either lay a chain or discard one card.": the state and every view
    say which, and the draw phase lasts until the last card owed is drawn."""
    state = RULES.setup({"players": 2}, 3)
    state.hands[0] = state.hands[0][:7]
    state.draws_left = 2
    for _ in range(2):
        assert state.phase == DRAW and {RULES.view(state, s).phase for s in (0, 1, None)} == {DRAW}
        state, _ = RULES.apply(state, Draw("stock"))
    assert state.phase == LAY_OR_DISCARD and RULES.view(state, 1).phase == LAY_OR_DISCARD
    assert "draw first" in RULES.why_illegal(RULES.setup({"players": 2}, 3), Discard(state.hands[0][0]))


def test_a_turn_starts_with_two_draws_after_a_chain_emptied_the_hand_below_ten():
    state = table(["7Su 7Mo", "5Le 5Di 5He"], anchors="1Su 2Mo 3St 4He", scoring_up="4/10 5/20 6/30")
    state, _ = RULES.apply(state, lay("1Su", "7Su 7Mo", "2Mo", "4/10"))
    assert state.current == 1 and state.draws_left == 2


def test_each_card_comes_from_the_top_of_the_discard_or_the_stock():
    """"Each card comes from the top of the Discard pile or the top of the Stock.\""""
    state = table(["5Mo", "6Mo"], draw_pile="9Le 10Le", discard="12Di 13Di", draws_left=2)
    state, events = RULES.apply(state, Draw("discard"))
    assert events == [Drew(0, "discard", card("13Di"))]
    state, events = RULES.apply(state, Draw("stock"))
    assert events == [Drew(0, "stock", card("9Le"))]
    assert state.discard == cards("12Di") and state.draw_pile == [card("10Le")]


def test_stock_only_when_the_discard_pile_is_empty():
    """"(Stock only when the Discard pile is empty ...)\""""
    state = table(["5Mo", "6Mo"], discard="", draws_left=1)
    assert RULES.legal_actions(state) == [Draw("stock")]
    assert "discard pile is empty" in refused(state, Draw("discard"))


def test_discard_only_when_the_stock_is_empty():
    """"(... Discard only when the Stock is empty.)": the second draw of a turn that emptied it."""
    state = table(["5Mo", "6Mo"], draw_pile="9Le", discard="12Di", draws_left=2)
    state, _ = RULES.apply(state, Draw("stock"))
    assert RULES.legal_actions(state) == [Draw("discard")]
    assert "stock is empty" in refused(state, Draw("stock"))


def test_no_second_draw_when_both_piles_are_empty():
    state = table(["5Mo", "6Mo"], draw_pile="9Le", discard="", draws_left=2)
    state, _ = RULES.apply(state, Draw("stock"))
    assert state.draws_left == 0 and all(type(a) is Discard for a in RULES.legal_actions(state))


def test_draw_first_then_lay_or_discard():
    state = table(["5Mo", "6Mo"], draws_left=1)
    assert "draw first" in refused(state, Discard(card("5Mo")))
    state = table(["5Mo", "6Mo"])
    assert "drawn this turn" in refused(state, Draw("stock"))


# ---------------------------------------------------------------- chains


def test_a_chain_is_anchor_hand_cards_different_anchor_each_linked_to_the_next():
    """"A chain is: one Anchor, then one or more hand cards, then a different Anchor, in order,
    each card linked to the next.\""""
    assert is_chain(card("1Su"), cards("7Su 7Mo"), card("2Mo"))
    assert not is_chain(card("1Su"), cards("7Mo 7Su"), card("2Mo"))  # 1Su does not link to 7Mo
    assert not is_chain(card("1Su"), (), card("2Su"))
    assert not is_chain(card("1Su"), cards("7Su"), card("1Su"))
    state = table(["7Su 7Mo 9He", "5Le"], scoring_up="4/10 5/20")
    assert "next" in refused(state, lay("1Su", "7Mo 7Su", "2Mo", "4/10"))
    assert "different anchors" in refused(state, lay("1Su", "7Su", "1Su", "4/10"))
    assert "at least one card" in refused(state, lay("1Su", "", "3St", "4/10"))
    assert "anchors on the table" in refused(state, lay("9Su", "7Su 7Mo", "2Mo", "4/10"))
    assert "not in your hand" in refused(state, lay("1Su", "7Su 8Su 8Mo", "2Mo", "4/10"))


def test_its_length_counts_the_two_anchors():
    """"Its length counts the two anchors": two hand cards make a chain of four."""
    assert lay("1Su", "7Su 7Mo", "2Mo", "4/10").length == 4
    assert longest_chain(cards("7Su 7Mo"), cards("1Su 2Mo")).length == 4


def test_at_least_as_long_as_the_smallest_face_up_scoring_card():
    """"It must be at least as long as the smallest face-up scoring card.\""""
    state = table(["7Su 7Mo 8Mo", "5Le"], scoring_up="5/20 6/30 7/40")
    assert state.min_length == 5
    assert "at least 5" in refused(state, lay("1Su", "7Su 7Mo", "2Mo", "5/20"))
    assert RULES.is_legal(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))
    assert not any(type(a) is LayChain and a.length < 5 for a in RULES.legal_actions(state))


def test_the_player_takes_one_face_up_scoring_card_no_longer_than_the_chain():
    """"The player takes exactly one face-up scoring card whose length is at most the chain's.\""""
    state = table(["7Su 7Mo 8Mo", "5Le"], scoring_up="5/20 5/20 7/40", scoring_stock="9/70")
    assert "cannot claim" in refused(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "7/40"))
    assert "not face up" in refused(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "6/30"))
    offered = {a.scoring for a in RULES.legal_actions(state) if type(a) is LayChain}
    assert offered == {ScoringCard(5, 20)}
    state, _ = RULES.apply(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))
    assert state.claimed[0] == scores("5/20") and sorted(state.scoring_up, key=str) == scores("5/20 7/40 9/70")


def test_the_table_suggests_the_best_scoring_card():
    """"(the table suggests the best)": the chain worth most, and the card it should take."""
    chain, scoring = best_chain(cards("7Su 7Mo 8Mo 9Mo"), cards("1Su 2Mo"), scores("5/20 6/30 9/70"))
    assert scoring == ScoringCard(6, 30) and chain.length == 6


def test_all_the_chains_cards_leave_play_and_two_anchors_and_a_scoring_card_are_dealt():
    """"All the chain's cards, anchors included, leave play. Deal two new Anchors from the Stock
    and one new face-up scoring card from the scoring deck.\""""
    state = table(["7Su 7Mo 8Mo 15Le", "5Le"], draw_pile="9Le 10Le 11Le", scoring_stock="8/55 12/150")
    state, events = RULES.apply(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))
    assert events[:3] == [ChainLaid(0, tuple(cards("1Su 7Su 7Mo 8Mo 2Mo")), ScoringCard(5, 20)),
                          AnchorsDealt(tuple(cards("9Le 10Le"))), ScoringDealt(ScoringCard(8, 55))]
    assert state.hands[0] == cards("15Le") and state.anchors == cards("3St 4He 9Le 10Le")
    assert state.laid == cards("1Su 7Su 7Mo 8Mo 2Mo") and state.draw_pile == cards("11Le")


def test_as_many_as_remain():
    """"(as many as remain)": one anchor from a stock of one; no scoring card from an empty deck."""
    state = table(["7Su 7Mo 8Mo", "5Le"], draw_pile="9Le", scoring_stock="")
    state, events = RULES.apply(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))
    assert AnchorsDealt((card("9Le"),)) in events and ScoringDealt(None) in events
    assert len(state.scoring_up) == 2


def test_no_chain_can_be_laid_when_no_scoring_card_is_face_up():
    state = table(["7Su 7Mo 8Mo", "5Le"], scoring_up="", scoring_stock="")
    assert all(type(a) is Discard for a in RULES.legal_actions(state))
    assert "no scoring card" in refused(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))


def test_laying_a_chain_is_never_forced_and_otherwise_one_card_is_discarded_face_up():
    """"Laying a chain is never forced. A player who lays no chain discards one card face up.\""""
    state = table(["7Su 7Mo 8Mo", "5Le"])
    legal = RULES.legal_actions(state)
    assert any(type(a) is LayChain for a in legal)
    assert set(cards("7Su 7Mo 8Mo")) == {a.card for a in legal if type(a) is Discard}
    state, events = RULES.apply(state, Discard(card("8Mo")))
    assert events == [Discarded(0, card("8Mo"))] and state.discard[-1] == card("8Mo")
    assert state.current == 1 and state.draws_left == 2
    assert "not in your hand" in refused(table(["7Su", "5Le"]), Discard(card("8Mo")))


def test_every_pair_of_anchors_and_length_is_offered_and_any_chain_is_accepted():
    """The listed chains: one per pair of anchors and length, each with every scoring card it may
    take; any other chain of the hand is legal too (the table lets a player pick the cards)."""
    state = table(["7Su 7Mo 8Mo 9Su", "5Le"], scoring_up="4/10 5/20 7/40")
    lays = [(frozenset((a.start, a.end)), a.length, a.scoring) for a in RULES.legal_actions(state)
            if type(a) is LayChain]
    assert len(lays) == len(set(lays))
    assert (frozenset(cards("1Su 2Mo")), 4, ScoringCard(4, 10)) in lays
    assert (frozenset(cards("1Su 2Mo")), 5, ScoringCard(5, 20)) in lays
    assert (frozenset(cards("1Su 2Mo")), 6, ScoringCard(5, 20)) in lays
    assert RULES.is_legal(state, lay("1Su", "9Su 7Su 7Mo", "2Mo", "5/20"))
    assert RULES.is_legal(state, lay("1Su", "7Su 9Su", "2Mo", "4/10")) is False
    assert RULES.is_legal(state, lay("1Su", "9Su 7Su 7Mo 8Mo", "2Mo", "4/10"))


# ---------------------------------------------------------------- the end


def test_the_game_ends_at_the_end_of_the_turn_in_which_the_stock_becomes_empty():
    """"The game ends at the end of the turn in which the Stock becomes empty.\""""
    state = table(["5Mo 6Mo", "5Le"], draw_pile="9Le", discard="12Di", draws_left=2)
    state, _ = RULES.apply(state, Draw("stock"))
    assert RULES.to_move(state) == 0  # the turn goes on: the second draw, then a discard
    state, _ = RULES.apply(state, Draw("discard"))
    state, events = RULES.apply(state, Discard(card("9Le")))
    assert RULES.to_move(state) is None and type(events[-1]) is GameEnded


def test_a_chain_that_takes_the_last_anchors_from_the_stock_ends_the_game():
    state = table(["7Su 7Mo 8Mo", "5Le"], draw_pile="9Le 10Le")
    state, events = RULES.apply(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))
    assert state.winners == (0,) and events[-1] == GameEnded((0,), (20, 0))


def test_hands_and_table_cards_score_nothing():
    """"Hands and table cards score nothing.\""""
    state = finished(["5/20", ""])
    state.hands = [cards("1Su"), cards("1Mo 2Mo 3Mo 4Mo 5Mo 6Mo 7Mo")]
    assert RULES.outcome(state).scores == (20.0, 0.0)


# ---------------------------------------------------------------- winning


def test_high_score_wins():
    """"Add the points on each player's scoring cards; high score wins.\""""
    outcome = RULES.outcome(finished(["5/20 6/30", "8/55", "7/40"]))
    assert outcome.scores == (50.0, 55.0, 40.0) and outcome.winners == (1,)


def test_ties_compare_the_highest_scoring_card_then_the_second():
    """"Ties: compare highest scoring card, then second highest, and so on.\""""
    assert RULES.outcome(finished(["5/20 8/55", "7/40 6/35"])).winners == (0,)
    assert RULES.outcome(finished(["5/20 6/30 9/70", "5/20 7/40 9/70"])).winners == (1,)


def test_still_tied_is_a_shared_win():
    """"... still tied: shared win.\""""
    assert RULES.outcome(finished(["5/20 6/30", "6/30 5/20", "5/20"])).winners == (0, 1)
    assert RULES.outcome(finished(["", ""])).winners == (0, 1)


# ---------------------------------------------------------------- match play


def test_the_match_target_is_any_agreed_score_from_100_to_5000_default_500():
    """"Default 500; any agreed score, as the rulebook says: the setup takes any target from 100 to
    5,000.\" Anything else is refused with the range in the message, and nothing is dealt."""
    assert RULES.normalize_config({"players": 2})["target"] == 500
    for target in (100, 350, 999, 5000):
        assert RULES.setup({"players": 2, "match": True, "target": target}, 1).target == target
    for target in (99, 0, -350, 5001, 10**9, "350", 350.0, True, None):
        with pytest.raises(ValueError, match="Match target must be a whole number from 100 to 5,000"):
            RULES.setup({"players": 2, "match": True, "target": target}, 1)


def test_a_match_to_350_ends_with_the_game_that_takes_someone_to_it():
    """"Play games until a game ends with someone at or above the target": at 350, a game that
    leaves the leader at 345 goes on; one that takes them to exactly 350 ends the match."""
    config = RULES.normalize_config({"players": 3, "match": True, "target": 350})
    short = finished(["8/55", "5/20", ""], match=True, target=350, match_scores=[190, 100, 0])
    assert RULES.match_totals(short) == (345, 170, 0) and RULES.match_winners(short) == ()
    assert RULES.next_game_config(config, short)["match_scores"] == [345, 170, 0]
    reached = finished(["8/55", "5/20", ""], match=True, target=350, match_scores=[195, 100, 0])
    assert RULES.match_totals(reached) == (350, 170, 0) and RULES.match_winners(reached) == (0,)


def test_a_match_to_350_played_out_by_the_computers_stops_at_the_target():
    """A whole match to 350 through the session: every game before the last leaves everyone
    short of 350 (or tied at the top); the last takes its winner to 350 or more."""
    seats = [{"name": name, "kind": "computer", "difficulty": "easy"} for name in ("A", "B", "C")]
    session = Session("linx", {"seats": seats, "rules": {"match": True, "target": 350}}, 5)
    games = []
    while True:
        while not session.game_over:
            session.apply(session.computer_action())
        totals = session.rules.match_totals(session.state)
        games.append(totals)
        if session.session_over:
            break
        assert max(totals) < 350 or totals.count(max(totals)) > 1
        session.next_game()
    winner = session.rules.match_winners(session.state)
    assert len(winner) == 1 and games[-1][winner[0]] >= 350 and sum(session.wins) == 1
    assert len(games) >= 2, "this match goes on past its first game"


def test_a_save_with_a_match_target_of_the_old_fixed_choices_still_loads():
    """Saves made when the target was one of 300, 500, 750 or 1000 load and play on."""
    text = (Path(__file__).parent / "saves" / "linx_match_to_750.json").read_text()
    session = Session.loads(text)
    assert session.view(None).target == 750 and len(session.log) == 12
    session.apply(session.legal_actions()[0])
    assert Session.loads(session.dumps()).view(0) == session.view(0)


def test_match_bonuses_by_player_count():
    """"winner +100; with 3+ players second +50; with 4+ players third +25.\""""
    two = [scores("8/55"), scores("5/20")]
    assert bonuses(two, (0, 1)) == {0: 100, 1: 0}
    three = [scores("8/55"), scores("5/20"), scores("6/30")]
    assert bonuses(three, (0, 1, 2)) == {0: 100, 2: 50, 1: 0}
    four = three + [scores("")]
    assert bonuses(four, (0, 1, 2, 3)) == {0: 100, 2: 50, 1: 25, 3: 0}


def test_tied_players_all_get_the_higher_bonus():
    """"tied players all get the higher bonus.\""""
    claimed = [scores("6/30"), scores("6/30"), scores("5/20"), scores("")]
    assert places(claimed, (0, 1, 2, 3)) == {0: 1, 1: 1, 2: 3, 3: 4}
    assert bonuses(claimed, (0, 1, 2, 3)) == {0: 100, 1: 100, 2: 25, 3: 0}
    claimed = [scores("8/55"), scores("5/20"), scores("5/20")]
    assert bonuses(claimed, (0, 1, 2)) == {0: 100, 1: 50, 2: 50}


def test_places_count_as_in_sport_two_tied_first_then_the_next_is_third():
    """"Places count as in sport: two players tied first both take the first bonus and the next
    player is third (so with three players nobody gets the 50).\""""
    three = [scores("6/30"), scores("5/20"), scores("6/30")]
    assert places(three, (0, 1, 2)) == {0: 1, 2: 1, 1: 3}
    assert bonuses(three, (0, 1, 2)) == {0: 100, 2: 100, 1: 0}
    six = three + [scores("5/20"), scores(""), scores("")]
    assert places(six, range(6)) == {0: 1, 2: 1, 1: 3, 3: 3, 4: 5, 5: 5}
    assert bonuses(six, range(6)) == {0: 100, 2: 100, 1: 25, 3: 25, 4: 0, 5: 0}


def test_match_play_carries_scores_until_someone_reaches_the_target():
    """"Play games until a game ends with someone at or above the target (default 500). Match
    score = game points plus bonuses.\""""
    assert RULES.normalize_config({"players": 2})["target"] == 500
    state = finished(["8/55", "5/20"], match=True, match_scores=[300, 200])
    assert RULES.match_totals(state) == (455, 220)
    assert RULES.match_winners(state) == () and RULES.session_winners(state) == ()
    config = RULES.next_game_config(RULES.normalize_config({"players": 2, "match": True}), state)
    assert config["match_scores"] == [455, 220] and not config.get("tiebreak")
    assert RULES.setup(config, 1).match_scores == (455, 220)
    state = finished(["8/55", "5/20"], match=True, match_scores=[400, 200])
    assert RULES.match_winners(state) == (0,)
    fresh = RULES.normalize_config(RULES.next_game_config(RULES.normalize_config({"players": 2, "match": True}), state))
    assert fresh["match_scores"] == [0, 0] and fresh["seats_in"] == [0, 1]


def test_a_tied_match_is_settled_by_another_game_among_the_tied_players_only():
    """"A tied match is settled by another game among the tied players only.\""""
    state = finished(["8/55", "", "5/20 6/30"], match=True, match_scores=[400, 100, 455])
    assert RULES.match_totals(state) == (555, 100, 555)
    assert RULES.match_winners(state) == ()
    config = RULES.next_game_config(RULES.normalize_config({"players": 3, "match": True}), state)
    assert config["seats_in"] == [0, 2] and config["tiebreak"]
    replay = RULES.setup(config, 4)
    assert replay.hands[1] == [] and len(replay.hands[0]) == len(replay.hands[2]) == 10
    seen = set()
    while RULES.to_move(replay) is not None:
        seen.add(RULES.to_move(replay))
        RULES.advance(replay, RULES.playout_action(replay, Rng(1).random))
    assert seen <= {0, 2}
    assert RULES.match_totals(replay) == (555, 100, 555)
    winners = RULES.outcome(replay).winners
    assert RULES.match_winners(replay) == (winners if len(winners) == 1 else ())


def test_a_tie_break_game_that_ties_again_is_played_again_by_those_still_tied():
    """The tied players only: a tie-break game among three that two of them share goes on with
    those two alone, the match scores untouched."""
    state = finished(["6/30", "6/30", "5/20", ""], match=True, match_scores=[500, 500, 500, 120],
                     seats_in=(0, 1, 2), tiebreak=True)
    assert RULES.match_winners(state) == () and RULES.match_totals(state) == (500, 500, 500, 120)
    config = RULES.next_game_config(RULES.normalize_config({"players": 4, "match": True}), state)
    assert config["seats_in"] == [0, 1] and config["tiebreak"] and config["match_scores"] == [500, 500, 500, 120]
    again = RULES.setup(config, 2)
    assert [len(hand) for hand in again.hands] == [10, 10, 0, 0]
    settled = finished(["6/30", "8/55", "", ""], match=True, match_scores=[500, 500, 500, 120],
                       seats_in=(0, 1), tiebreak=True)
    assert RULES.match_winners(settled) == (1,)


def test_a_session_counts_a_match_not_each_game():
    """The session's games-to-win tally counts won matches in match play."""
    config = {"seats": [{"name": "A", "kind": "computer"}, {"name": "B", "kind": "computer"}],
              "rules": {"match": True, "target": 1000}}
    session = Session("linx", config, 3)
    games = 0
    while not session.session_over:
        while not session.game_over:
            session.apply(session.computer_action())
        games += 1
        if not session.session_over:
            totals = session.rules.match_totals(session.state)
            assert max(totals) < 1000 or totals.count(max(totals)) > 1 or session.state.tiebreak
            session.next_game()
    assert games >= 2 and sum(session.wins) == 1
    again = Session.loads(session.dumps())
    assert again.wins == session.wins and again.view(0) == session.view(0)


# ---------------------------------------------------------------- what each player may see


def test_a_view_shows_the_discard_top_and_size_not_its_order():
    """"Own hand; Anchors; Discard top (and the discard pile's size, not its order); face-up
    scoring cards; everyone's claimed scoring cards; card counts of every hand and of the Stock.\""""
    state = table(["7Su 7Mo", "5Le 6Le 8Le"], discard="12Di 13Di", claimed=["5/20", ""])
    view = RULES.view(state, 0)
    assert view.hand == tuple(cards("7Su 7Mo")) and view.anchors == tuple(cards("1Su 2Mo 3St 4He"))
    assert view.discard_top == card("13Di") and view.discard_count == 2
    shown = [*view.hand, *view.anchors, view.discard_top, *view.laid, *(c for t in view.taken for c in t)]
    assert card("12Di") not in shown
    assert view.hand_counts == (2, 3) and view.draw_pile_count == 4
    assert view.scoring_up == tuple(scores("5/20 6/30 7/40")) and view.claimed[0] == (ScoringCard(5, 20),)
    assert RULES.view(state, None).hand == ()


def test_a_card_drawn_from_the_stock_is_hidden_from_the_others():
    state = table(["7Su", "5Le"], draws_left=1)
    _, events = RULES.apply(state, Draw("stock"))
    assert RULES.redact(events[0], 1) == Drew(0, "stock", None)
    assert RULES.redact(events[0], 0) == events[0]


def test_determinize_keeps_the_discards_a_seat_took_in_its_hand():
    """The discards a seat was seen to take stay known to be in its hand until played."""
    state = RULES.setup({"players": 3}, 11)
    top = state.discard[-1]
    state, _ = RULES.apply(state, Draw("discard"))
    state, _ = RULES.apply(state, Discard(state.hands[0][0]))
    assert RULES.view(state, 1).taken[0] == (top,)
    for salt in range(20):
        guess = RULES.determinize(RULES.view(state, 1), Rng(salt))
        assert top in guess.hands[0]
        assert RULES.view(guess, 1) == RULES.view(state, 1)
        assert Counter(guess.all_cards()) == Counter(full_deck())


def test_a_taken_card_is_no_longer_known_once_played():
    """"... until played": discarded again or laid in a chain, a taken card is no longer pinned to
    the hand that took it."""
    state = table(["7Su", "5Le 13Di"], taken=["", "13Di"], current=1)
    state, _ = RULES.apply(state, Discard(card("13Di")))
    assert state.taken[1] == []
    state = table(["7Su 7Mo 8Mo", "5Le"], taken=["7Mo", ""])
    state, _ = RULES.apply(state, lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"))
    assert state.taken[0] == []


def test_determinize_forgets_a_taken_card_once_it_is_discarded_and_buried():
    """A taken card discarded again and covered by the next discard is one of the unseen cards
    again: determinize deals it anywhere hidden, not always to the hand that once took it."""
    state = RULES.setup({"players": 2}, 11)
    top = state.discard[-1]
    state, _ = RULES.apply(state, Draw("discard"))
    state, _ = RULES.apply(state, Discard(top))
    state, _ = RULES.apply(state, Draw("stock"))
    state, _ = RULES.apply(state, Discard(state.hands[1][0]))
    view = RULES.view(state, 1)
    assert view.taken[0] == () and view.discard_top != top
    guesses = [RULES.determinize(view, Rng(salt)) for salt in range(30)]
    assert any(top not in guess.hands[0] for guess in guesses)
    assert all(RULES.view(guess, 1) == view for guess in guesses)


# ---------------------------------------------------------------- saves


def test_actions_holding_cards_round_trip_through_a_save():
    """LINX actions (playing cards, scoring cards, tuples of cards) survive to_json / from_json."""
    for action in (lay("1Su", "7Su 7Mo 8Mo", "2Mo", "5/20"), Discard(card("15Le")), Draw("stock")):
        data = to_json(action)
        assert from_json(data, RULES.saved_types) == action
    assert to_json(Discard(card("15Le"))) == {"type": "Discard", "card": "15Le"}
    with pytest.raises(ValueError):
        from_json({"type": "Discard", "card": "99Zz"}, RULES.saved_types)


def test_a_saved_game_replays():
    config = {"seats": [{"kind": "computer"}, {"kind": "computer"}, {"kind": "human"}], "rules": {}}
    session = Session("linx", config, 9)
    for _ in range(40):
        session.apply(session.legal_actions()[-1] if session.to_move == 2 else session.computer_action())
    again = Session.loads(session.dumps())
    assert again.view(2) == session.view(2)


# ---------------------------------------------------------------- the chain finder


def brute_force_chains(hand, anchors):
    """Every chain, by trying every order of every subset of the hand between every anchor pair."""
    found = []
    for a, b in itertools.permutations(anchors, 2):
        for size in range(1, len(hand) + 1):
            for middle in itertools.permutations(hand, size):
                if is_chain(a, middle, b):
                    found.append((a, middle, b))
    return found


small_tables = st.lists(st.sampled_from(full_deck()), min_size=4, max_size=9, unique=True).flatmap(
    lambda picked: st.integers(2, min(4, len(picked) - 1)).map(lambda k: (picked[k:], picked[:k])))


# Cards of four numbers in three symbols: hands full of shared numbers and symbols, whose chains
# must pass a number or symbol twice.
dense_deck = [c for c in full_deck() if c.number <= 4 and c.symbol in ("Su", "Mo", "St")]
dense_tables = st.lists(st.sampled_from(dense_deck), min_size=4, max_size=8, unique=True).flatmap(
    lambda picked: st.integers(2, min(4, len(picked) - 1)).map(lambda k: (picked[k:], picked[:k])))


def test_a_chain_may_pass_a_symbol_twice():
    """Sun, over 1 to Moon, over 2 back to Sun, then over 3 to Star: the only way to lay all five."""
    hand, anchors = cards("1Su 1Mo 2Mo 2Su 3Su 3St"), cards("5Su 9St")
    chain = longest_chain(hand, anchors)
    assert chain.length == 8 and is_chain(chain.start, chain.cards, chain.end)


@settings(max_examples=150, deadline=None)
@given(small_tables | dense_tables)
def test_the_finder_agrees_with_brute_force(hand_and_anchors):
    """Longest chain, every lay, each exact length and the best-scoring chain, against brute force
    on random small hands."""
    hand, anchors = hand_and_anchors
    brute = brute_force_chains(hand, anchors)
    lengths = {len(m) + 2 for _, m, _ in brute}
    longest = longest_chain(hand, anchors)
    assert (longest.length if longest else None) == (max(lengths) if lengths else None)
    assert longest_length(hand, anchors) == max(lengths, default=0)
    for at_least in (4, 5, 6):
        assert longest_length(hand, anchors, at_least) == max((n for n in lengths if n >= at_least), default=0)
    if longest:
        assert is_chain(longest.start, longest.cards, longest.end)
    for length in range(3, len(hand) + 3):
        chain = chain_of_length(hand, anchors, length)
        assert (chain is not None) == (length in lengths)
        if chain:
            assert chain.length == length and is_chain(chain.start, chain.cards, chain.end)
    lays = {(frozenset((a, b)), len(m) + 2) for a, m, b in brute if len(m) >= 2}
    found = all_chains(hand, anchors, 4)
    assert {(frozenset((c.start, c.end)), c.length) for c in found} == lays
    assert len(found) == len(lays) and all(is_chain(c.start, c.cards, c.end) for c in found)
    scoring = scores("4/10 6/30 7/30")
    best = best_chain(hand, anchors, scoring)
    worth = {length: max((s.points for s in scoring if s.length <= length), default=None) for length in lengths}
    eligible = [(p, -length) for length, p in worth.items() if p is not None]
    if not eligible:
        assert best is None
    else:
        points, shortest = max(eligible)
        assert best[1].points == points and best[0].length == -shortest


def test_anchors_joined_by_two_components_offer_the_lengths_of_both():
    """Between 2 Star and 1 Star run a chain over the Star (3 Star alone) and one over the
    numbers (2 Moon, 1 Moon): lengths 3 and 4, from two separate groups of linked cards."""
    hand, anchors = cards("2Mo 4Su 1Mo 3St"), cards("2Su 2St 1St 1Su")
    between = {c.length for c in all_chains(hand, anchors) if {c.start, c.end} == set(cards("2St 1St"))}
    assert between == {3, 4}


def test_a_chain_shorter_than_asked_is_not_looked_for():
    """The playouts ask only for a chain that may be laid (the smallest scoring card's length)."""
    hand, anchors = cards("7Su 7Mo 8Mo"), cards("1Su 2Mo")
    assert longest_chain(hand, anchors, 5).length == 5
    assert longest_chain(hand, anchors, 6) is None
    assert longest_length(hand, anchors) == 5 and longest_length(hand, anchors, 6) == 0


def test_one_card_short():
    """A chain the hand is one card short of, and the card it lacks (the hint)."""
    hand, anchors = cards("7Su 9Mo"), cards("1Su 2Mo")
    short = one_card_short(hand, anchors, 5, full_deck())
    lacking = {extra for extra, _chain in short}
    assert card("7Mo") in lacking and card("9Su") in lacking
    assert all(chain.length >= 5 and extra in chain.cards for extra, chain in short)
    assert card("15Le") not in lacking


# ---------------------------------------------------------------- the rule of thumb


def test_the_rule_of_thumb_takes_a_discard_that_lengthens_its_chain():
    state = table(["7Su 7Mo 15Le 14Di 13He 12St 11St 10He 9Di 8Le", "5Le"], discard="8Mo", draws_left=1)
    ranking = LinxHeuristic(1).ranking(RULES.view(state, 0), RULES.legal_actions(state))
    assert ranking[0] == Draw("discard")


def test_the_rule_of_thumb_keeps_the_discards_it_took():
    """A card taken from the discard pile is not handed straight back, even when it links least."""
    state = table(["15Su 15St 1Mo 1He 2Mo 2He 3Mo 3He 4Mo 4He", "5Le"], anchors="9Su 10St 11Le 12Le",
                  discard="15Di", scoring_up="6/30 7/40 8/55", draws_left=1)
    view = RULES.view(state, 0)
    assert LinxHeuristic(1).ranking(view, RULES.legal_actions(state))[0] == Draw("discard")
    state, _ = RULES.apply(state, Draw("discard"))
    ranking = LinxHeuristic(1).ranking(RULES.view(state, 0), RULES.legal_actions(state))
    assert ranking[0] != Discard(card("15Di"))


def test_games_between_rule_of_thumb_players_end():
    """Deal 18 once had two rule-of-thumb players hand 15 Diamond back and forth for ever (the
    stock never ran out)."""
    state = RULES.setup({"players": 2}, 18)
    players = [LinxHeuristic(18), LinxHeuristic(19)]
    for _ in range(400):
        seat = RULES.to_move(state)
        if seat is None:
            break
        RULES.advance(state, players[seat].choose(RULES.view(state, seat), RULES.legal_actions(state)))
    assert RULES.to_move(state) is None


def test_the_rule_of_thumb_lays_the_top_card_and_discards_what_links_least():
    state = table(["7Su 7Mo 8Mo 15Le", "5Le"], scoring_up="5/20 5/20 5/20")
    ranking = LinxHeuristic(1).ranking(RULES.view(state, 0), RULES.legal_actions(state))
    assert type(ranking[0]) is LayChain and ranking[0].length == 5
    discards = [a for a in ranking if type(a) is Discard]
    assert discards[0] == Discard(card("15Le"))


def test_the_rules_sheet_picture_shows_a_chain_the_rules_accept_and_a_claim_it_may_take():
    """The sheet's picture: a chain of five between two anchors, each card linked to the next,
    taking a 5+ scoring card."""
    from game.linx.guide import EXAMPLE_CHAIN, EXAMPLE_CLAIM

    start, *middle, end = EXAMPLE_CHAIN
    assert is_chain(start, middle, end)
    state = table([" ".join(c.code for c in middle), ""], anchors=f"{start.code} {end.code} 1Su 2Su", draw_pile="9Di 10Di",
                  scoring_up=EXAMPLE_CLAIM.code)
    assert RULES.is_legal(state, LayChain(start, tuple(middle), end, EXAMPLE_CLAIM))


def test_a_trails_state_key_holds_every_vertex_of_the_deck():
    """The chain finder keys a trail's state as (cards left, vertex): the vertex's bits come from
    the deck's own size (numbers plus symbols), so a deck file with more of them still keys apart."""
    from game.linx.chains import VERTEX_BITS, VERTICES

    assert VERTICES <= 1 << VERTEX_BITS and VERTICES > 1 << (VERTEX_BITS - 1)
