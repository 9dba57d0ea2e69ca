"""Each game's rules sheet against its engine: every sentence that makes a checkable claim, and
every picture (a real position), is run through the rules, so sheet and engine cannot drift apart.
The sheets are in our own words: no rulebook phrase appears in them."""

from __future__ import annotations

from collections import Counter

import pytest

from game.cards import Card, card, cards, standard_deck
from game.chainchain import RULES as CHAINCHAIN
from game.chainchain import ChainChainState, Play, Take, Tile, full_deck
from game.chainchain import guide as chainchain_guide
from game.chainchain.rules import reverses
from game.chains import RULES as CHAINS
from game.chains import guide as chains_guide
from game.chains.rules import ChainsState, Draw, Pass, fits
from game.chains.rules import Play as ChainsPlay
from game.cubes import RULES as CUBES
from game.cubes import guide as cubes_guide
from game.cubes.board import compatible
from game.cubes.rules import PLACE, CubesState, Place, Scored
from game.registry import GAMES
from game.rng import Rng
from game.session import Session, normalize_table_config

CHAINS_TEXT = chains_guide.GUIDE
CUBES_TEXT = cubes_guide.GUIDE
CHAINCHAIN_TEXT = chainchain_guide.GUIDE


def says(text: str, *phrases: str) -> None:
    """The sheet states the claim under test (in these words, so the test follows the sentence)."""
    for phrase in phrases:
        assert phrase in text, f"the sheet no longer says {phrase!r}"


def test_every_playable_game_has_a_sheet_with_a_picture():
    for game in GAMES:
        if game.rules is not None:
            assert game.guide is not None and game.guide.paragraphs and game.guide.pictures, game.name


@pytest.mark.parametrize("text,phrases", [
    (CHAINS_TEXT, ("places a card on any of the three Chains", "draws up to three cards", "are shuffled into a new deck")),
    (CUBES_TEXT, ("must connect on at least one side", "box of cards which has no missing piece", "the library runs out")),
    (CHAINCHAIN_TEXT, ("have to take all the piled cards", "refresh his hand", "accounted out of the game",
                       "reverse of the previous player")),
])
def test_the_sheets_are_in_our_own_words(text, phrases):
    """The in-app rules text is the project's own, never copied from the rulebooks."""
    assert not any(phrase.lower() in text.lower() for phrase in phrases)


# ---------------------------------------------------------------- Chains


def chains_position(hands, chains, draw_pile=()) -> ChainsState:
    return ChainsState(players=len(hands), draw_rule="three", hands=[list(h) for h in hands],
                       chains=[list(c) for c in chains], draw_pile=list(reversed(draw_pile)), rng=Rng(3))


@pytest.mark.parametrize("seed", range(5))
def test_chains_sheet_five_cards_three_chains_and_the_first_seat_starts(seed):
    says(CHAINS_TEXT, "the first seat starts", "Each player gets five cards. Three more cards are laid face up")
    state = CHAINS.setup({"players": 3}, seed)
    assert CHAINS.to_move(state) == 0
    assert [len(h) for h in state.hands] == [5, 5, 5] and [len(c) for c in state.chains] == [1, 1, 1]


def test_chains_sheet_one_rank_up_or_down_suits_never_matter_ace_low_and_high_never_its_own_rank():
    says(CHAINS_TEXT, "exactly one rank above or below", "Suits never matter",
         "An ace is both low (beside a 2) and high (beside a king)", "A card never goes on its own rank")
    for a in standard_deck():
        for b in standard_deck():
            readings_a = (1, 14) if a.rank == 1 else (a.rank,)
            readings_b = (1, 14) if b.rank == 1 else (b.rank,)
            step = any(abs(x - y) == 1 for x in readings_a for y in readings_b)
            assert fits(a, b) == step, (a, b)
    assert fits(card("2S"), card("AD")) and fits(card("KS"), card("AD")) and not fits(card("AS"), card("AD"))


