"""One test per sentence of the Chains rulings (rules/chains.md) and the rulebook sentences they rest on.

Each test's name and docstring quote the sentence it checks. Positions are built directly as
`ChainsState(...)` with the `table()` helper below and driven through `RULES.legal_actions` and
`RULES.apply`, the same surface the table and the computer players use.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.cards import Card, card, cards, standard_deck
from game.chains import RULES, ChainsState, ChainsView, Draw, Pass, Play
from game.chains.rules import Drew, GameEnded, Passed, Played, Rebuilt, fits
from game.core import IllegalAction, Revealed
from game.rng import Rng


# ---------------------------------------------------------------- helpers


def table(hands, chains, draw_pile="", *, draw_rule="three", current=0, drawn=0, pending=None,
          stuck_passes=0, seed=7) -> ChainsState:
    """An exact position.

    hands:  one string of card codes per seat, e.g. ["7H 2C", "KS"].
    chains: three strings, each chain from its first card to its last (the end cards play on).
    draw_pile: card codes from the TOP of the draw pile down (the first code is the next card drawn).
    """
    return ChainsState(
        players=len(hands),
        draw_rule=draw_rule,
        hands=[cards(h) for h in hands],
        chains=[cards(c) for c in chains],
        draw_pile=list(reversed(cards(draw_pile))),
        rng=Rng(seed),
        current=current,
        drawn=drawn,
        pending=card(pending) if pending else None,
        stuck_passes=stuck_passes,
    )


def snapshot(state: ChainsState):
    """Everything in a state, as plain comparable data (to check a state was not touched)."""
    return (state.players, state.draw_rule, [list(h) for h in state.hands],
            [list(c) for c in state.chains], list(state.draw_pile), state.rng.state, state.current,
            state.drawn, state.pending, list(state.revealed), state.stuck_passes, state.winners,
            state.end_reason)


def refused(state: ChainsState, action) -> str:
    """Apply an action that must be refused; check the state is unchanged; return the reason."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    assert snapshot(state) == before, "a refused action changed the state"
    message = str(info.value)
    assert message.strip(), "a refusal must say why"
    return message


def ends(state: ChainsState) -> list[Card]:
    return [chain[-1] for chain in state.chains]


RANK_CODES = "A 2 3 4 5 6 7 8 9 T J Q K".split()


def reference_fits(a: int, b: int) -> bool:
    """Written from the ruling, independently of the engine: ace reads 1 and 14."""
    readings = {1: (1, 14)}
    return any(abs(x - y) == 1 for x in readings.get(a, (a,)) for y in readings.get(b, (b,)))


# ---------------------------------------------------------------- players and deck


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_are_accepted(players):
    """Ruling header: "2-4 players" (rulebook: "2 - 4 players")."""
    state = RULES.setup({"players": players}, 1)
    assert state.players == players
    assert len(state.hands) == players


@pytest.mark.parametrize("players", [0, 1, 5, 6, "2"])
def test_other_player_counts_are_refused(players):
    """Ruling header: "2-4 players": any other count is refused with the range in the message."""
    with pytest.raises(ValueError, match="2 to 4"):
        RULES.setup({"players": players}, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_standard_52_card_deck(players):
    """Ruling header: "one standard 52-card deck": the table holds exactly the 52 distinct cards."""
    state = RULES.setup({"players": players}, 99)
    everything = state.all_cards()
    assert len(everything) == 52
    assert Counter(everything) == Counter(standard_deck())


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", [0, 1, 2, 12345])
def test_seat_zero_is_player_one_and_plays_first(seed):
    """Setup: "Seats are ordered; seat 0 is "Player One" and plays first."
    (Rulebook: "Starting with Player One, each player places a card".)"""
    state = RULES.setup({"players": 3}, seed)
    assert RULES.to_move(state) == 0
    assert state.drawn == 0 and state.pending is None


def test_seats_then_move_in_order_and_wrap_around():
    """Setup: "Seats are ordered": after seat 0 comes seat 1, then 2, then seat 0 again."""
    state = table(["7H 2S", "QH 2D", "QC 2C"], ["6S", "KH", "KD"])
    order = []
    for _ in range(4):
        order.append(RULES.to_move(state))
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    assert order == [0, 1, 2, 0]


def test_session_keeps_the_chosen_seat_order():
    """Setup: "The setup screen lets the user pick seat order or randomise it": the engine keeps
    whatever order the setup screen hands it, and its first seat is Player One."""
    from game.session import Session

    seats = [{"name": "Cleo"}, {"name": "Abe"}, {"name": "Bea"}]
    session = Session("chains", {"seats": seats}, 5)
    assert session.names == ["Cleo", "Abe", "Bea"]
    assert session.to_move == 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [3, 4])
