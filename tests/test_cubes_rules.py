"""Cubes: one test per sentence of rules/cubes.md (named after it), then properties, helpers and the AI.

Boards are drawn as grids: rows top to bottom (y grows downward), "." an empty cell, the top-left
token at (0, 0) unless an origin is given.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.players import RandomPlayer
from game.cards import card, cards, standard_deck
from game.core import IllegalAction, Revealed, from_json, to_json
from game.cubes import RULES
from game.cubes.ai import Appraisal, CubesHeuristic, _opponent_cards, _unseen
from game.cubes.board import (completions, fits_beside, fits_somewhere, legal_cells, neighbour_matches,
                              open_cell_map, open_groups, square_cells)
from game.cubes.rules import (DRAW, PLACE, CubesState, Draw, Drew, Frontier, GameEnded, Pass, Passed, Place, Placed,
                              Scored, card_bit, placements, why_not_place)
from game.rng import Rng

NAMES = ["Ann", "Bob", "Cy", "Di"]


# ---------------------------------------------------------------- helpers


def grid(text: str, origin=(0, 0)) -> dict:
    """{(x, y): Card} from rows of card codes and dots."""
    board = {}
    rows = [row.split() for row in text.strip("\n").splitlines() if row.strip()]
    for dy, row in enumerate(rows):
        for dx, token in enumerate(row):
            if token != ".":
                board[(origin[0] + dx, origin[1] + dy)] = card(token)
    return board


def make(board, hands, draw_pile="", *, current=0, phase=PLACE, piles=None, turn=0, rest_in_draw_pile=True):
    """A state built by hand. `draw_pile` lists cards from the top (the first is drawn first); with
    `rest_in_draw_pile` every card not placed elsewhere goes beneath them, so all 52 are on the table."""
    if isinstance(board, str):
        board = grid(board)
    hands = [cards(h) for h in hands]
    players = len(hands)
    piles = [cards(p) for p in piles] if piles else [[] for _ in range(players)]
    top = cards(draw_pile)
    used = set(board.values()) | {c for h in hands for c in h} | {c for p in piles for c in p} | set(top)
    rest = [c for c in standard_deck() if c not in used] if rest_in_draw_pile else []
    return CubesState(players=players, board=dict(board), hands=hands, draw_pile=rest + top[::-1], piles=piles,
                      rng=Rng(1), current=current, phase=phase, turn=turn)


def snapshot(state: CubesState):
    return (sorted(state.board.items()), [h[:] for h in state.hands], state.draw_pile[:],
            [p[:] for p in state.piles], state.rng.state, state.current, state.phase, state.turn,
            state.drawn, state.last_draw_turn, state.revealed[:], state.winners)


def play(state, action):
    state, events = RULES.apply(state, action)
    return state, events


def random_state(players: int, seed: int, steps: int):
    """A state `steps` random actions into a seeded game (or its end)."""
    state = RULES.setup({"players": players}, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if RULES.to_move(state) is None:
            break
        RULES.advance(state, rng.choice(RULES.legal_actions(state)))
    return state


def random_game(players: int, seed: int):
    """A whole random game played through `apply`: (final state, actions, events)."""
    state = RULES.setup({"players": players}, seed)
    rng = Rng(seed + 1)
    actions, events = [], []
    while RULES.to_move(state) is not None:
        action = rng.choice(RULES.legal_actions(state))
        state, new = RULES.apply(state, action)
        actions.append(action)
        events.extend(new)
    return state, actions, events


def refused(state, action, *words):
    """Assert the action is refused with IllegalAction, the state unchanged, the reason naming `words`."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action)
    assert snapshot(state) == before
    for word in words:
        assert word in str(info.value), str(info.value)
    return str(info.value)


# ---------------------------------------------------------------- Setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_5_cards_to_each_player(players):
    state = RULES.setup({"players": players}, 7)
    assert [len(hand) for hand in state.hands] == [5] * players


def test_one_card_goes_face_up_on_the_table_the_start_of_the_board_at_cell_0_0():
    state = RULES.setup({"players": 2}, 7)
    assert list(state.board) == [(0, 0)]
    assert state.board[(0, 0)] in RULES.view(state, 1).board_dict().values()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rest_is_the_deck(players):
    state = RULES.setup({"players": players}, 7)
    assert len(state.draw_pile) == 52 - 5 * players - 1
    assert sorted(state.all_cards(), key=lambda c: c.code) == sorted(standard_deck(), key=lambda c: c.code)


def test_seat_0_plays_first():
    state = RULES.setup({"players": 3}, 7)
    assert RULES.to_move(state) == 0
    assert state.phase == DRAW


@pytest.mark.parametrize("players", [1, 5])
def test_2_to_4_players(players):
    with pytest.raises(ValueError):
        RULES.setup({"players": players}, 7)


# ---------------------------------------------------------------- The board


def test_an_unbounded_square_grid():
    far = make({(-1000, 5000): card("5H")}, ["6H", "2C"], "3S")
    state, _ = play(far, Place(card("6H"), -1001, 5000))
    assert state.board[(-1001, 5000)] == card("6H")
    assert legal_cells(state.board, card("7C")) == [(-1002, 5000), (-1001, 4999), (-1001, 5001)]