@pytest.mark.parametrize("players", [2, 3])
def test_chains_sheet_the_game_ends_the_moment_a_hand_is_empty(players):
    """The player whose last card is played wins at once: the others hold cards and get no turn;
    the branch beside it, a play that leaves a card in hand, goes on to the next seat."""
    says(CHAINS_TEXT, "The game ends the moment a player's hand is empty: that player wins.")
    others = [cards("2D 9S"), cards("3C JD")][:players - 1]
    state = chains_position([cards("8C"), *others], [cards("7D"), cards("KC"), cards("4S")], cards("3S"))
    state, _ = CHAINS.apply(state, ChainsPlay(card("8C"), 0))
    assert state.winners == (0,) and CHAINS.to_move(state) is None
    state = chains_position([cards("8C 5H"), *others], [cards("7D"), cards("KC"), cards("4S")], cards("3S"))
    state, _ = CHAINS.apply(state, ChainsPlay(card("8C"), 0))
    assert state.winners is None and CHAINS.to_move(state) == 1


def test_chains_sheet_you_must_play_a_card_that_fits():
    says(CHAINS_TEXT, "If any card in your hand fits, you must play one")
    state = chains_position([cards("8C 9H"), cards("2D")], [cards("7D"), cards("KC"), cards("4S")], cards("3S"))
    assert CHAINS.legal_actions(state) == [ChainsPlay(card("8C"), 0)]


def test_chains_sheet_a_drawn_card_that_fits_two_chains_goes_on_the_one_you_pick():
    says(CHAINS_TEXT, "A drawn card that fits two or three chains goes on the one you pick")
    state = chains_position([cards("2D 4S"), cards("2C")], [cards("9H"), cards("7D"), cards("KC")], cards("8S"))
    state, _ = CHAINS.apply(state, Draw())
    assert set(CHAINS.legal_actions(state)) == {ChainsPlay(card("8S"), 0), ChainsPlay(card("8S"), 1)}


def test_chains_sheet_with_every_chain_one_card_long_you_cannot_draw_and_the_turn_passes():
    says(CHAINS_TEXT, "If every chain is down to a single card, there is nothing to shuffle: you cannot draw, and your turn passes")
    state = chains_position([cards("2S 7S"), cards("4D 3C")], [cards("5H"), cards("9C"), cards("JD")])
    assert CHAINS.legal_actions(state) == [Pass()]
    after, _ = CHAINS.apply(state, Pass())
    assert CHAINS.to_move(after) == 1


def test_chains_sheet_a_sitting_can_be_played_to_more_than_one_win():
    says(CHAINS_TEXT, "A sitting can be played to more than one win", "until a player has won that many")
    seats = [{"name": "A", "kind": "computer", "difficulty": "random"}, {"name": "B", "kind": "computer", "difficulty": "random"}]
    session = Session("chains", {"seats": seats, "games_to_win": 2}, 5)
    while True:
        while not session.game_over:
            session.apply(session.computer_action())
        if session.session_over:
            break
        assert max(session.wins) < 2
        session.next_game()
    assert max(session.wins) == 2 and session.game_number >= 1


def test_chains_sheet_picture_is_a_real_position_and_its_cards_fit_where_it_says():
    picture = chains_guide.PICTURE
    chains = [picture.row_cards(row) for row in range(3)]
    hand = picture.row_cards(3)
    assert chains == [list(c) for c in chains_guide.EXAMPLE_CHAINS] and hand == list(chains_guide.EXAMPLE_HAND)
    shown = [c for row in chains for c in row] + hand
    assert len(shown) == len(set(shown)) and all(isinstance(c, Card) for c in shown)
    state = chains_position([hand, cards("3C")], chains)
    legal = CHAINS.legal_actions(state)
    for c, where, noted in zip(hand, chains_guide.EXAMPLE_FITS, [s for s in picture.cards if s.row == 3]):
        assert {a.chain for a in legal if a.card == c} == set(where)
        assert noted.note == (", ".join(f"chain {i + 1}" for i in where) or "nowhere")
    assert fits(card("6C"), chains[0][-1])  # "a 6 would too"


# ---------------------------------------------------------------- Cubes


def cubes_position(board: dict, hand, players: int = 2) -> CubesState:
    used = set(board.values()) | set(hand)
    draw_pile = [c for c in standard_deck() if c not in used]
    hands = [list(hand)] + [[draw_pile.pop()] for _ in range(players - 1)]
    return CubesState(players=players, board=dict(board), hands=hands, draw_pile=draw_pile, piles=[[] for _ in range(players)],
                      rng=Rng(2), current=0, phase=PLACE, turn=0)