def test_deal_five_each_three_chain_starts_rest_is_deck(players, seed):
    """Setup: "Deal 5 cards to each player, then 3 cards face up: each starts one of the three
    chains." and "The rest is the deck, face down." (Rulebook: "deal each player five cards, then
    place three cards face-up on the table. These three cards are the starts to the three Chains.")"""
    state = RULES.setup({"players": players}, seed)
    assert [len(hand) for hand in state.hands] == [5] * players
    assert [len(chain) for chain in state.chains] == [1, 1, 1]
    assert len(state.draw_pile) == 52 - 5 * players - 3
    dealt = [c for hand in state.hands for c in hand] + [chain[0] for chain in state.chains]
    assert set(dealt).isdisjoint(state.draw_pile)


def test_the_deal_follows_the_seed():
    """Setup: the deal comes from the seed: same seed, same deal; another seed, another deal."""
    a = RULES.setup({"players": 2}, 42)
    b = RULES.setup({"players": 2}, 42)
    c = RULES.setup({"players": 2}, 43)
    assert snapshot(a) == snapshot(b)
    assert (a.hands, a.chains, a.draw_pile) != (c.hands, c.chains, c.draw_pile)


def test_deck_size_is_public_and_its_order_is_not():
    """Setup: "Its size is public; its order is not." The view has the deck's size and no deck card."""
    state = RULES.setup({"players": 2}, 8)
    for seat in (0, 1, None):
        view = RULES.view(state, seat)
        assert view.draw_pile_count == len(state.draw_pile)
        assert not any(f.name == "draw_pile" for f in dataclasses.fields(view))
        shown = set(view.hand) | {c for chain in view.chains for c in chain}
        assert shown.isdisjoint(state.draw_pile)


# ---------------------------------------------------------------- which card fits


def test_rank_values_two_to_ten_as_printed_jqk_eleven_to_thirteen_ace_one_and_fourteen():
    """Which card fits: "Ranks: 2-10 as printed, J = 11, Q = 12, K = 13, A = 1 and 14."
    (Rulebook: "Jacks are 11, Queens are 12, Kings are 13, and Aces are both 1 and 14.")
    Every ordered pair of ranks is checked against a reference written from that sentence."""
    for a in range(1, 14):
        for b in range(1, 14):
            mine = fits(card(RANK_CODES[a - 1] + "S"), card(RANK_CODES[b - 1] + "H"))
            assert mine == reference_fits(a, b), (RANK_CODES[a - 1], RANK_CODES[b - 1])


@pytest.mark.parametrize("low, high", [("9", "T"), ("T", "J"), ("J", "Q"), ("Q", "K")])
def test_court_cards_count_eleven_twelve_thirteen(low, high):
    """Which card fits: "J = 11, Q = 12, K = 13": 10-J, J-Q and Q-K are neighbours both ways."""
    assert fits(card(low + "C"), card(high + "D"))
    assert fits(card(high + "C"), card(low + "D"))


def test_fits_when_rank_differs_by_exactly_one():
    """Which card fits: "A card fits on a chain when its rank differs by exactly 1 from the chain's
    last card": on a 7 of the position, 6 and 8 are offered, 5, 7 and 9 are not."""
    state = table(["5S 6S 7S 8S 9S", "2C"], ["7H", "KD", "KC"])
    offered = {a.card.code for a in RULES.legal_actions(state)}
    assert offered == {"6S", "8S"}


def test_rulebook_a_six_takes_only_a_five_or_a_seven():
    """Rulebook: "for example, a 6 can only have a 5 or 7 placed on it."""
    on_six = {r for r in RANK_CODES if fits(card(r + "S"), card("6H"))}
    assert on_six == {"5", "7"}


def test_ace_high_ace_on_king():
    """Which card fits: "on a K a Q or an A" (ace read as 14): A plays on K."""
    state = table(["AS 5D", "2C"], ["KH", "8D", "8C"])
    assert RULES.legal_actions(state) == [Play(card("AS"), 0)]
    after, events = RULES.apply(state, Play(card("AS"), 0))
    assert after.chains[0] == cards("KH AS")
    assert events[0] == Played(0, card("AS"), 0, False)


def test_ace_high_king_on_ace():
    """Which card fits: "on an A you may play a 2 or a K": K plays on A (ace read as 14)."""
    state = table(["KS 5D", "2C"], ["AH", "8D", "8C"])
    assert RULES.legal_actions(state) == [Play(card("KS"), 0)]


def test_queen_on_king_and_king_on_queen():
    """Which card fits: "on a K a Q or an A": Q plays on K; K on Q likewise."""
    state = table(["QS 5D", "2C"], ["KH", "8D", "8C"])
    assert RULES.legal_actions(state) == [Play(card("QS"), 0)]
    state = table(["KS 5D", "2C"], ["QH", "8D", "8C"])
    assert RULES.legal_actions(state) == [Play(card("KS"), 0)]


def test_ace_low_ace_on_two():
    """Which card fits: "on a 2 an A or a 3": A plays on 2 (ace read as 1)."""
    state = table(["AS 5D", "2C"], ["2H", "8D", "8C"])
    assert RULES.legal_actions(state) == [Play(card("AS"), 0)]