def test_each_cell_holds_at_most_one_card():
    state = make("5H", ["5D", "2C"], "3S")
    assert Place(card("5D"), 0, 0) not in RULES.legal_actions(state)
    refused(state, Place(card("5D"), 0, 0), "already holds 5♥")


def test_two_cards_are_connected_when_their_cells_share_a_side_not_a_corner():
    state = make("5H", ["5D", "2C"], "3S")
    cells = {(a.x, a.y) for a in RULES.legal_actions(state) if a.card == card("5D")}
    assert cells == {(0, -1), (0, 1), (-1, 0), (1, 0)}
    refused(state, Place(card("5D"), 1, 1), "along a side", "corner")


# ---------------------------------------------------------------- A turn


def test_draw_one_card_from_the_deck():
    state = make("5H", ["2C 3C 4C 6C 7C", "9D"], "KS QS", phase=DRAW)
    assert RULES.legal_actions(state) == [Draw()]
    refused(state, Place(card("2C"), 1, 0), "draw a card first")
    refused(state, Pass(), "draw a card first")
    after, events = play(state, Draw())
    assert events == [Drew(0, card("KS"))]
    assert after.hands[0][-1] == card("KS") and len(after.hands[0]) == 6
    assert len(after.draw_pile) == len(state.draw_pile) - 1
    assert after.phase == PLACE and RULES.to_move(after) == 0
    refused(after, Draw(), "drawn")


def test_draw_only_if_any_remain():
    """The last card is drawn in the game's last turn: no turn ever starts on an empty deck."""
    state = make("5H", ["2C", "3C"], "KS", phase=DRAW, rest_in_draw_pile=False)
    state, _ = play(state, Draw())
    assert state.draw_pile == [] and state.last_draw_turn == state.turn == 0
    state, _ = play(state, RULES.legal_actions(state)[0])
    assert RULES.to_move(state) is None and RULES.legal_actions(state) == []


def test_then_place_one_card_from_hand_the_drawn_one_or_any_other():
    state = make("5H", ["6H 2C 3C 4C 7C", "9D"], "6D", phase=DRAW)
    state, _ = play(state, Draw())
    placed = {a.card for a in RULES.legal_actions(state)}
    assert card("6D") in placed and card("6H") in placed
    by_drawn, events = play(state, Place(card("6D"), 1, 0))
    assert events == [Placed(0, card("6D"), 1, 0, (card("5H"),))] and card("6D") not in by_drawn.hands[0]
    assert events[0].text(["Ana", "Ben"]) == "Ana places 6\u2666 next to 5\u2665"
    by_other, _ = play(state, Place(card("6H"), -1, 0))
    assert card("6D") in by_other.hands[0] and card("6H") not in by_other.hands[0]
    assert len(by_other.hands[0]) == 5


def test_on_an_empty_cell_that_is_connected_to_at_least_one_card_on_the_board():
    state = make("5H", ["5D", "2C"], "3S")
    assert all(abs(a.x) + abs(a.y) == 1 for a in RULES.legal_actions(state))
    refused(state, Place(card("5D"), 3, 0), "must touch a card")


def test_compatible_with_every_card_connected_to_it():
    state = make("""
        QS .
        7C 8C
    """, ["7H", "2D"], "3S")
    # (0, 1) holds 7C; the cell (1, 0) touches QS (left) and 8C (below).
    assert Place(card("7H"), 1, 0) not in RULES.legal_actions(state)
    refused(state, Place(card("7H"), 1, 0), "7♥ does not match Q♠ to its left")
    assert Place(card("7H"), 0, 2) in RULES.legal_actions(state)  # below 7C only


def test_a_clash_is_named_with_the_neighbour():
    state = make("QS", ["7H", "2D"], "3S")
    reason = refused(state, Place(card("7H"), 0, 1))
    assert reason == "7♥ does not match Q♠ above it: not the same rank or suit, nor one rank apart"
    two = make("QS . KC", ["7H", "2D"], "3S")
    assert why_not_place(two.board, card("7H"), 1, 0) == (
        "7♥ does not match Q♠ to its left, nor K♣ to its right: not the same rank or suit, "
        "nor one rank apart")


@pytest.mark.parametrize("code, trait", [("9D", "rank"), ("2H", "suit"), ("8C", "step"),
                                         ("TS", "step"), ("5C", None), ("JD", None)])
def test_for_each_neighbour_the_same_rank_or_the_same_suit_or_a_rank_one_above_or_below(code, trait):
    state = make("9H", [code, "2D" if code != "2D" else "3D"], "3S")
    legal = Place(card(code), 1, 0) in RULES.legal_actions(state)
    assert legal == (trait is not None)
    assert neighbour_matches(state.board, card(code), 1, 0) == {(0, 0): trait}
    if trait is None:
        refused(state, Place(card(code), 1, 0), "does not match 9♥")


@pytest.mark.parametrize("here, there, ok", [("AH", "2C", True), ("KH", "QC", True),
                                             ("AH", "KC", False), ("KH", "AC", False),
                                             ("AH", "KH", True)])