@pytest.mark.parametrize("seed", range(5))
def test_cubes_sheet_five_cards_one_card_on_the_board_and_the_first_seat_starts(seed):
    says(CUBES_TEXT, "the first seat starts", "Each player gets five cards. One card is laid face up")
    state = CUBES.setup({"players": 3}, seed)
    assert CUBES.to_move(state) == 0 and [len(h) for h in state.hands] == [5, 5, 5] and len(state.board) == 1


def test_cubes_sheet_same_rank_same_suit_or_one_rank_apart():
    says(CUBES_TEXT, "the same rank, the same suit, or one rank higher or lower")
    for a in standard_deck():
        for b in standard_deck():
            assert compatible(a, b) == (a.rank == b.rank or a.suit == b.suit or abs(a.rank - b.rank) == 1)


def test_cubes_sheet_an_ace_sits_next_to_a_2_by_rank_and_next_to_its_own_suit_a_king_included():
    says(CUBES_TEXT, "An ace counts 1: it sits next to a 2 by rank and next to any card of its own suit, a king included; "
         "next to a king of another suit it does not fit")
    assert "never next to a king" not in CUBES_TEXT
    for ace in (c for c in standard_deck() if c.rank == 1):
        for other in standard_deck():
            claimed = other.rank in (1, 2) or other.suit == ace.suit
            assert compatible(ace, other) == claimed == compatible(other, ace), (ace, other)
            if other.rank == 13:
                assert compatible(ace, other) == (other.suit == ace.suit)


def test_cubes_sheet_corners_do_not_count():
    says(CUBES_TEXT, "The space must touch at least one card along a side (corners do not count)")
    state = cubes_position({(0, 0): card("5H")}, cards("6H"))
    assert {(a.x, a.y) for a in CUBES.legal_actions(state)} == {(0, -1), (0, 1), (-1, 0), (1, 0)}


def test_cubes_sheet_ace_picture_is_a_real_position():
    picture = cubes_guide.PICTURES[0]
    ace, cell = cubes_guide.ACE_PLACED
    board = cubes_guide.ACE_BOARD
    assert {(s.col, s.row): s.card for s in picture.cards} == {**board, cell: ace}
    state = cubes_position(board, [ace, card("AH")])
    assert CUBES.is_legal(state, Place(ace, *cell))        # K♠ by suit, 2♦ by rank
    state, _ = CUBES.apply(state, Place(ace, *cell))
    state.current, state.phase = 0, PLACE
    assert not CUBES.is_legal(state, Place(card("AH"), 1, 1))  # beside the K♦
    assert not compatible(card("AH"), card("KD")) and compatible(card("AH"), ace)


def test_cubes_sheet_cube_picture_closes_a_2x2_worth_22_points():
    picture = cubes_guide.PICTURES[1]
    placed, cell = cubes_guide.CUBE_PLACED
    assert {(s.col, s.row): s.card for s in picture.cards} == {**cubes_guide.CUBE_BOARD, cell: placed}
    says(picture.caption, "5 + 6 + 5 + 6 = 22 points")
    state, events = CUBES.apply(cubes_position(cubes_guide.CUBE_BOARD, [placed]), Place(placed, *cell))
    scored = next(e for e in events if type(e) is Scored)
    assert Counter(scored.cards) == Counter([*cubes_guide.CUBE_BOARD.values(), placed])
    assert sum(c.rank for c in state.piles[0]) == 22 and state.board == {}


# ---------------------------------------------------------------- Chain-Chain


def chainchain_position(variant: str, pile, hands, current: int, direction: int = 1,
                        required="auto") -> ChainChainState:
    """A position with exactly these cards on the pile and in hand; the rest of the deck is the draw pile."""
    players = len(hands)
    used = set(pile) | {t for h in hands for t in h}
    draw_pile = [t for t in full_deck(variant, players) if t not in used]
    if required == "auto":
        required = pile[-1].key if pile else None
    return ChainChainState(players=players, variant=variant, dealer=(current - 1) % players,
                           hands=[list(h) for h in hands], draw_pile=draw_pile, rng=Rng(4), current=current, pile=list(pile), direction=direction, required=required,
                           lead_reason="" if required is not None else "first")


def tiles(faces: str, start: int = 0) -> list[Tile]:
    return [Tile(f, start + i) for i, f in enumerate(faces.split())]