def test_ace_low_two_on_ace():
    """Which card fits: "on an A you may play a 2 or a K": 2 plays on A (ace read as 1)."""
    state = table(["2S 5D", "2C"], ["AH", "8D", "8C"])
    assert RULES.legal_actions(state) == [Play(card("2S"), 0)]


def test_ace_fits_nothing_else():
    """Which card fits: on an A only a 2 or a K; an ace offers nothing to a 3 or a Q."""
    state = table(["3S QS AD", "2C"], ["AH", "8D", "8C"], draw_pile="2H")
    assert RULES.legal_actions(state) == [Draw()]


def test_suits_never_matter():
    """Which card fits: "Suits never matter." Every suit of a neighbouring rank fits, on any suit."""
    for end_suit in "SHDC":
        state = table(["8S 8H 8D 8C", "2C"], ["7" + end_suit, "KD", "KC"])
        assert {a.card for a in RULES.legal_actions(state)} == set(cards("8S 8H 8D 8C"))
    for a in standard_deck():
        for b in standard_deck():
            assert fits(a, b) == fits(Card(a.rank, "S"), Card(b.rank, "S"))


def test_no_double_placement_same_rank_never_fits_on_itself():
    """Which card fits: "The same rank never fits on itself ("no double placement")."
    (Rulebook: "No double placement of cards is allowed".) The refusal names the rule."""
    state = table(["7S 2D", "2C"], ["7H", "KD", "KC"])
    assert Play(card("7S"), 0) not in RULES.legal_actions(state)
    message = refused(state, Play(card("7S"), 0))
    assert "double placement" in message
    for c in standard_deck():
        assert not fits(c, c)


def test_a_card_that_does_not_fit_is_refused_with_the_reason():
    """Which card fits: a card two ranks away does not fit, and the refusal says it must be one
    rank higher or lower."""
    state = table(["9S 2D", "2C"], ["7H", "KD", "KC"])
    message = refused(state, Play(card("9S"), 0))
    assert "does not fit" in message and "one rank higher or lower" in message


def test_a_card_not_in_hand_is_refused():
    """A turn: the player plays a card "in hand": a card from elsewhere is refused."""
    state = table(["2D 8D", "8S"], ["7H", "KD", "KC"])
    assert "not in your hand" in refused(state, Play(card("8S"), 0))


def test_there_are_three_chains_only():
    """Setup: "3 cards face up: each starts one of the three chains": no chain 4 or chain 0."""
    state = table(["8D 2D", "2C"], ["7H", "KD", "KC"])
    assert "no chain 4" in refused(state, Play(card("8D"), 3))
    assert "no chain" in refused(state, Play(card("8D"), -1))


# ---------------------------------------------------------------- a turn: must play


def test_must_play_when_a_card_fits_draw_is_refused():
    """A turn, 1: "If any card in hand fits on any chain, the player must play exactly one such
    card ... (playing is not optional, drawing is only for a player who cannot play.)" """
    state = table(["8D 2D", "2C"], ["7H", "KD", "KC"], draw_pile="3S 4S")
    assert Draw() not in RULES.legal_actions(state)
    message = refused(state, Draw())
    assert "must play" in message and "fits" in message


def test_must_play_when_a_card_fits_pass_is_refused():
    """A turn, 1: "the player must play exactly one such card": passing is refused too."""
    state = table(["8D 2D", "2C"], ["7H", "KD", "KC"], draw_pile="3S 4S")
    assert Pass() not in RULES.legal_actions(state)
    message = refused(state, Pass())
    assert "must play" in message


def test_legal_actions_are_exactly_the_fitting_plays():
    """A turn, 1: "the player must play exactly one such card, onto a chain of their choice": the
    choices are every (fitting card, chain it fits) pair and nothing else."""
    state = table(["8D 2D 3C QS", "2C"], ["7H", "KD", "4C"])
    assert set(RULES.legal_actions(state)) == {
        Play(card("8D"), 0), Play(card("QS"), 1), Play(card("3C"), 2)}


def test_choice_of_chain_when_a_card_fits_several():
    """A turn, 1: "onto a chain of their choice": a card that fits two chains may go on either."""
    state = table(["8D 2D", "2C"], ["7H", "KD", "9C"])
    assert set(RULES.legal_actions(state)) == {Play(card("8D"), 0), Play(card("8D"), 2)}
    left, _ = RULES.apply(state, Play(card("8D"), 0))
    right, _ = RULES.apply(state, Play(card("8D"), 2))
    assert left.chains == [cards("7H 8D"), cards("KD"), cards("9C")]
    assert right.chains == [cards("7H"), cards("KD"), cards("9C 8D")]


def test_exactly_one_card_and_the_turn_ends():
    """A turn, 1: "play exactly one such card ... and the turn ends": after one play the next seat
    moves even though the player holds another card that now fits."""
    state = table(["8D 9D 2D", "2C 5S"], ["7H", "KD", "KC"])
    after, events = RULES.apply(state, Play(card("8D"), 0))
    assert events == [Played(0, card("8D"), 0, False)]
    assert after.hands[0] == cards("9D 2D")
    assert RULES.to_move(after) == 1
    assert "9D" not in {a.card.code for a in RULES.legal_actions(after) if isinstance(a, Play)}