def test_a_is_1_no_wrap_an_a_sits_next_to_a_2_a_k_next_to_a_q(here, there, ok):
    state = make(here, [there, "5D"], "3S")
    assert (Place(card(there), 1, 0) in RULES.legal_actions(state)) == ok


@pytest.mark.parametrize("code, traits", [("9D", ("rank", "suit")), ("4H", ("suit", "rank")),
                                          ("8D", ("step", "suit")), ("TC", ("step", None))])
def test_a_card_may_meet_different_neighbours_by_different_traits(code, traits):
    state = make("9H . 4D", [code, "2S"], "3S")
    assert neighbour_matches(state.board, card(code), 1, 0) == {(0, 0): traits[0], (2, 0): traits[1]}
    assert (Place(card(code), 1, 0) in RULES.legal_actions(state)) == (None not in traits)


def test_if_the_board_is_empty_every_card_has_been_scored_any_card_may_go_on_any_cell():
    # A cube empties the board; next turn any card starts it again, however it relates to the old cards.
    state = make("AH 2H\n3H .", ["4H KC 5D", "QD JD 7S"], "8S 9S")
    state, events = play(state, Place(card("4H"), 1, 1))
    assert state.board == {} and type(events[-1]) is Scored
    state, _ = play(state, Draw())
    hand = state.hands[1]
    assert RULES.legal_actions(state) == [Place(c, 0, 0) for c in hand]
    assert legal_cells(state.board, hand[0]) == [(0, 0)]
    reason = refused(state, Place(hand[0], 4, -7), "the board is empty")
    assert "(0, 0)" in reason
    state, _ = play(state, Place(hand[0], 0, 0))
    assert state.board == {(0, 0): hand[0]}


def test_placing_is_not_optional_a_player_who_can_place_must():
    state = make("5H", ["6H", "2C"], "3S")
    assert Pass() not in RULES.legal_actions(state)
    refused(state, Pass(), "placing is not optional")


def test_a_player_who_cannot_place_passes_and_keeps_the_drawn_card():
    state = make("KS", ["5H 7D 9C 3H 2D", "6S"], "4C 8H", phase=DRAW)
    state, _ = play(state, Draw())
    assert state.hands[0][-1] == card("4C")
    assert RULES.legal_actions(state) == [Pass()]
    refused(state, Place(card("4C"), 1, 0), "does not match K♠")
    state, events = play(state, Pass())
    assert events == [Passed(0)]
    assert card("4C") in state.hands[0] and len(state.hands[0]) == 6
    assert RULES.to_move(state) == 1 and state.phase == DRAW
    # What the pass showed is public: none of the six cards fitted the board of that moment.
    count, groups = RULES.view(state, 1).revealed[0].count, RULES.view(state, 1).revealed[0].none_of
    assert count == 6 and groups == ((card("KS"),),) == open_groups({(0, 0): card("KS")})
    assert not any(fits_somewhere(c, groups) for c in state.hands[0])


# ---------------------------------------------------------------- Cubes


def test_a_cube_is_a_2x2_square_of_filled_cells():
    state = make("""
        5H 6H
        5C .
    """, ["6C", "2D"], "3S")
    assert completions(state.board, 1, 1) == [(0, 0, 2)]
    state, events = play(state, Place(card("6C"), 1, 1))
    assert events[-1] == Scored(0, tuple(cards("5H 6H 5C 6C")), ((0, 0, 2),))
    assert state.board == {} and state.piles[0] == cards("5H 6H 5C 6C")


@pytest.mark.parametrize("board, x, y", [("5H 6H 7H", 3, 0), ("5H 6H\n. 6C", 2, 1), ("5H 6H\n. 6C", 1, 2)])
def test_a_line_or_an_l_is_not_a_cube(board, x, y):
    state = make(board, ["6D", "2S"], "3S")
    assert completions(state.board, x, y) == []
    if Place(card("6D"), x, y) in RULES.legal_actions(state):
        state, events = play(state, Place(card("6D"), x, y))
        assert not any(type(e) is Scored for e in events)


def test_a_3x3_is_completed_by_placing_its_centre_last():
    ring = """
        AH 2H 3H
        4H .  5H
        6H 7H 8H
    """
    state = make(ring, ["9H", "2C"], "3S")
    assert completions(state.board, 1, 1) == [(0, 0, 2), (1, 0, 2), (0, 1, 2), (1, 1, 2), (0, 0, 3)]
    state, events = play(state, Place(card("9H"), 1, 1))
    scored = events[-1]
    assert type(scored) is Scored and len(scored.cards) == 9
    assert (0, 0, 3) in scored.squares
    assert scored.cards == tuple(cards("AH 2H 3H 4H 9H 5H 6H 7H 8H"))  # row by row
    assert scored.cells() == square_cells((0, 0, 3))
    assert state.board == {} and sum(c.rank for c in state.piles[0]) == 45


def test_after_a_placement_every_complete_2x2_containing_the_placed_card_is_scored_union_once():
    state = make("""
        AS 2S 3S
        4S .  5S
    """, ["6S", "2C"], "3D")
    state, events = play(state, Place(card("6S"), 1, 1))
    scored = events[-1]
    assert scored.squares == ((0, 0, 2), (1, 0, 2))
    assert len(scored.cards) == len(set(scored.cards)) == 6
    assert sorted(state.piles[0], key=lambda c: c.rank) == cards("AS 2S 3S 4S 5S 6S")
    assert state.board == {}


