"""LINX's table parts on their own, without a table: the chain row's builder and the board line."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.linx.cards import ScoringCard, card
from game.linx.rules import LayChain

FIVE, SIX, EIGHT = ScoringCard(5, 20), ScoringCard(6, 30), ScoringCard(8, 55)


def builder(offered=(FIVE, SIX, EIGHT)):
    from scenes.games.linx.builder import ChainBuilder

    chain = ChainBuilder(lambda: offered, lambda value: int(value), lay=lambda: None, cancel=lambda: None)
    chain.place(pygame.Rect(0, 300, 1000, 260), widest_card=60)
    return chain


def test_a_chain_claims_only_once_whole_and_preselects_the_best_card_it_reaches(driver):
    chain = builder()
    start, end = card("3Su"), card("9Su")
    hand = [card("3Mo"), card("5Mo"), card("7Mo"), card("9Mo")]
    assert chain.pick_anchor(start) and chain.claimable() == [] and chain.action() is None
    for each in hand:
        chain.add(each)
    assert not chain.pick_anchor(end), "the second anchor is the end"
    assert chain.claimable() == [SIX, FIVE] and chain.claim == SIX
    assert chain.out_of_reach(SimpleNamespace(scoring_up=(FIVE, SIX, EIGHT))) == {EIGHT}
    assert chain.choose_claim(EIGHT) == "the 8+ for 55 card needs a chain of 8 or more" and chain.claim == SIX
    assert chain.choose_claim(FIVE) == "" and chain.action() == LayChain(start, tuple(hand), end, FIVE)
    chain.take_out(hand[0])
    assert chain.claim == FIVE, "a claim picked stays while the chain reaches it"
    chain.take_out(end)
    assert chain.end is None and chain.claim is None and chain.cards() == [start, *hand[1:]]


def test_a_chain_card_moves_among_the_hand_cards_but_never_past_an_anchor(driver):
    chain = builder()
    a, b, c = card("3Mo"), card("5Mo"), card("7Mo")
    chain.pick_anchor(card("3Su"))
    for each in (a, b, c):
        chain.add(each)
    assert chain.shift(a, 1) and chain.built == [b, a, c]
    assert not chain.shift(b, -1) and not chain.shift(c, 1) and not chain.shift(chain.start, 1)
    assert chain.built == [b, a, c]
    chain.add(c, 0)
    assert chain.built == [c, b, a], "a card already in the chain moves to where it is let go"


def test_a_card_let_go_in_the_chain_row_goes_between_the_cards_either_side_of_it(driver):
    chain = builder()
    chain.pick_anchor(card("3Su"))
    a, b = card("3Mo"), card("5Mo")
    chain.add(a)
    chain.add(b)
    slots = chain.placed()
    assert len(slots) == 3 and len({slot.center[1] for slot in slots}) == 1 and slots.rect.x == 12
    assert chain.insert_index_at(slots[0].center[0]) == 0
    assert chain.insert_index_at((slots[1].center[0] + slots[2].center[0]) // 2) == 1
    assert chain.insert_index_at(chain.lay_button.rect.x) == 2
    assert chain.take_card_at(slots[0].center) is None, "an anchor is not taken back into the hand"
    assert chain.take_card_at(slots[2].center) == (b, slots[2].center) and chain.built == [a]


def test_many_chain_cards_squeeze_together_left_of_the_words_edge(driver):
    chain = builder()
    chain.pick_anchor(card("1Su"))
    for number in range(1, 16):
        chain.add(card(f"{number}Mo"))
    slots = chain.placed()
    assert chain.card_w == 60 and chain.lay_button.rect.right == 1000 - 8
    assert len(slots) == 16 and slots.rect.right <= chain.lay_button.rect.x - 12


def test_the_board_says_which_anchor_or_scoring_card_a_point_is_on(driver):
    from scenes.games.linx.board import LinxBoard
    from scenes.table.parts import Pile

    board = LinxBoard(Pile(), lambda value: int(value))
    board.place(pygame.Rect(0, 100, 1000, 500), most=84)
    anchors = (card("3Su"), card("4Mo"), card("5St"), card("6He"))
    view = SimpleNamespace(anchors=anchors, scoring_up=(FIVE, SIX))
    assert board.card_at(board.anchor_row[2].center, view) == ("anchor", anchors[2])
    assert board.card_at(board.scoring_row[1].center, view) == ("scoring", SIX)
    assert board.card_at(board.scoring_row[2].center, view) is None, "an empty scoring place holds nothing"
    assert board.card_at(board.draw_pile.center, view) is None
    assert board.slot_of("anchor", anchors[1], view) is board.anchor_row[1]
    assert board.slot_of("pile", "discard", view) is board.discard_pile
    assert board.anchor_row.rect.right < board.scoring_row.rect.left


def test_the_empty_chain_row_says_what_it_is_for_between_turns_and_how_to_build_while_laying(driver):
    """It was a large empty block while the viewer drew or watched."""
    from scenes.games.linx.builder import HOW_TO_BUILD, IDLE_WORDS
    from scenes.ui.widgets import recording

    chain = builder()
    screen = pygame.Surface((1000, 600))
    for laying, words in ((False, IDLE_WORDS), (True, HOW_TO_BUILD)):
        with recording() as drawn:
            chain.draw(screen, SimpleNamespace(min_length=5), laying, None)
        said = " ".join(item.what for item in drawn if item.what)
        assert said.startswith(words.split()[0]) and all(chain.rect.contains(item.rect) for item in drawn)


def test_link_words_where_the_cards_lie_close_name_each_run_once_over_its_links_and_never_overlap():
    """Cards 18 px apart (the largest text, the status beside them): the words under the links
    name each run of links that share the same thing once, each over its run's middle, within the
    room, never on another's place on its line; a run of four Diamond links reads "✓ Diamond"
    once, not four bare ticks."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from scenes.games.linx.links import LabelRoom, Link, label_links, runs

    width = (lambda text: 11 * len(text))  # a bold 22 px face, near enough
    links = [Link(True, "Diamond", 40 + 18 * i) for i in range(4)] + [Link(True, "5", 112), Link(True, "Sun", 130)]
    room = LabelRoom((400,) * 3, 0, 18, 4, width)
    assert [label.text for label in label_links(links, room, kept=3)] == ["\u2713 Diamond", "\u2713 5", "\u2713 Sun"]

    shared = st.sampled_from(["Diamond", "Heart", "Moon", "5", "12", ""])

    @settings(max_examples=150, deadline=None)
    @given(st.lists(shared, min_size=1, max_size=14), st.integers(10, 40), st.integers(1, 5))
    def placed_apart(things, step, lines):
        links = [Link(bool(thing), thing, 30 + step * i) for i, thing in enumerate(things)]
        room = LabelRoom((30 + step * len(things) + 60,) * lines, 0, step, 4, width)
        labels = label_links(links, room, kept=lines)
        spans = sorted((label.line, label.x - width(label.text) // 2, label.x + width(label.text) // 2) for label in labels)
        for (line_a, _left_a, right_a), (line_b, left_b, _right_b) in zip(spans, spans[1:]):
            assert line_a != line_b or right_a <= left_b, (things, step, lines, labels)
        if len(labels) < len(links):  # named by runs: each over its run's middle, within the room
            middles = [(run[0].x + run[-1].x) // 2 for run in runs(links)]
            for label in labels:
                half = width(label.text) // 2
                assert 0 <= label.x - half and label.x + half <= room.rights[label.line]
                assert any(label.x - half - 1 <= middle <= label.x + half + 1 for middle in middles)

    placed_apart()