def test_apply_leaves_the_given_state_untouched():
    """Core: "`apply` validates and never touches the state it is given" (even a legal move)."""
    state = table(["8D 2D", "2C"], ["7H", "KD", "KC"], draw_pile="3S")
    before = snapshot(state)
    after, _ = RULES.apply(state, Play(card("8D"), 0))
    assert snapshot(state) == before
    assert after is not state and after.chains[0] == cards("7H 8D")
    drawing = table(["2D", "2C"], ["7H", "KD", "KC"], draw_pile="3S")
    before = snapshot(drawing)
    RULES.apply(drawing, Draw())
    assert snapshot(drawing) == before


# ---------------------------------------------------------------- a turn: drawing


def test_cannot_play_means_draw():
    """A turn, 2: "Otherwise the player draws": with nothing that fits, Draw is the only move and
    passing before drawing is refused."""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="3S 4C 5C")
    assert RULES.legal_actions(state) == [Draw()]
    assert "draw" in refused(state, Pass())


def test_default_draw_rule_is_up_to_three():
    """A turn, 2: "by the table's draw rule (chosen at setup, default first)": the first listed
    rule, up to three, is the default; the others are chosen at setup; an unknown one is refused."""
    assert RULES.setup({"players": 2}, 1).draw_rule == "three"
    assert RULES.setup({"players": 2, "draw_rule": "one"}, 1).draw_rule == "one"
    assert RULES.setup({"players": 2, "draw_rule": "until"}, 1).draw_rule == "until"
    with pytest.raises(ValueError, match="Draw rule"):
        RULES.setup({"players": 2, "draw_rule": "seven"}, 1)


def test_draw_one_card_at_a_time():
    """Up to three: "draw one card at a time": each Draw takes exactly the top card."""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="3S 4C 5C")
    state, events = RULES.apply(state, Draw())
    assert events == [Drew(0, card("3S"), False)]
    assert state.hands[0] == cards("2D 4S 3S")
    assert len(state.draw_pile) == 2 and state.drawn == 1
    assert RULES.to_move(state) == 0


def test_three_stops_at_the_first_fitting_card_and_it_must_be_played():
    """Up to three: "As soon as a drawn card fits, the player must play that card at once and the
    turn ends." (Rulebook: "The player stops drawing if a card can be played, and plays that card.")"""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="3S TC 8C 5C")
    state, _ = RULES.apply(state, Draw())          # 3S: no fit, into the hand
    state, events = RULES.apply(state, Draw())     # TC: fits, must be played
    assert events == [Drew(0, card("TC"), True)]
    assert state.pending == card("TC")
    assert card("TC") not in state.hands[0]
    assert set(RULES.legal_actions(state)) == {Play(card("TC"), i) for i in range(3)}
    assert "must play" in refused(state, Draw())   # drawing stopped
    assert "must play" in refused(state, Pass())
    state, events = RULES.apply(state, Play(card("TC"), 1))
    assert events == [Played(0, card("TC"), 1, True)]
    assert state.chains[1] == cards("9D TC")
    assert RULES.to_move(state) == 1 and state.drawn == 0 and state.pending is None
    assert [c.code for c in reversed(state.draw_pile)] == ["8C", "5C"]


def test_three_only_the_drawn_card_may_be_played():
    """Up to three: "the player must play that card": a hand card is refused, even one that fits
    after the position changed, with a reason naming the drawn card."""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="TC 5C", drawn=0)
    state, _ = RULES.apply(state, Draw())
    message = refused(state, Play(card("2D"), 0))
    assert "just drew" in message and card("TC").label in message
    # A card from the hand that would fit on the chain: still only the drawn card.
    state.hands[0].append(card("8S"))
    assert "just drew" in refused(state, Play(card("8S"), 0))


def test_three_passes_after_three_non_fitting_draws():
    """Up to three: "After three drawn cards that do not fit, the turn passes." (Rulebook:
    "that player pass the turn once three unplayable cards are drawn.")"""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="3S 4C 5C 8S")
    for expected_drawn in (1, 2, 3):
        assert RULES.legal_actions(state) == [Draw()]
        state, _ = RULES.apply(state, Draw())
        assert state.drawn == expected_drawn
    assert state.hands[0] == cards("2D 4S 3S 4C 5C")
    assert RULES.legal_actions(state) == [Pass()]
    assert "cannot draw any more" in refused(state, Draw())
    state, events = RULES.apply(state, Pass())
    assert events == [Passed(0, False)]
    assert RULES.to_move(state) == 1 and state.drawn == 0
    assert [c.code for c in state.draw_pile] == ["8S"]


def test_draw_one_variant_plays_a_fitting_card():
    """Draw one (variant 1): "draw one card; if it fits, play it"."""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="8S 3S", draw_rule="one")
    state, _ = RULES.apply(state, Draw())
    assert state.pending == card("8S")
    assert set(RULES.legal_actions(state)) == {Play(card("8S"), i) for i in range(3)}