def test_only_squares_that_contain_the_placed_card_are_scored():
    board = grid("5H 6H\n5C .")
    board.update(grid("KD KS\nKC KH", origin=(10, 10)))  # cannot arise in play; here to check the rule
    state = make(board, ["6C", "2D"], "3S")
    state, events = play(state, Place(card("6C"), 1, 1))
    assert events[-1].squares == ((0, 0, 2),)
    assert set(state.board) == {(10, 10), (11, 10), (10, 11), (11, 11)}


def test_the_cards_go_to_the_placing_players_score_pile():
    state = make("5H 6H\n5C .", ["2D", "6C 9S"], "3S", current=1)
    state, events = play(state, Place(card("6C"), 1, 1))
    assert events[-1].seat == 1 and state.piles == [[], cards("5H 6H 5C 6C")]


def test_any_other_last_cell_would_have_completed_a_2x2_earlier():
    """No complete 2x2 ever stays on the board, so a 3x3 is only ever scored through its centre."""
    for seed in range(30):
        state = RULES.setup({"players": 2 + seed % 3}, seed)
        rng = Rng(seed)
        while RULES.to_move(state) is not None:
            action = rng.choice(RULES.legal_actions(state))
            events = RULES.advance(state, action)
            for event in events:
                if type(event) is Scored:
                    for square in event.squares:
                        if square[2] == 3:
                            assert (square[0] + 1, square[1] + 1) == (action.x, action.y)
            for x, y in state.board:
                assert not all((x + dx, y + dy) in state.board for dx in (0, 1) for dy in (0, 1))


def test_the_table_makes_the_3x3_discoverable_hints():
    ring = grid("""
        AH 2H 3H
        4H .  5H
        6H 7H .
    """)
    assert completions(ring, 1, 1) == [(0, 0, 2), (1, 0, 2), (0, 1, 2)]  # 2x2s only: (2, 2) is empty
    assert completions(ring, 2, 2) == []                                  # the 3x3 needs its centre
    ring[(2, 2)] = card("8H")
    assert (0, 0, 3) in completions(ring, 1, 1)
    assert legal_cells(ring, card("9H")).count((1, 1)) == 1


def test_the_rest_of_the_board_stays_where_it_is():
    state = make("""
        2S 3H 4H 9C
        .  3D .  .
    """, ["4D", "2C"], "KS")
    rest = {cell: c for cell, c in state.board.items() if cell in ((0, 0), (3, 0))}
    state, events = play(state, Place(card("4D"), 2, 1))
    assert events[-1].squares == ((1, 0, 2),)
    assert state.board == rest


def test_gaps_may_split_it_into_separate_groups_and_can_be_filled_again_under_the_same_rules():
    state = make("""
        2S 3H 4H 9C
        .  3D .  .
    """, ["4D 9S KH", "3S 4S 5D"], "KS 2H")
    state, _ = play(state, Place(card("4D"), 2, 1))
    assert state.board == {(0, 0): card("2S"), (3, 0): card("9C")}  # two groups, a gap of two cells
    assert legal_cells(state.board, card("3S")) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    # Seat 1 refills the gap next to 2S; the last gap cell must then match both 3S and 9C.
    state, _ = play(state, Draw())
    state, _ = play(state, Place(card("3S"), 1, 0))
    state, _ = play(state, Draw())  # seat 0 draws 2H
    assert (2, 0) in legal_cells(state.board, card("9S"))
    assert (2, 0) not in legal_cells(state.board, card("2H"))
    refused(state, Place(card("2H"), 2, 0), "does not match 9♣ to its right")
    state, _ = play(state, Place(card("9S"), 2, 0))
    assert [state.board[(x, 0)] for x in range(4)] == cards("2S 3S 9S 9C")


# ---------------------------------------------------------------- End and scoring


def test_the_game_ends_at_the_end_of_the_turn_in_which_the_last_deck_card_was_drawn():
    state = make("5H", ["2C 3C 4C 7C 8C", "9D"], "6H", phase=DRAW, turn=12, rest_in_draw_pile=False)
    state, _ = play(state, Draw())
    assert state.last_draw_turn == 12 and RULES.to_move(state) == 0  # the turn is not over yet
    assert RULES.outcome(state) is None
    state, events = play(state, Place(card("6H"), 1, 0))
    assert type(events[-1]) is GameEnded
    assert RULES.to_move(state) is None and state.winners is not None and RULES.outcome(state) is not None
    assert RULES.legal_actions(state) == []
    refused(state, Draw(), "the game is over")


def test_the_game_ends_after_the_last_draw_even_when_the_player_passes():
    state = make("KS", ["2C 3C 4C 7H 8D", "9D"], "5D", phase=DRAW, rest_in_draw_pile=False)
    state, _ = play(state, Draw())
    assert RULES.legal_actions(state) == [Pass()]
    state, events = play(state, Pass())
    assert [type(e) for e in events] == [Passed, GameEnded] and RULES.to_move(state) is None


