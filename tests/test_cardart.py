"""Card faces and backs: every card draws at every size, court cards show the shipped portraits,
the corner index keeps the suit off the rank, and the four-colour deck and the back follow the
settings."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import RANK_LABELS, SUIT_SYMBOLS, card, standard_deck  # noqa: E402
from game.chainchain.rules import LETTERS, NUMBERS, full_deck  # noqa: E402
from scenes.games.chainchain import cards as chainchain_cards  # noqa: E402
from scenes.ui import cardart, theme  # noqa: E402
from scenes.ui.resources import asset  # noqa: E402

SIZES = (40, 92, 150, 240)  # the game-over screen, the hand, a large table, larger still


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    cardart.set_style(False, "blue")


def looks(four_colour: bool = False, back: str = "blue") -> None:
    cardart.set_style(four_colour, back)


def inked_pixels(surface: pygame.Surface, color) -> int:
    return sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
               if surface.get_at((x, y))[:3] == tuple(color))


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_playing_card_draws_at_every_size(four_colour):
    looks(four_colour)
    for width in SIZES:
        for each in standard_deck():
            assert cardart.face(each, width).get_size() == cardart.card_size(width)


def test_every_chain_chain_card_draws_at_every_size():
    for variant in (NUMBERS, LETTERS):
        for tile in {t.face: t for t in full_deck(variant, 2)}.values():
            for width in SIZES:
                assert cardart.face(tile, width).get_size() == cardart.card_size(width)


def test_both_backs_draw_at_every_size():
    for name in cardart.BACKS:
        looks(back=name)
        for width in SIZES:
            assert cardart.back(width).get_size() == cardart.card_size(width)


def test_the_twelve_court_portraits_are_shipped_with_their_licence():
    shipped = {path.name for path in asset("cards").iterdir() if path.suffix == ".svg"}
    assert shipped == {f"{RANK_LABELS[rank]}{suit}.svg" for rank in (11, 12, 13) for suit in "SHDC"}
    licence = asset("cards", "courts-LICENSE.txt").read_text(encoding="utf-8")
    assert "public domain" in licence and "Byron Knoll" in licence


@pytest.mark.parametrize("code", ["JS", "QH", "KD", "KC"])
def test_a_court_card_shows_its_portrait_from_the_shipped_svg(code):
    court = card(code)
    width = 150
    face = cardart.face(court, width)
    w, h = cardart.card_size(width)
    pad = max(2, w // 16)
    picture = cardart.court_picture(court.rank, court.suit, cardart.suit_ink(court.suit, False),
                                    int(min(w - 2 * pad, (h - 2 * pad) * cardart.COURT_SHAPE)))
    placed = picture.get_rect(center=(w / 2, h / 2))
    middle = [(placed.x + x, placed.y + y) for x in range(20, placed.w - 20, 7) for y in range(40, placed.h - 40, 7)]
    assert all(face.get_at(p) == picture.get_at((p[0] - placed.x, p[1] - placed.y)) for p in middle)
    assert len({face.get_at(p)[:3] for p in middle}) >= 5  # a painted portrait, not a plain panel


@pytest.mark.parametrize("width", SIZES)
def test_the_suit_symbol_never_sits_on_the_rank_letter(width):
    """A clear row of pixels always separates the rank above from the suit below in the corner."""
    for rank in ["A", "10", "J", "Q", "K", "7"]:
        for suit in SUIT_SYMBOLS.values():
            index = cardart.corner_index(rank, suit, theme.CARD_BLACK, width)
            inked_rows = [any(index.get_at((x, y)).a for x in range(index.get_width())) for y in range(index.get_height())]
            assert inked_rows[0] and inked_rows[-1]
            assert not all(inked_rows), f"{rank}{suit} at {width} px: suit touches rank"


def test_the_corner_index_stays_inside_the_card_corner():
    for width in SIZES:
        index = cardart.corner_index("10", SUIT_SYMBOLS["D"], theme.CARD_RED, width)
        w, h = cardart.card_size(width)
        assert index.get_width() < w / 2 and index.get_height() < h / 2


def test_four_colours_paint_diamonds_blue_and_clubs_green():
    """Four-colour deck: spades black, hearts red, diamonds blue, clubs green."""
    diamond, club = card("7D"), card("3C")
    looks(four_colour=False)
    two = [cardart.face(diamond, 92), cardart.face(club, 92)]
    looks(four_colour=True)
    four = [cardart.face(diamond, 92), cardart.face(club, 92)]
    assert inked_pixels(two[0], theme.CARD_RED) > 50 and inked_pixels(two[0], theme.CARD_BLUE) == 0
    assert inked_pixels(four[0], theme.CARD_BLUE) > 50 and inked_pixels(four[0], theme.CARD_RED) == 0
    assert inked_pixels(two[1], theme.CARD_BLACK) > 50 and inked_pixels(two[1], theme.CARD_GREEN) == 0
    assert inked_pixels(four[1], theme.CARD_GREEN) > 50 and inked_pixels(four[1], theme.CARD_BLACK) == 0


def test_four_colours_leave_spades_and_hearts_as_they_were():
    for code in ("9S", "9H", "QS", "KH"):
        looks(four_colour=False)
        two = pygame.image.tobytes(cardart.face(card(code), 92), "RGBA")
        looks(four_colour=True)
        assert pygame.image.tobytes(cardart.face(card(code), 92), "RGBA") == two


def test_four_colours_recolour_the_pips_in_a_court_portrait():
    looks(four_colour=True)
    assert inked_pixels(cardart.face(card("KD"), 150), theme.CARD_BLUE) > 200
    assert inked_pixels(cardart.face(card("JC"), 150), theme.CARD_GREEN) > 200


def test_the_back_choice_changes_the_back():
    looks(back="blue")
    blue = cardart.back(92)
    looks(back="red")
    red = cardart.back(92)
    assert pygame.image.tobytes(blue, "RGBA") != pygame.image.tobytes(red, "RGBA")
    assert inked_pixels(blue, theme.CARD_BACKS["blue"][0]) > 500 and inked_pixels(red, theme.CARD_BACKS["blue"][0]) == 0
    assert inked_pixels(red, theme.CARD_BACKS["red"][0]) > 500


def test_an_unknown_back_name_falls_back_to_the_first():
    looks(back="tartan")
    assert cardart.style().back == "blue"


@pytest.mark.parametrize("face", ["6", "9"])
def test_six_and_nine_are_underlined_on_chain_chain_number_cards(face):
    """6 and 9 underlined: under the big figure, a gap, then a bar as wide as the figure."""
    figure, bar = _ink_bands(face)
    assert len(bar) >= 1 and min(len(row) for row in bar) >= 0.9 * max(row[-1] - row[0] + 1 for row in figure)


@pytest.mark.parametrize("face", ["1", "2", "3", "5", "8"])
def test_other_numbers_are_not_underlined(face):
    assert len(_ink_bands(face)) == 1


def _ink_bands(face: str) -> list[list[list[int]]]:
    """The big figure's inked rows (the x of each inked pixel), split where a row has no ink."""
    surface = cardart.face(next(t for t in full_deck(NUMBERS, 2) if t.face == face), 92)
    ink = chainchain_cards.NUMBER_INKS[face]
    w, h = surface.get_size()
    middle = pygame.Rect(w // 4 - 4, h // 5, w // 2 + 8, h * 3 // 5)
    bands: list[list[list[int]]] = [[]]
    for y in range(middle.top, middle.bottom):
        row = [x for x in range(middle.left, middle.right) if surface.get_at((x, y))[:3] == ink]
        if row:
            bands[-1].append(row)
        elif bands[-1]:
            bands.append([])
    return [band for band in bands if band]


@pytest.mark.parametrize("width", (26, 32, 40, 92))
def test_the_middle_pip_of_a_number_card_clears_the_corner_indexes(width):
    """On small cards the middle suit symbol shrinks rather than run into the corners (and on the
    smallest, where it would be a speck, the corners alone show the suit)."""
    w, h = cardart.card_size(width)
    pad = max(2, w // 16)
    for rank in ("A", "10", "8"):
        index = cardart.corner_index(rank, SUIT_SYMBOLS["C"], theme.CARD_BLACK, w)
        corners = [index.get_rect(topleft=(pad, pad)), index.get_rect(bottomright=(w - pad, h - pad))]
        widest = cardart.corner_index("10", SUIT_SYMBOLS["C"], theme.CARD_BLACK, w).get_size()
        pip = cardart.centre_pip(SUIT_SYMBOLS["C"], theme.CARD_BLACK, int(w * 0.55), (w, h), widest, pad)
        if pip is None:
            assert width < 40
            continue
        middle = pip.get_rect(center=(w / 2, h / 2))
        assert not any(middle.colliderect(corner) for corner in corners)


def test_the_settings_store_accepts_exactly_the_backs_the_painter_knows():
    from game import storage

    assert set(storage.CARD_BACKS) == set(cardart.BACKS)


def pip_blobs(face: pygame.Surface, rank: str, suit: str, ink) -> int:
    """The separate blots of the suit's ink on a card's face, its two corner indexes blanked."""
    w, h = face.get_size()
    pad = max(2, w // 16)
    index = cardart.corner_index(rank, suit, ink, w).get_rect(topleft=(pad, pad))
    blank = pygame.Surface((w, h))
    blank.fill(theme.CARD_FACE)
    blank.blit(face, (0, 0))
    for corner in (index, index.move(w - 2 * pad - index.w, h - 2 * pad - index.h)):
        blank.fill(theme.CARD_FACE, corner.inflate(4, 4))
    mask = pygame.mask.from_threshold(blank, (*ink, 255), (70, 70, 70, 255))
    joined = mask.convolve(pygame.mask.Mask((3, 3), fill=True))  # a spade's stem touches its leaf
    return len(joined.connected_components(minimum=3))


@pytest.mark.parametrize("width", (60, 92, 150, 240))
@pytest.mark.parametrize("suit", list("SHDC"))
def test_a_number_card_shows_as_many_pips_as_its_rank(width, suit):
    for rank in range(2, 11):
        face = cardart.face(card(f"{'T' if rank == 10 else rank}{suit}"), width)
        assert pip_blobs(face, str(rank), SUIT_SYMBOLS[suit], cardart.suit_ink(suit, False)) == rank, (rank, width)


@pytest.mark.parametrize("width", (60, 92, 120, 150, 240))
def test_pips_keep_clear_of_the_corner_indexes_and_of_one_another(width):
    w, h = cardart.card_size(width)
    pad = max(2, w // 16)
    for rank in range(2, 11):
        field = cardart.pip_field(width, SUIT_SYMBOLS["H"], rank)
        index = cardart.corner_index(str(rank), SUIT_SYMBOLS["H"], theme.CARD_RED, w).get_rect(topleft=(pad, pad))
        corners = (index, index.move(w - 2 * pad - index.w, h - 2 * pad - index.h))
        pips = [pygame.Rect(round(x - field.size / 2), round(y - field.size / 2), field.size, field.size)
                for x, y in field.centres(rank)]
        assert len(pips) == rank
        for i, pip in enumerate(pips):
            assert pygame.Rect(0, 0, w, h).contains(pip)
            assert pip.collidelist(list(corners)) == -1, (rank, width)
            assert pip.collidelist(pips[i + 1:]) == -1, (rank, width)


def test_every_rank_of_a_width_has_pips_of_one_size_and_a_ten_none_larger():
    for width in (60, 92, 150, 240):
        sizes = {cardart.pip_field(width, SUIT_SYMBOLS["S"], rank).size for rank in range(2, 10)}
        assert len(sizes) == 1
        assert cardart.pip_field(width, SUIT_SYMBOLS["S"], 10).size <= sizes.pop()