def test_draw_one_variant_passes_otherwise():
    """Draw one (variant 1): "otherwise pass": one non-fitting card, then only Pass."""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="3S 8S", draw_rule="one")
    state, _ = RULES.apply(state, Draw())
    assert state.hands[0] == cards("2D 4S 3S")
    assert RULES.legal_actions(state) == [Pass()]
    assert "cannot draw any more" in refused(state, Draw())
    state, _ = RULES.apply(state, Pass())
    assert RULES.to_move(state) == 1


def test_draw_until_keeps_drawing_until_a_card_fits():
    """Draw until playable (variant 2): "draw until a card fits, then play it"."""
    state = table(["2D 4S", "2C"], ["9H", "9D", "9C"], draw_pile="3S 4C 5C 6C 2H 8S 3D",
                  draw_rule="until")
    for n in range(1, 6):
        assert RULES.legal_actions(state) == [Draw()]
        state, _ = RULES.apply(state, Draw())
        assert state.drawn == n and state.pending is None
    assert len(state.hands[0]) == 7
    state, events = RULES.apply(state, Draw())
    assert events == [Drew(0, card("8S"), True)]
    assert set(RULES.legal_actions(state)) == {Play(card("8S"), i) for i in range(3)}
    assert "must play" in refused(state, Pass())


def test_draw_until_rebuilds_and_keeps_drawing():
    """Draw until playable, with "Whenever a card must be drawn and the deck is empty, rebuild it
    first": the drawing goes on through a rebuilt deck."""
    state = table(["2D 4S", "2C"], ["5H 6H 7H 8H 9H", "9D", "9C"], draw_pile="3S 4C 5C 6C",
                  draw_rule="until")
    for _ in range(4):
        state, _ = RULES.apply(state, Draw())
    assert state.draw_pile == [] and RULES.legal_actions(state) == [Draw()]
    state, events = RULES.apply(state, Draw())
    assert events[0] == Rebuilt(4)
    assert RULES.legal_actions(state) in ([Draw()], [Play(events[1].card, i) for i in range(3)])


def test_drawn_card_fitting_two_chains_lets_the_player_choose():
    """A turn, 2: "When the drawn card fits more than one chain, the player chooses the chain." """
    state = table(["2D 4S", "2C"], ["9H", "7D", "KC"], draw_pile="8S")
    state, _ = RULES.apply(state, Draw())
    assert set(RULES.legal_actions(state)) == {Play(card("8S"), 0), Play(card("8S"), 1)}
    on_first, _ = RULES.apply(state, Play(card("8S"), 0))
    on_second, _ = RULES.apply(state, Play(card("8S"), 1))
    assert on_first.chains[0][-1] == card("8S") and on_first.chains[1] == cards("7D")
    assert on_second.chains[1][-1] == card("8S") and on_second.chains[0] == cards("9H")
    assert "does not fit" in refused(state, Play(card("8S"), 2))


# ---------------------------------------------------------------- winning


def test_empty_hand_wins_at_once_and_the_game_ends():
    """A turn, 3: "A player whose hand becomes empty wins at once; the game ends." (Rulebook: "The
    game ends when a player has no cards left in their hand, and that player is the game's winner.")"""
    state = table(["2C 3C", "8D", "5S 6S"], ["7H", "KD", "KC"], current=1)
    after, events = RULES.apply(state, Play(card("8D"), 0))
    assert events == [Played(1, card("8D"), 0, False), GameEnded((1,), "empty_hand")]
    assert after.winners == (1,) and after.end_reason == "empty_hand"
    assert RULES.to_move(after) is None
    assert RULES.legal_actions(after) == []
    outcome = RULES.outcome(after)
    assert outcome.winners == (1,) and outcome.scores == (0.0, 1.0, 0.0)
    assert RULES.outcome(state) is None
    assert refused(after, Pass()) == "the game is over"
    assert refused(after, Play(card("2C"), 2)) == "the game is over"


def test_a_played_drawn_card_does_not_empty_the_hand():
    """A turn, 3, with 2: a drawn card that fits is played from the draw, never added to the hand,
    so the hand keeps its size and the game goes on (one cannot win by a drawn card: a player who
    draws still holds the cards that did not fit)."""
    state = table(["2D", "5S 6S"], ["9H", "9D", "9C"], draw_pile="8S")
    state, _ = RULES.apply(state, Draw())
    assert state.hands[0] == cards("2D")
    state, events = RULES.apply(state, Play(card("8S"), 0))
    assert events == [Played(0, card("8S"), 0, True)]
    assert state.hands[0] == cards("2D")
    assert state.winners is None and RULES.to_move(state) == 1