def test_chainchain_sheet_the_first_dealer_is_random_and_the_deal_passes_left():
    says(CHAINCHAIN_TEXT, "The first dealer is picked at random, and each new game the deal passes one seat to the left")
    dealers = Counter(CHAINCHAIN.setup({"players": 4}, seed).dealer for seed in range(100))
    assert set(dealers) == {0, 1, 2, 3}
    finished = CHAINCHAIN.setup({"players": 4, "dealer": 3}, 1)
    assert CHAINCHAIN.next_game_config({"players": 4}, finished)["dealer"] == 0


@pytest.mark.parametrize("seed", range(5))
def test_chainchain_sheet_eight_cards_and_the_player_to_the_dealers_left_starts(seed):
    says(CHAINCHAIN_TEXT, "Everyone gets eight cards", "The player to the dealer's left starts")
    state = CHAINCHAIN.setup({"players": 5}, seed)
    assert [len(h) for h in state.hands] == [8] * 5
    assert CHAINCHAIN.to_move(state) == (state.dealer + 1) % 5


def test_chainchain_sheet_the_usual_table_is_4_or_5_and_4_is_the_default():
    says(CHAINCHAIN_TEXT, "3 to 6 players; 4 or 5 is the usual table")
    assert (CHAINCHAIN.min_players, CHAINCHAIN.max_players, CHAINCHAIN.standard_players) == (3, 6, (4, 5))
    assert CHAINCHAIN.normalize_config({})["players"] == 4
    assert len(CHAINCHAIN.setup({}, 1).hands) == 4


def test_chainchain_sheet_after_a_double_the_player_before_leads_or_the_next_with_cards():
    says(CHAINCHAIN_TEXT, "the player before you gets a free start",
         "If their hand is empty, the next player in the new direction who still holds cards starts instead")
    hands = [tiles("1 1"), tiles("7 7 2 3"), [], tiles("4 4")]  # seat 1 doubles; seat 0 leads
    state, _ = CHAINCHAIN.apply(chainchain_position("numbers", tiles("4 7", 10), hands, 1), Play(hands[1][0], hands[1][1]))
    assert CHAINCHAIN.to_move(state) == 0 and state.required is None
    empty_before = [[], tiles("7 7 2 3"), tiles("5 5"), tiles("4 4")]  # seat 0 has no cards: seat 3 leads
    state, _ = CHAINCHAIN.apply(chainchain_position("numbers", tiles("4 7", 10), empty_before, 1),
                                Play(empty_before[1][0], empty_before[1][1]))
    assert CHAINCHAIN.to_move(state) == 3 and state.required is None and state.direction == -1


def test_chainchain_sheet_numbers_picture_cleo_must_start_with_a_6():
    guide = chainchain_guide
    picture = guide.NUMBERS_PICTURE
    assert picture.row_cards(0) == guide.NUMBERS_PILE and picture.row_cards(1) == guide.NUMBERS_HAND
    ann, ben = tiles("1 1 2 2", 20), tiles("3 3 4 4", 20)
    state = chainchain_position("numbers", guide.NUMBERS_PILE, [ann, ben, guide.NUMBERS_HAND], 2)
    legal = CHAINCHAIN.legal_actions(state)
    assert legal and all(a.first.face == "6" for a in legal)
    double = next(a for a in legal if a.second.face == "6")
    assert reverses(state.pile, state.required, double.first, double.second, "numbers")
    after, _ = CHAINCHAIN.apply(state, double)
    assert CHAINCHAIN.to_move(after) == 1 and after.required is None and len(after.pile) == 6  # Ben starts afresh
    no_six = [t for t in guide.NUMBERS_HAND if t.face != "6"]
    stuck = chainchain_position("numbers", guide.NUMBERS_PILE, [ann, ben, no_six], 2)
    assert CHAINCHAIN.legal_actions(stuck) == [Take()]
    taken, events = CHAINCHAIN.apply(stuck, Take())
    assert len(taken.collected[2]) == 4  # "she would take all four cards"