def test_the_game_goes_on_while_the_deck_has_cards():
    state = make("5H", ["6H", "3C"], "KS QS", phase=DRAW, rest_in_draw_pile=False)
    state, _ = play(state, Draw())
    state, _ = play(state, Place(card("6H"), 1, 0))
    assert RULES.to_move(state) == 1 and state.phase == DRAW and state.turn == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_deck_card_is_drawn_one_per_turn(players):
    state, actions, _ = random_game(players, 99)
    assert sum(1 for a in actions if type(a) is Draw) == 52 - 5 * players - 1
    assert state.turn == state.last_draw_turn == 52 - 5 * players - 2


def _ending(piles, hands=("4C", "2C")):
    """A state one placement from the end; seat 0 places 4C harmlessly beside 5H."""
    return make("5H", list(hands), "", piles=piles, rest_in_draw_pile=False)


def test_each_player_adds_the_ranks_in_their_score_pile_a1_j11_q12_k13():
    state, events = play(_ending(["AS JS QS KS", "2H TD"]), Place(card("4C"), 1, 0))
    assert RULES.outcome(state).scores == (37, 12)
    assert events[-1] == GameEnded((0,), (37, 12))


def test_highest_wins():
    state, _ = play(_ending(["KS QS", "AH 2H 3H 4H"]), Place(card("4C"), 1, 0))
    assert RULES.outcome(state).winners == (0,)


def test_then_most_cards_scored():
    state, _ = play(_ending(["KS", "6H 7H"]), Place(card("4C"), 1, 0))
    assert RULES.outcome(state).scores == (13, 13) and RULES.outcome(state).winners == (1,)


def test_still_tied_shared_win():
    state, events = play(_ending(["KS", "KH"]), Place(card("4C"), 1, 0))
    assert RULES.outcome(state).winners == (0, 1)
    assert events[-1].text(NAMES) == "The deck is used up: Ann and Bob share the win with 13 points"


def test_hands_score_nothing():
    state, _ = play(_ending(["4S", "4H"], hands=("4C 3C", "KC KD KH QS")), Place(card("4C"), 1, 0))
    assert RULES.outcome(state).scores == (4, 4) and RULES.outcome(state).winners == (0, 1)


# ---------------------------------------------------------------- What each player may see


def test_own_hand_the_board_every_score_pile_card_counts_of_every_hand_and_of_the_deck():
    state = make("5H 6H", ["2C 3C", "KD QD JD"], "7S", piles=["AS", "2S 3S"])
    view = RULES.view(state, 1)
    assert view.hand == tuple(cards("KD QD JD"))
    assert view.board_dict() == state.board
    assert view.piles == (tuple(cards("AS")), tuple(cards("2S 3S")))
    assert view.scores == (1, 5)
    assert view.hand_counts == (2, 3) and view.draw_pile_count == len(state.draw_pile)


def test_the_view_hides_other_hands_and_the_deck():
    state = RULES.setup({"players": 3}, 5)
    state, _ = play(state, Draw())
    for seat in range(3):
        view = RULES.view(state, seat)
        shown = set(view.hand) | set(view.board_dict().values())
        hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand} | set(state.draw_pile)
        assert not shown & hidden
        assert view.drawn == (state.drawn if seat == 0 else None)
        assert not any(f"Card({c.code})" in repr(view) for c in hidden)
    assert RULES.view(state, None).hand == ()


def test_a_drawn_card_is_hidden_from_other_seats():
    state = RULES.setup({"players": 2}, 5)
    _, events = play(state, Draw())
    assert RULES.redact(events[0], 0) == events[0]
    assert RULES.redact(events[0], 1) == Drew(0, None)
    assert RULES.redact(events[0], None) == Drew(0, None)
    assert RULES.redact(events[0], 1).text(NAMES) == "Ann draws a card"


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 90),
       viewer=st.integers(0, 3))
def test_view_of_determinize_of_a_view_is_the_view(players, seed, steps, viewer):
    state = random_state(players, seed, steps)
    seat = viewer % players
    view = RULES.view(state, seat)
    guess = RULES.determinize(view, Rng(seed))
    assert RULES.view(guess, seat) == view
    assert sorted(c.code for c in guess.all_cards()) == sorted(c.code for c in standard_deck())
    assert RULES.legal_actions(guess) == RULES.legal_actions(state) or RULES.to_move(state) != seat


def test_determinize_honours_what_a_pass_revealed():
    state = make("KS", ["5H 7D 9C 3H 2D", "KH QH 2S 3S 4S"], "4C 8S", phase=DRAW)
    state, _ = play(state, Draw())
    state, _ = play(state, Pass())
    view = RULES.view(state, 1)
    groups = view.revealed[0].none_of
    for seed in range(40):
        guess = RULES.determinize(view, Rng(seed))
        assert len(guess.hands[0]) == 6 and not any(fits_somewhere(c, groups) for c in guess.hands[0])
        assert RULES.view(guess, 1) == view
        assert RULES.legal_actions(RULES.clone(guess)) == [Draw()]