def test_winning_check_also_covers_the_drawn_card_path():
    """A turn, 3: the empty-hand check runs after every play, the drawn-card path included (a
    position that cannot arise in play: an empty hand with a pending drawn card)."""
    state = table(["", "5S 6S"], ["9H", "9D", "9C"], pending="8S", drawn=1)
    state, events = RULES.apply(state, Play(card("8S"), 0))
    assert events[-1] == GameEnded((0,), "empty_hand")


# ---------------------------------------------------------------- the deck runs out


def test_rebuild_when_drawing_from_an_empty_deck():
    """The deck runs out: "Whenever a card must be drawn and the deck is empty, rebuild it first:
    each chain keeps only its last card (which becomes the first card of that chain), and every
    other chain card is shuffled into a new deck." (Rulebook: "the cards at the end of the three
    Chains are placed as the first of their Chains, and all other cards are shuffled into a new deck.")"""
    state = table(["2S 7S", "4D"], ["3H 4H 5H", "9C", "KD QD JD"], draw_pile="")
    before = Counter(state.all_cards())
    assert RULES.legal_actions(state) == [Draw()]
    after, events = RULES.apply(state, Draw())
    assert events[0] == Rebuilt(4)
    assert after.chains == [cards("5H"), cards("9C"), cards("JD")]
    drawn = events[1].card
    assert drawn in cards("3H 4H KD QD")
    assert set(after.draw_pile) | {drawn} == set(cards("3H 4H KD QD"))
    assert len(after.draw_pile) == 3
    assert Counter(after.all_cards()) == before       # card count preserved
    assert len(after.all_cards()) == len(state.all_cards())


def test_rebuild_shuffles_with_the_table_rng():
    """The deck runs out: "shuffled into a new deck": the new order comes from the state's seeded
    RNG (same seed, same order; the order is not simply the chains' order every time)."""
    orders = set()
    for seed in range(12):
        state = table(["2S 7S", "4D"], ["2H 3H 4H 5H", "9C", "KD QD JD"], seed=seed)
        a, _ = RULES.apply(state, Draw())
        b, _ = RULES.apply(state, Draw())
        assert a.draw_pile == b.draw_pile
        orders.add(tuple(a.draw_pile) + (a.pending,) + tuple(a.hands[0]))
    assert len(orders) > 1


def test_rebuild_yielding_nothing_means_the_turn_passes_stuck():
    """The deck runs out: "If that yields no cards (every chain is one card long), the draw fails
    and the turn passes." Only Pass is legal, and the pass is marked stuck."""
    state = table(["2S 7S", "4D 3C"], ["5H", "9C", "JD"], draw_pile="")
    assert RULES.legal_actions(state) == [Pass()]
    assert "cannot draw" in refused(state, Draw())
    after, events = RULES.apply(state, Pass())
    assert events == [Passed(0, True)]
    assert after.stuck_passes == 1 and RULES.to_move(after) == 1
    assert after.hands == state.hands and after.chains == state.chains


def test_draw_rule_three_stops_when_the_deck_cannot_be_rebuilt():
    """The deck runs out: "the draw fails and the turn passes" also part-way through three draws."""
    state = table(["2S 7S", "4D 3C"], ["5H", "9C", "JD"], draw_pile="2H")
    state, _ = RULES.apply(state, Draw())
    assert state.drawn == 1 and RULES.legal_actions(state) == [Pass()]
    state, events = RULES.apply(state, Pass())
    assert events == [Passed(0, True)]


def test_deadlock_every_player_passes_stuck_and_fewest_cards_wins():
    """Deadlock: "if every player in turn passes without playing and no card could be drawn, the
    game ends. Fewest cards in hand wins" """
    state = table(["2S 3S 4S", "2D 3D", "2C 3C 4C"], ["6H", "6D", "6C"])
    state, events = RULES.apply(state, Pass())
    assert state.winners is None
    state, events = RULES.apply(state, Pass())
    assert state.winners is None and state.stuck_passes == 2
    state, events = RULES.apply(state, Pass())
    assert events == [Passed(2, True), GameEnded((1,), "deadlock")]
    assert state.winners == (1,) and state.end_reason == "deadlock"
    assert RULES.to_move(state) is None
    assert RULES.outcome(state).winners == (1,)


def _deadlock(hands) -> tuple[int, ...]:
    state = table(hands, ["6H", "6D", "6C"])
    for _ in hands:
        state, _ = RULES.apply(state, Pass())
    return state.winners


def test_deadlock_then_lowest_hand_total_ace_counts_one():
    """Deadlock: "then the lowest hand total (A = 1, ...)": A+K (14) beats 2+K (15); were the ace
    read as 14, the other hand would win."""
    assert _deadlock(["AS KS", "2D KD"]) == (0,)
    assert _deadlock(["2D KD", "AS KS"]) == (1,)


def test_deadlock_then_lowest_hand_total_court_cards_eleven_to_thirteen():
    """Deadlock: "(A = 1, J/Q/K = 11/12/13)": 10 beats J, J beats Q, Q beats K."""
    assert _deadlock(["JS", "TD"]) == (1,)
    assert _deadlock(["JS", "QD"]) == (0,)
    assert _deadlock(["KS", "QD"]) == (1,)
    assert _deadlock(["KS 2S", "JD 2D"]) == (1,)     # 15 against 13
    assert _deadlock(["QS AS", "KD AD"]) == (0,)     # 13 against 14