def test_chainchain_sheet_letters_reversal_picture_and_sentence():
    says(CHAINCHAIN_TEXT, "answer with the last play's two letters the other way round: after C then E (CLUE), E then C (ELECTRIC)",
         "Two equal letters do that only after the same two letters (T then T after T then T)")
    guide = chainchain_guide
    picture = guide.LETTERS_PICTURE
    assert picture.row_cards(0) == guide.LETTERS_PILE and Counter(t.face for t in guide.LETTERS_PILE) <= Counter(
        t.face for t in full_deck("letters", 3))
    lead_first, lead_second, answer_first, answer_second = guide.LETTERS_PILE
    hands = [tiles("A S", 20), [answer_first, answer_second, *tiles("O N", 20)], tiles("I R", 20)]
    state = chainchain_position("letters", [], hands, 0, required=None)
    state.hands[0] = [lead_first, lead_second, *tiles("A S", 20)]
    state, _ = CHAINCHAIN.apply(state, Play(lead_first, lead_second, guide.LETTERS_WORDS[0]))
    state, events = CHAINCHAIN.apply(state, Play(answer_first, answer_second, guide.LETTERS_WORDS[1]))
    assert events[0].reverses and state.direction == -1
    assert CHAINCHAIN.to_move(state) == 0 and state.required is None  # Ann starts afresh on this pile
    same = chainchain_position("letters", tiles("T T", 3), [tiles("A A", 20), tiles("T T E", 0), tiles("O O", 20)], 1)
    assert reverses(same.pile, same.required, same.hands[1][0], same.hands[1][1], "letters")
    other = chainchain_position("letters", tiles("A T", 3), [tiles("A A", 20), tiles("T T E", 0), tiles("O O", 20)], 1)
    assert not reverses(other.pile, other.required, other.hands[1][0], other.hands[1][1], "letters")


def test_chainchain_sheet_a_final_reversal_hands_the_pile_to_the_player_it_turns_to():
    says(CHAINCHAIN_TEXT, "If the very last play turns play around, the player it turns to takes the pile")
    state = chainchain_position("letters", tiles("A T", 3), [[], tiles("T A", 0), [], []], 1)
    state.draw_pile.clear()
    state, _ = CHAINCHAIN.apply(state, Play(state.hands[1][0], state.hands[1][1], "tea"))
    assert len(state.collected[0]) == 4 and state.winners == (1, 2, 3)


def test_the_table_config_of_chainchain_defaults_to_the_seats_given():
    """Through a table config the seat count decides, as before (4 seats here)."""
    seats = [{"name": f"P{i}"} for i in range(4)]
    assert normalize_table_config("chainchain", {"seats": seats})["rules"]["players"] == 4


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_each_sheet_shows_its_pictures_with_the_card_art_and_scrolls_to_the_end(size):
    """The rules sheet lays its pictures beside (or under) the text at a card width that fits the
    page across, draws them with the card art, and scrolls so that every line can be read."""
    import pygame

    from scenes.ui import theme
    from scenes.menus.rules_sheet import RulesSheet
    from scenes.shell.screens import open_app

    app = open_app(size=size, fit_to_desktop=False)
    for game in GAMES:
        sheet = RulesSheet(app, game.title, game.guide, "Keys: the last line")
        app.reset_to(sheet)
        app.step([], 1 / 60)
        assert all(area.w <= sheet.page.w for _picture, area, _captions in sheet.pictures)
        picture, area, _captions = sheet.pictures[0]
        shown = picture.cards[0]
        cell_w, cell_h = sheet.cell(sheet.card_w)
        left = area.x + shown.col * cell_w + (cell_w - sheet.card_w) // 2
        spot = sheet.on_page(pygame.Rect(left, area.y + shown.row * cell_h, sheet.card_w, cell_h))
        if spot is not None:
            card_h = int(sheet.card_w * theme.CARD_RATIO)
            pixels = [tuple(app.screen.get_at((x, y)))[:3] for x in range(spot.x, spot.right, 2)
                      for y in range(spot.y, spot.y + card_h, 2)]
            assert theme.CARD_FACE in pixels and pixels.count(theme.FELT) < len(pixels) // 5, f"{game.name}: no card there"
        sheet.scroll_by(10**6)
        last_y, last_line = sheet.lines[-1]
        assert last_line.startswith("Keys") or last_line.endswith("line")
        assert sheet.on_page(pygame.Rect(sheet.page.x, last_y, 1, 1)) is not None, "the last line can be scrolled to"