def test_determinize_honours_passes_in_a_tight_position():
    """Seat 1 passed when only KS was open, seat 2 when only 2H was. Of the unseen cards, eight
    miss KS (3C 3D AC AD 5C 6C 7D 8D) but only four of them also miss 2H (5C 6C 7D 8D): seat 2
    must hold exactly those and seat 1 the other four. A quick random deal rarely finds that
    (1 in 70); every determinization must."""
    seat1, seat2, draw_pile = cards("3C 3D AC AD"), cards("5C 6C 7D 8D"), cards("2S 3S AS KH")
    board = {(0, 0): card("KS"), (4, 0): card("2H")}
    own = cards("9H")
    shown = set(seat1 + seat2 + draw_pile + own) | set(board.values())
    pile = [c for c in standard_deck() if c not in shown]
    marks = [Revealed(), Revealed(4, ((card("KS"),),)), Revealed(4, ((card("2H"),),))]
    state = CubesState(players=3, board=board, hands=[own, seat1[:], seat2[:]], draw_pile=draw_pile,
                       piles=[pile, [], []], rng=Rng(1), current=0, phase=DRAW, turn=20, revealed=marks)
    view = RULES.view(state, 0)
    for salt in range(40):
        guess = RULES.determinize(view, Rng(salt))
        assert RULES.view(guess, 0) == view
        assert sorted(c.code for c in guess.hands[1]) == sorted(c.code for c in seat1)
        assert sorted(c.code for c in guess.hands[2]) == sorted(c.code for c in seat2)


def test_every_hand_is_shown_once_the_game_is_over():
    state, _, _ = random_game(3, 8)
    for seat in (0, 1, 2, None):
        view = RULES.view(state, seat)
        assert view.final_hands == tuple(tuple(h) for h in state.hands)
        assert snapshot(RULES.determinize(view, Rng(3)))[:4] == snapshot(state)[:4]
    assert RULES.view(random_state(3, 8, 10), 0).final_hands is None


def test_a_pass_keeps_its_mark_until_those_cards_may_have_been_placed():
    state = make("KS", ["5H 7D 9C 3H 2D", "KH QH 2S 3S 4S"], "4C 8S 6S", phase=DRAW)
    state, _ = play(state, Draw())
    state, _ = play(state, Pass())
    state, _ = play(state, Draw())                     # seat 1 draws 8S
    state, _ = play(state, Place(card("QH"), 1, 0))
    state, _ = play(state, Draw())                     # seat 0 draws 6S
    assert state.revealed[0].count == 6
    kept, _ = play(state, Place(card("6S"), 0, 1))  # 6S fitted the old board: the six are still held
    assert kept.revealed[0].count == 6 and RULES.view(kept, 1).revealed[0].count == 6
    spent, _ = play(state, Place(card("5H"), 2, 0))  # 5H was one that did not fit: one fewer is known
    assert spent.revealed[0].count == 5


# ---------------------------------------------------------------- Refusals


@pytest.mark.parametrize("action, words", [
    (Place(card("5D"), 0, 0), ["already holds"]),
    (Place(card("5D"), 5, 5), ["must touch"]),
    (Place(card("2C"), 1, 0), ["does not match 5♥ to its left"]),
    (Place(card("AS"), 1, 0), ["not in your hand"]),
    (Pass(), ["not optional"]),
    (Draw(), ["drawn"]),
    (Place(card("5D"), 1, "0"), ["whole number"]),
    ("play", ["not a move"]),
])
def test_illegal_actions_are_refused_and_the_state_is_unchanged(action, words):
    state = make("5H", ["5D 2C", "9S"], "3S")
    refused(state, action, *words)


def test_apply_never_touches_the_state_it_is_given():
    state = RULES.setup({"players": 2}, 3)
    before = snapshot(state)
    after, _ = play(state, Draw())
    assert snapshot(state) == before and snapshot(after) != before


# ---------------------------------------------------------------- Properties over random games


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_cards_are_conserved_in_random_games(players, seed):
    state = RULES.setup({"players": players}, seed)
    rng = Rng(seed)
    while RULES.to_move(state) is not None:
        RULES.advance(state, rng.choice(RULES.legal_actions(state)))
        found = state.all_cards()
        assert len(found) == 52 and len(set(found)) == 52
    assert len(state.draw_pile) == 0 and RULES.outcome(state) is not None


def test_the_same_seed_gives_the_same_game():
    one = random_game(3, 2024)
    two = random_game(3, 2024)
    assert one[1] == two[1] and one[2] == two[2] and snapshot(one[0]) == snapshot(two[0])
    assert random_game(3, 2025)[1] != one[1]
    assert snapshot(RULES.setup({"players": 3}, 8)) == snapshot(RULES.setup({"players": 3}, 8))


def test_a_game_replays_from_its_json_log():
    final, actions, events = random_game(2, 11)
    log = [to_json(a) for a in actions]
    state = RULES.setup({"players": 2}, 11)
    replayed = []
    for item in log:
        state, new = RULES.apply(state, from_json(item, RULES.action_types))
        replayed.extend(new)
    assert snapshot(state) == snapshot(final) and replayed == events
    assert to_json(Place(card("TH"), -2, 3)) == {"type": "Place", "card": "TH", "x": -2, "y": 3}