def test_the_results_show_the_hand_totals_the_deadlock_compares():
    """Deadlock: the lowest hand total (A = 1, J/Q/K = 11/12/13) is what the view offers the
    results, once the game is over, and nothing before."""
    state = table(["AS KS", "2D QD"], ["6H", "6D", "6C"])
    assert RULES.view(state, 0).final_totals is None
    for _ in range(2):
        state, _ = RULES.apply(state, Pass())
    assert RULES.view(state, None).final_totals == (14, 14)


def test_deadlock_ties_share_the_win():
    """Deadlock: "players still tied share the win." """
    assert _deadlock(["KS 2S", "JD 4D", "QC 3C"]) == (0, 1, 2)
    assert _deadlock(["KS 2S", "JD 4D", "QC 4C"]) == (0, 1)
    state = table(["KS 2S", "JD 4D"], ["6H", "6D", "6C"])
    state, _ = RULES.apply(state, Pass())
    state, events = RULES.apply(state, Pass())
    assert events[-1] == GameEnded((0, 1), "deadlock")
    assert RULES.outcome(state).scores == (1.0, 1.0)


def test_deadlock_needs_every_player_in_turn():
    """Deadlock: "every player in turn passes": with three players, two stuck passes do not end it."""
    state = table(["2S", "2D", "2C"], ["6H", "6D", "6C"])
    for seat in range(2):
        state, _ = RULES.apply(state, Pass())
        assert state.winners is None and state.stuck_passes == seat + 1
    state, _ = RULES.apply(state, Pass())
    assert state.winners == (0, 1, 2)


def test_a_play_resets_the_deadlock_count():
    """Deadlock: "passes without playing": a play between stuck passes starts the count again."""
    state = table(["2S 3S", "5D 2D"], ["6H", "6D", "6C"])
    state, _ = RULES.apply(state, Pass())               # seat 0 cannot play or draw
    assert state.stuck_passes == 1
    state, _ = RULES.apply(state, Play(card("5D"), 1))  # seat 1 plays instead of passing
    assert state.stuck_passes == 0 and state.winners is None
    # Had seat 1 passed stuck too, that second pass would have ended the game:
    blocked = table(["2S 3S", "9D 2D"], ["6H", "6D", "6C"], current=1, stuck_passes=1)
    blocked, events = RULES.apply(blocked, Pass())
    assert events[-1] == GameEnded((0,), "deadlock")


# ---------------------------------------------------------------- what each player may see


def _cards_in(obj) -> set[Card]:
    found = set()
    if isinstance(obj, Card):
        found.add(obj)
    elif isinstance(obj, dict):
        if set(obj) == {"rank", "suit"}:
            found.add(Card(obj["rank"], obj["suit"]))
        for value in obj.values():
            found |= _cards_in(value)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for item in obj:
            found |= _cards_in(item)
    return found


def test_view_own_hand_every_chain_and_counts():
    """What each player may see: "Own hand; every chain; the number of cards in the deck and in
    each hand." (Rulebook: "Hands are not revealed to other players.")"""
    state = table(["2S 3S", "5D 2D 9D", "2C"], ["4H 5H", "6D", "6C"], draw_pile="KS KH KD")
    view = RULES.view(state, 1)
    assert isinstance(view, ChainsView)
    assert view.seat == 1
    assert view.hand == tuple(cards("5D 2D 9D"))
    assert view.chains == (tuple(cards("4H 5H")), tuple(cards("6D")), tuple(cards("6C")))
    assert view.hand_counts == (2, 3, 1)
    assert view.draw_pile_count == 3
    shown = _cards_in(dataclasses.asdict(view))
    assert shown == set(cards("5D 2D 9D 4H 5H 6D 6C"))
    spectator = RULES.view(state, None)
    assert spectator.hand == ()
    assert _cards_in(dataclasses.asdict(spectator)) == set(cards("4H 5H 6D 6C"))


def test_a_drawn_card_that_does_not_fit_is_seen_only_by_the_drawer():
    """What each player may see: "Drawn cards are seen only by the drawer" """
    state = table(["2S 3S", "5D 2D"], ["9H", "9D", "9C"], draw_pile="4C 8C")
    after, events = RULES.apply(state, Draw())
    (drew,) = events
    assert drew == Drew(0, card("4C"), False)
    assert RULES.redact(drew, 0) == drew
    assert RULES.redact(drew, 1) == Drew(0, None, False)
    assert RULES.redact(drew, None) == Drew(0, None, False)
    assert card("4C") in RULES.view(after, 0).hand
    assert card("4C") not in _cards_in(dataclasses.asdict(RULES.view(after, 1)))
    assert RULES.view(after, 1).hand_counts == (3, 2)


