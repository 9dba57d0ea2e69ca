"""Sovereign's Chain's card faces: an emblem of its own for every class (and a generic one for a
class a card file adds), the suit band in the suit's colour, the (E) seal, the short print on
large cards only, tokens as chips, the active event as a card, a card that can only land face
down dragged as its back; and the one highlight colour every table uses."""

from __future__ import annotations

import itertools

import pygame
import pytest
from ui_driver import Driver

from game.rng import Rng
from game.session import Session
from game.sovereign.cards import BUILT_IN, PLANET, STAR, CardSet, ClassCard, ClassInfo, Step
from game.sovereign.rules import PlacedView
from scenes.games.chainchain import cards as chainchain_cards
from scenes.games.linx import cards as linx_cards
from scenes.games.sovereign import cards as sovereign_cards
from scenes.games.sovereign.emblems import EMBLEMS, emblem
from scenes.games.sovereign.table import SovereignTable
from scenes.ui import cardart, theme

CLASSES = sorted({card.kind for card in BUILT_IN.cards})
INK = (30, 30, 30)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    sovereign_cards.use_card_set(BUILT_IN)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def differing_share(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels whose alpha differs by more than a third between two images."""
    alpha_a, alpha_b = pixels(a)[3::4], pixels(b)[3::4]
    return sum(abs(x - y) > 85 for x, y in zip(alpha_a, alpha_b)) / len(alpha_a)


def count(surface: pygame.Surface, colour, area: pygame.Rect | None = None) -> int:
    area = area or surface.get_rect()
    return sum(surface.get_at((x, y))[:3] == tuple(colour) for x in range(area.left, area.right)
               for y in range(area.top, area.bottom))


def card_of(name: str, **changes) -> ClassCard:
    card = next(c for c in BUILT_IN.cards if c.kind == name)
    return ClassCard(changes.get("kind", card.kind), card.copy, card.value, changes.get("suit", card.suit),
                     changes.get("draws_event", card.draws_event))


def test_every_built_in_class_has_an_emblem_of_its_own():
    assert set(CLASSES) <= set(EMBLEMS)


@pytest.mark.parametrize("size", (24, 60))
def test_each_class_emblem_differs_from_every_other_and_from_the_generic_one(size):
    """A tenth or more of the square differs between any two emblems, so each has its own silhouette."""
    images = {kind: emblem(kind, size, INK) for kind in CLASSES + ["Herald"]}
    for (kind_a, a), (kind_b, b) in itertools.combinations(images.items(), 2):
        assert differing_share(a, b) > 0.1, (kind_a, kind_b)


def test_a_class_from_a_card_file_gets_the_generic_emblem_with_its_initial():
    herald, warden, hermit = (emblem(kind, 60, INK) for kind in ("Herald", "Warden", "Hermit"))
    assert pixels(herald) != pixels(warden)      # the initial tells them apart
    assert pixels(herald) == pixels(hermit)      # same initial, same emblem
    assert count(herald, INK) > 100
    face = cardart.face(card_of("Scout", kind="Herald"), 92)
    assert face.get_size() == cardart.card_size(92)


def test_a_class_face_carries_the_suit_band_in_its_suit_colour():
    for suit in (STAR, PLANET, ""):
        face = cardart.face(card_of("Envoy", suit=suit), 92)
        w, h = face.get_size()
        bottom_band = pygame.Rect(0, h * 3 // 4, w, h // 4)
        assert count(face, sovereign_cards.SUIT_INK[suit], bottom_band) > w * 6, suit
    star = cardart.face(card_of("Envoy", suit=STAR), 92)
    assert count(star, sovereign_cards.SUIT_INK[PLANET]) == 0


def test_the_e_seal_is_on_cards_that_draw_an_event_only():
    with_event = cardart.face(card_of("Scout", draws_event=True), 92)
    without = cardart.face(card_of("Scout", draws_event=False), 92)
    assert count(with_event, sovereign_cards.EVENT_RED) > 30
    assert count(without, sovereign_cards.EVENT_RED) == 0


def test_the_short_print_says_what_the_class_does_on_large_cards_only():
    assert sovereign_cards.short_print("Artificer") == "Take 2 modifiers"
    assert sovereign_cards.short_print("Magistrate") == "No other ability"
    card = card_of("Scout")
    small, large = cardart.face(card, 92), cardart.face(card, 150)
    assert cardart.face(card, 150) is large and cardart.face(card, 92) is small  # each size drawn once, then kept
    printed = sovereign_cards._class_face(card, 150, "")
    assert pixels(printed) != pixels(large)                  # the words are drawn on the large card
    assert pixels(small) == pixels(sovereign_cards._class_face(card, 92, ""))


def test_a_loaded_card_sets_classes_print_their_own_abilities():
    classes = dict(BUILT_IN.classes)
    classes["Herald"] = ClassInfo("Herald", "Take a shield and draw an event.", (Step("gain_shield"), Step("draw_event")))
    sovereign_cards.use_card_set(CardSet(BUILT_IN.cards, classes, BUILT_IN.events))
    assert sovereign_cards.short_print("Herald") == "Take 1 shield; Draw an event"


def test_class_faces_are_cached():
    card = card_of("Runner")
    assert cardart.face(card, 92) is cardart.face(card, 92)
    placed = PlacedView(card, True, 0, None, (1, -1), True, ())
    assert cardart.face(placed, 92) is cardart.face(placed, 92)


def test_a_card_in_play_shows_its_modifiers_and_shield_as_chips():
    card = card_of("Runner")
    bare = cardart.face(PlacedView(card, True, 0, None, (), False, ()), 92)
    tokens = cardart.face(PlacedView(card, True, 0, None, (1, -1), True, ()), 92)
    assert count(bare, sovereign_cards.CHIP_COLOURS["+1"]) == 0
    for kind in ("+1", "-1", "shield"):
        assert count(tokens, sovereign_cards.CHIP_COLOURS[kind]) > 20, kind


def test_the_event_card_holds_its_whole_name_and_text_and_grows_with_them():
    short = sovereign_cards.event_face("Event: Calm Void", "No effect.", 200, 14)
    long = sovereign_cards.event_face("Event: Hostile Orbit", "You may play the top card of the discard pile "
                                      "instead of a card from hand, unseen until it lands face up.", 200, 14)
    assert short.get_width() == long.get_width() == 200
    assert long.get_height() > short.get_height()
    assert count(long, sovereign_cards.EVENT_BAND) > 500


def suit_colours() -> list[tuple[int, int, int]]:
    """Every colour that marks a suit or a symbol in any game, and the star's gold edge."""
    colours = list(cardart.FOUR_COLOURS.values()) + list(sovereign_cards.SUIT_INK.values())
    colours += list(linx_cards.SYMBOL_COLOURS.values()) + list(chainchain_cards.NUMBER_INKS.values())
    colours += [chainchain_cards.VOWEL_INK, chainchain_cards.CONSONANT_INK, theme.GOLD]
    return colours


def test_the_legal_target_highlight_is_no_suits_colour():
    for colour in suit_colours():
        distance = sum((a - b) ** 2 for a, b in zip(theme.GLOW, colour)) ** 0.5
        assert distance > 120, colour


def test_the_chosen_target_is_marked_apart_from_the_legal_targets():
    card = pygame.Rect(40, 40, 60, 84)
    legal, chosen = pygame.Surface((140, 170)), pygame.Surface((140, 170))
    cardart.target_frame(legal, card, 3)
    cardart.chosen_frame(chosen, card, 3)
    assert count(legal, theme.CHOSEN) == 0 and count(chosen, theme.CHOSEN) > 200
    assert count(legal, theme.GLOW) > 100 and count(chosen, theme.GLOW) > 100


def test_the_felt_is_drawn_once_per_size_and_darkens_towards_the_corners():
    felt = cardart.felt((640, 400))
    assert cardart.felt((640, 400)) is felt
    corner, middle = felt.get_at((2, 2)), felt.get_at((320, 200))
    assert sum(corner[:3]) < sum(middle[:3]) - 20
    assert len({felt.get_at((x, 200))[:3] for x in range(300, 340)}) > 2  # a grain, not a flat colour


def test_a_dimmed_court_card_loses_its_colours():
    from game.cards import card

    face = cardart.face(card("KH"), 92)
    dim = cardart.dimmed(face)
    assert cardart.dimmed(face) is dim

    def saturation(surface):
        return sum(max(p[:3]) - min(p[:3]) for p in (surface.get_at((x, y)) for x in range(10, 80, 3)
                                                     for y in range(20, 110, 3)))
    assert saturation(dim) < saturation(face) / 2


def opening_table(driver: Driver) -> SovereignTable:
    session = Session("sovereigns-chain", {"seats": [{"name": "Ana", "kind": "human"},
                                                     {"name": "Ben", "kind": "computer", "difficulty": "normal"}]}, 1)
    while session.to_move != 0:
        session.apply(session.computer_action())
    table = SovereignTable(driver.app, session)
    driver.app.push(table)
    driver.frame()
    return table


def test_a_card_that_can_only_land_face_down_is_dragged_as_its_back(driver):
    """The first card starts the chain face down: while dragged it shows its back."""
    table = opening_table(driver)
    assert table.current_view().pending.kind == "opening"
    card = table.hand.cards(table.current_view())[0]
    assert table.lands_face_down(card)
    center = table.hand.card_center(table.current_view(), card)
    table.hand.pick_up(card, center, center)
    screen = pygame.Surface(driver.app.size, pygame.SRCALPHA)
    table.hand.draw_dragged(screen)
    spot = cardart.back(table.hand.width).get_rect(center=table.hand.drag_center())
    assert pixels(screen.subsurface(spot)) == pixels(cardart.back(table.hand.width))


def test_a_card_played_face_up_is_dragged_face_up(driver):
    table = opening_table(driver)
    session = table.session
    rng = Rng(1)
    while not (session.to_move == 0 and session.state.pending.kind == "play"):
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    playable = [c for c in table.current_view().hand if any(getattr(a, "face_up", False) for a in table.card_actions(c))]
    assert playable and not table.lands_face_down(playable[0])


def test_a_face_down_card_in_play_follows_the_back_chosen_in_the_settings():
    placed = PlacedView(None, False, 0, None, (), False, ())
    try:
        cardart.set_style(False, "blue")
        blue = pixels(cardart.face(placed, 92))
        cardart.set_style(False, "red")
        assert pixels(cardart.face(placed, 92)) != blue
    finally:
        cardart.set_style(False, "blue")


def test_many_modifier_chips_stay_above_the_name_band_side_by_side():
    card = card_of("Artificer")
    face = cardart.face(PlacedView(card, True, 0, None, (1, 1, 1, -1), False, ()), 150)
    band_top = sovereign_cards._band(*face.get_size())[0]
    band = pygame.Rect(0, band_top + 2, face.get_width() // 3, 10)
    for kind in ("+1", "-1"):
        assert count(face, sovereign_cards.CHIP_COLOURS[kind], band) == 0


def test_an_event_name_too_long_to_sit_beside_the_comet_takes_the_whole_band():
    """A narrow side panel: the name's word is not drawn under the comet (no comet then)."""
    narrow = sovereign_cards.event_face("Event: Momentum", "Play on the other kind of chain.", 115, 12)
    wide = sovereign_cards.event_face("Event: Momentum", "Play on the other kind of chain.", 300, 12)
    assert count(narrow, theme.GOLD) == 0
    assert count(wide, theme.GOLD) > 10