def test_clone_is_independent():
    state = random_state(3, 4, 20)
    copy = RULES.clone(state)
    before = snapshot(state)
    while RULES.to_move(copy) is not None:
        RULES.advance(copy, RULES.legal_actions(copy)[-1])
    assert snapshot(state) == before


def test_every_event_and_action_reads_as_text():
    _, actions, events = random_game(4, 5)
    texts = [e.text(NAMES) for e in events] + [RULES.redact(e, 3).text(NAMES) for e in events]
    texts += [a.text(NAMES) for a in actions]
    assert all(isinstance(t, str) and t for t in texts)
    scored = Scored(1, tuple(cards("AH 2H 3H 4H 9H 5H 6H 7H 8H")),
                    ((0, 0, 2), (1, 0, 2), (0, 1, 2), (1, 1, 2), (0, 0, 3)))
    assert scored.text(NAMES).startswith("Bob completes a 3x3 cube and four 2x2 cubes")
    assert "45 points" in scored.text(NAMES)


# ---------------------------------------------------------------- Helpers for the table


def test_neighbour_matches_names_the_trait_of_each_neighbour():
    board = grid("""
        .  9S .
        7H .  KH
        .  8D .
    """)
    assert neighbour_matches(board, card("8H"), 1, 1) == {(1, 0): "step", (1, 2): "rank",
                                                          (0, 1): "suit", (2, 1): "suit"}
    assert neighbour_matches(board, card("2C"), 1, 1)[(1, 0)] is None
    assert neighbour_matches(board, card("2C"), 5, 5) == {}


def test_legal_cells_and_placements_agree_with_legal_actions():
    state = random_state(2, 77, 30)
    if state.phase == DRAW:
        state, _ = play(state, Draw())
    hand = state.hands[state.current]
    expected = [Place(c, x, y) for c in hand for x, y in legal_cells(state.board, c)]
    assert placements(state.board, hand) == expected
    assert RULES.legal_actions(state) == (expected or [Pass()])
    for action in expected:
        assert why_not_place(state.board, action.card, action.x, action.y, hand) is None


# ---------------------------------------------------------------- The rule-of-thumb player


def _ai_move(state, seed=0):
    seat = RULES.to_move(state)
    return CubesHeuristic(seed).choose(RULES.view(state, seat), RULES.legal_actions(state))


def test_heuristic_completes_the_most_valuable_cube():
    board = grid("AH 2H\n3H .")
    board.update(grid("JS QS\nKS .", origin=(10, 0)))
    state = make(board, ["4H 9S", "2D"], "5C 6C")
    assert _ai_move(state) == Place(card("9S"), 11, 1)


def test_heuristic_closes_a_3x3_by_its_centre():
    board = grid("""
        AH 2H 3H
        4H .  5H
        6H 7H 8H
    """)
    state = make(board, ["9H 2C 3C", "2D"], "5C 6C")
    assert _ai_move(state) == Place(card("9H"), 1, 1)


def test_heuristic_does_not_leave_a_cube_to_the_next_player():
    state = make("5C 6C", ["5D", "2S 3S"], "KH QH")
    for seed in range(10):
        move = _ai_move(state, seed)
        assert move.y == 0 and move.x in (-1, 2)


def test_heuristic_plays_only_legal_moves_and_beats_random():
    wins = 0
    for game in range(12):
        state = RULES.setup({"players": 2}, 300 + game)
        players = [CubesHeuristic(game), RandomPlayer(game)]
        if game % 2:
            players.reverse()
        while (seat := RULES.to_move(state)) is not None:
            state, _ = RULES.apply(state, players[seat].choose(RULES.view(state, seat),
                                                               RULES.legal_actions(state)))
        if game % 2 in RULES.outcome(state).winners:
            wins += 1
    assert wins >= 10


def test_heuristic_appraisal_values_every_placement_as_the_plain_valuation_does():
    """The quick appraisal (read the board once, look again only near each placement) gives the
    very number `CubesHeuristic.value` gives, on boards from real games of 2 to 4 players."""
    player = CubesHeuristic(1)
    checked = 0
    for game in range(8):
        state = RULES.setup({"players": 2 + game % 3}, 500 + game)
        while (seat := RULES.to_move(state)) is not None:
            legal = RULES.legal_actions(state)
            view = RULES.view(state, seat)
            if type(legal[0]) is Place:
                board = view.board_dict()
                hand = list(view.hand)
                unseen, others = _unseen(view, board), _opponent_cards(view)
                appraisal = Appraisal(player, board, hand, unseen, others, view.last_turn)
                for action in legal:
                    assert appraisal.value(action) == player.value(board, hand, action, unseen, others,
                                                                   view.last_turn), action
                    checked += 1
            state, _ = RULES.apply(state, player.choose(view, legal))
    assert checked > 2000


def test_heuristic_ranking_puts_its_choice_first():
    state = RULES.setup({"players": 2}, 77)
    state, _ = RULES.apply(state, Draw())
    view, legal = RULES.view(state, 0), RULES.legal_actions(state)
    ranked = CubesHeuristic(5).ranking(view, legal)
    assert ranked[0] == CubesHeuristic(5).choose(view, legal)
    assert sorted(map(repr, ranked)) == sorted(map(repr, legal))