def test_a_drawn_card_that_is_played_is_seen_by_everyone():
    """What each player may see: "except a drawn card that is played, which everyone sees." """
    state = table(["2S 3S", "5D 2D"], ["9H", "9D", "9C"], draw_pile="8C")
    after, (drew,) = RULES.apply(state, Draw())
    assert RULES.redact(drew, 1) == Drew(0, card("8C"), True)
    assert RULES.view(after, 1).pending == card("8C")
    final, (played,) = RULES.apply(after, Play(card("8C"), 2))
    for seat in (0, 1, None):
        assert RULES.redact(played, seat) == played
        assert RULES.view(final, seat).chains[2] == tuple(cards("9C 8C"))


def test_other_events_are_public():
    """What each player may see: plays, passes, rebuilds and the end are seen by everyone."""
    events = [Played(0, card("8C"), 1, False), Passed(1, True), Rebuilt(12),
              GameEnded((0,), "empty_hand")]
    for event in events:
        for seat in (0, 1, None):
            assert RULES.redact(event, seat) == event


# ---------------------------------------------------------------- illegal actions


@pytest.mark.parametrize("action", [
    Play(card("7S"), 0), Play(card("KS"), 0), Play(card("2D"), 1), Draw(), Pass(),
    Play(card("8D"), 5),
])
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(action):
    """Core: "apply ... rejects an illegal action with a clear error, state unchanged"."""
    state = table(["8D 7S 2D", "2C"], ["7H", "KD", "KC"], draw_pile="3S 4S")
    assert action not in RULES.legal_actions(state)
    refused(state, action)
    # The state still plays on normally.
    after, _ = RULES.apply(state, Play(card("8D"), 0))
    assert RULES.to_move(after) == 1


# ---------------------------------------------------------------- beyond one game


def _all_computer_session(games_to_win: int, seed: int, players: int = 2):
    from game.session import Session

    seats = [{"name": f"C{i}", "kind": "computer", "difficulty": "random"} for i in range(players)]
    return Session("chains", {"seats": seats, "games_to_win": games_to_win}, seed)


def _finish_game(session):
    while not session.game_over:
        session.apply(session.computer_action())


def test_session_to_n_wins_plays_on_until_a_seat_has_n_wins():
    """Beyond one game: "A session can be played to N wins": with N = 2, games follow one another
    until some seat has 2 wins, and not before."""
    session = _all_computer_session(2, 11)
    games = 0
    while True:
        _finish_game(session)
        games += 1
        if session.session_over:
            break
        assert max(session.wins) < 2
        session.next_game()
        assert session.game_number == games
    assert max(session.wins) == 2
    assert games >= 2
    with pytest.raises(IllegalAction, match="session is over"):
        session.next_game()


def test_session_default_is_one_win():
    """Beyond one game: "(default 1)": a session without games_to_win ends with its first game."""
    session = _all_computer_session(1, 3)
    assert session.config["games_to_win"] == 1
    _finish_game(session)
    assert session.session_over and sum(session.wins) >= 1
    with pytest.raises(IllegalAction, match="session is over"):
        session.next_game()


def test_the_win_counter_counts_each_games_winners():
    """Beyond one game: "The win counter is shown on the table": `wins` adds one per game won."""
    session = _all_computer_session(3, 21, players=3)
    tally = [0, 0, 0]
    while True:
        _finish_game(session)
        for seat in session.outcome().winners:
            tally[seat] += 1
        assert session.wins == tally
        if session.session_over:
            break
        session.next_game()
    assert max(tally) == 3


def test_next_game_is_refused_while_a_game_is_in_progress():
    """Beyond one game: the next game starts only when the current one is over."""
    session = _all_computer_session(2, 5)
    with pytest.raises(IllegalAction, match="not over"):
        session.next_game()
    session.apply(session.computer_action())
    with pytest.raises(IllegalAction, match="not over"):
        session.next_game()
    assert session.game_number == 0


# ---------------------------------------------------------------- the rule-of-thumb player


def test_normal_player_reads_a_draw_as_holding_nothing_that_fitted():
    """The next player drew at ends 5, 6, 9 (so held no 4, 5, 6, 7, 8 or 10). A 7 on the 6 leaves
    ends that take only those ranks: they are stuck for sure, and the rule of thumb plays it."""
    from game.chains.ai import ChainsHeuristic, stuck_chance

    state = table(["4H 7C", "2S 2D JC QD KH"], ["5S", "6D", "9H"])
    state.revealed[1] = Revealed(5, frozenset({4, 5, 6, 7, 8, 10}))
    view = RULES.view(state, 0)
    unseen = [c.rank for c in standard_deck() if c not in state.hands[0] and c not in (card("5S"), card("6D"), card("9H"))]
    assert stuck_chance([5, 7, 9], unseen, 5, view.revealed[1]) == 1.0
    assert stuck_chance([5, 7, 9], unseen, 5, Revealed()) < 0.2
    assert ChainsHeuristic(3).choose(view, RULES.legal_actions(state)) == Play(card("7C"), 1)