# ---------------------------------------------------------------- the search's playout policy


class _Always:
    """A `rand` that always returns the same float."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __call__(self) -> float:
        return self.value


def test_playout_policy_scores_a_cube_when_the_hand_can():
    """Three of a 2x2 on the board and a card that fits the corner: the playout places it there."""
    state = make("5H 6H\n5S .", ["KC 2D 6S QC JD"])
    action = RULES.playout_action(state, _Always(0.5))
    assert action == Place(card("6S"), 1, 1)
    assert RULES.is_legal(state, action)


def test_playout_policy_leaves_no_square_one_card_short():
    """With nothing to score, the playout avoids a cell that would leave three of a 2x2 filled."""
    state = make("5H 6H", ["6S"])
    for value in (0.2, 0.5, 0.9):
        action = RULES.playout_action(state, _Always(value))
        assert type(action) is Place
        assert (action.x, action.y) not in ((0, 1), (1, 1)), action


def test_playout_policy_passes_only_when_nothing_fits():
    state = make("5H", ["KC QC"])
    assert RULES.playout_action(state, _Always(0.5)) == Pass()


# ---------------------------------------------------------------- the open cells kept by the state


def _square_holds_three(board: dict, cell) -> bool:
    """Whether a card on the empty `cell` would leave some 2x2 square holding it with three cards."""
    x, y = cell
    return any(sum((c in board) or c == cell for c in square_cells((left, top, 2))) == 3
               for left in (x - 1, x) for top in (y - 1, y))


def _reference_frontier(board: dict):
    """The open cells with the deck's cards that fit there, and the closing and opening cells,
    worked out from the rules' plain helpers."""
    fitting = {cell: {c for c in standard_deck() if fits_beside(c, near)}
               for cell, near in open_cell_map(board).items()}
    closing = {cell for cell in fitting if completions(board, *cell)}
    opening = {cell for cell in fitting if _square_holds_three(board, cell)}
    return fitting, closing, opening


def _frontier_as_read(frontier: Frontier):
    fitting = {cell: {c for c in standard_deck() if allowed & card_bit(c)}
               for cell, allowed in frontier.fits.items()}
    return fitting, frontier.closing, frontier.opening


def test_a_frontier_read_afresh_keeps_the_order_open_cell_map_finds():
    state = make("5H 6H 7H\n5S . 7S", ["KC"])
    assert list(Frontier.of(state.board).fits) == list(open_cell_map(state.board))


@pytest.mark.parametrize("players", [2, 4])
def test_the_kept_frontier_is_the_board_s_open_cells_after_every_action(players):
    """Placements, scores and passes of random and playout games: the frontier the state keeps is
    what reading the board afresh gives; a copy is its own, and keeps the order."""
    for seed in range(12):
        state = RULES.setup({"players": players}, seed)
        rng = Rng(seed)
        while RULES.to_move(state) is not None:
            if seed % 2:
                legal = RULES.legal_actions(state)
                action = legal[rng.below(len(legal))]
            else:
                action = RULES.playout_action(state, rng.random)
            RULES.advance(state, action)
            if state.frontier is not None:
                assert _frontier_as_read(state.frontier) == _reference_frontier(state.board)
            copy = RULES.clone(state)
            if copy.frontier is not None:
                assert copy.frontier is not state.frontier
                assert list(copy.frontier.fits.items()) == list(state.frontier.fits.items())
                assert _frontier_as_read(copy.frontier) == _frontier_as_read(state.frontier)


class _Draws:
    """A `rand` that returns the given floats in turn."""

    def __init__(self, *values: float) -> None:
        self.values = list(values)

    def __call__(self) -> float:
        return self.values.pop(0)


def _listed_playout_choices(state) -> list:
    """The placements a careful playout chooses among, listed as `playout_place` documents:
    scoring ones, else those leaving no 2x2 square a card short, else any; cell by cell in the
    order of the state's frontier, on each cell in hand order."""
    board = state.board
    hand = state.hands[state.current]
    near = open_cell_map(board)
    fitting = [Place(c, *cell) for cell in state.open_frontier().fits for c in hand
               if fits_beside(c, near[cell])]
    scoring = [p for p in fitting if completions(board, p.x, p.y)]
    safe = [p for p in fitting if not _square_holds_three(board, (p.x, p.y))]
    return scoring or safe or fitting


def test_the_playout_policy_picks_uniformly_among_the_listed_choices():
    """Along seeded playouts, a careful playout given the draw v picks the choice at v times their
    number in the list; one draw to be careful, one to choose."""
    checked = 0
    for seed in range(20):
        state = RULES.setup({"players": 2}, seed)
        rng = Rng(seed)
        while RULES.to_move(state) is not None:
            if state.phase == PLACE and state.board:
                choices = _listed_playout_choices(state)
                for pick in (0.0, 0.37, 0.999):
                    expected = choices[int(pick * len(choices))] if choices else Pass()
                    draws = _Draws(0.5, pick) if choices else _Draws(0.5)
                    assert RULES.playout_action(state, draws) == expected
                    assert not draws.values
                    checked += 1
            RULES.advance(state, RULES.playout_action(state, rng.random))
    assert checked > 500
