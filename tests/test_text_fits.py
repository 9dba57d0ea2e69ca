"""No instruction, hint, event name or card name is cut short with "…", and no text lies over
another text or over a card, at 800x600, 1280x800 or 1920x1080: in a game of each kind played
through the real table (each position looked at in the three sizes: the table is built once),
with a hint shown and the pointer resting on a hand card; and in the results, the replays and the
reviews of every game, at several moves. The prompt wraps, the top bar picks a line that fits,
side panels wrap. (Fitting by cutting would pass the layout test: this test is what says the words
are all there.)

Text and cards at the largest size (200%) are looked at too: every table at 800x600, and at
1280x800 the tables that hold them whole there (`LARGEST_WHOLE`); the results at every size; the
replays, and the reviews that hold them (`LARGEST_REVIEWS`), at 800x600, and some reviews at
1280x800 too (`LARGEST_WIDE_REVIEWS`); and Sovereign's Chain's
row cards (the solitaire's chain too) stay large enough to read at every size (`READABLE`).
LINX's table in the largest look at 800x600, 1024x640, 1280x800 and 1920x1080 (`LINX_SIZES`):
its chain's links say what they share, and its remarks show whole."""

from __future__ import annotations

import itertools
import shutil
import time
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game.registry import GAMES
from game.rng import Rng
from game.session import Session
from scenes.menus.gameover import GameOver
from scenes.shell.screens import open_app
from scenes.ui import cardart, resources, widgets
from scenes.ui.widgets import noting_cuts, recording

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
LOOKS = {"normal": {"card_size": "normal", "text_size": "normal"},
         "large cards and text": {"card_size": "large", "text_size": "large"}}
TURNS = 12  # the viewer's turns looked at in each game
LARGEST = {"card_size": "largest", "text_size": "largest"}
# The games whose tables hold the largest text and cards whole at 1280x800 too (1920x1080 has its
# proportions: not looked at again, to keep the suite's time).
LARGEST_WHOLE = {"chains", "chainchain", "cubes", "sovereign-solitaire", "linx", "sovereigns-chain"}
# The games whose reviews hold them at 800x600: every game's.
LARGEST_REVIEWS = {"chains", "chainchain", "cubes", "sovereigns-chain", "linx"}
# The games whose reviews are looked at in the largest look at 1280x800 too: where a review's short
# table squeezed the rows under their numbers, the stock over the prompt, the chain over the strip.
LARGEST_WIDE_REVIEWS = {"chains", "chainchain", "sovereign-solitaire"}


def seats(game) -> list[dict]:
    names = ["Ana", "Ben", "Cleo", "Dev"]
    count = max(game.rules.min_players, min(3, game.rules.max_players))
    return [{"name": names[i], "kind": "human" if i == 0 else "computer", "difficulty": "normal"} for i in range(count)]


class CardsSeen(pygame.Surface):
    """A window's drawing surface that notes where a card's face or back lands on it, while the
    texts are recorded (`widgets.recording`; never what is drawn unrecorded, under a shade)."""

    faces: dict[int, pygame.Surface] = {}  # the card pictures handed out this frame, by id (held: no id is reused)

    def __init__(self, size) -> None:
        super().__init__(size)
        self.cards: list[tuple[pygame.Rect, int]] = []  # each card's place, and how many texts came before it

    def blit(self, source, dest, area=None, special_flags=0):
        if widgets._record is not None and self.faces.get(id(source)) is source:
            size = pygame.Rect(area).size if area is not None else source.get_size()
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            shown = pygame.Rect(at, size).clip(self.get_clip())
            if shown.w and shown.h:
                self.cards.append((shown, len(widgets._record)))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture(autouse=True)
def cards_noted(monkeypatch):
    """Every card picture the scenes ask cardart for is known to `CardsSeen` as a card."""
    for name in ("face", "back", "dimmed"):
        real = getattr(cardart, name)

        def noted(*args, real=real, **kwargs):
            picture = real(*args, **kwargs)
            CardsSeen.faces[id(picture)] = picture
            return picture

        monkeypatch.setattr(cardart, name, noted)


def boxed_in(text, holder) -> bool:
    """Whether `text` is drawn inside `holder` on purpose: a control's label, or words printed on
    a card (a tag on it)."""
    return text.box is not None and holder.contains(text.box)


def overlaps(drawn, cards) -> list[str]:
    """Texts (and controls) over one another; texts over a card drawn before them (but words
    printed on a card of their own, lying over cards before it); cards drawn over a text."""
    found = []
    for a, b in itertools.combinations(drawn, 2):
        if a.rect.colliderect(b.rect) and not (b.size == 0 and boxed_in(a, b.rect)) \
                and not (a.size == 0 and boxed_in(b, a.rect)):
            found.append(f"{a.what!r} {tuple(a.rect)} over {b.what!r} {tuple(b.rect)}")
    for index, text in enumerate(drawn):
        on_a_card = text.size and any(boxed_in(text, card) for card, _ in cards)
        for card, texts_before in cards:
            if not text.size or not text.rect.colliderect(card) or boxed_in(text, card):
                continue
            if texts_before > index:
                found.append(f"a card at {tuple(card)} over {text.what!r} {tuple(text.rect)}")
                break
            if not on_a_card:
                found.append(f"{text.what!r} {tuple(text.rect)} over a card at {tuple(card)}")
                break
    return found


def faults(scene, screen: CardsSeen, size=None) -> list[str]:
    """What one frame of `scene` (laid out first at `size`) cuts short, and what it draws over a
    text or a card."""
    screen.cards = []
    CardsSeen.faces.clear()
    with noting_cuts() as cuts, recording() as drawn:
        if size is not None:
            scene.layout(size)
        scene.draw(screen)
    return [f"cut short: {text}" for text in cuts] + overlaps(drawn, screen.cards)


def windows(app) -> dict:
    """A drawing surface for each size, the display kept open at the smallest (pictures convert)."""
    pygame.display.set_mode(SIZES[0])
    return {size: CardsSeen(size) for size in SIZES}


def each_size(app, scene, screens: dict, name: str, largest: tuple = ()) -> list[str]:
    """`scene` laid out and drawn at each size in each look in turn, and in the LARGEST look at
    the sizes `largest` (then at the first size in the normal look again)."""
    found = []
    looks = [(looks, settings, screens) for looks, settings in LOOKS.items()]
    for looks, settings, shown in looks + [("largest text and cards", LARGEST, {size: screens[size] for size in largest})]:
        app.settings.update(settings)
        app.apply_settings()
        for size, screen in shown.items():
            app.screen = screen
            found += [f"{name} at {size[0]}x{size[1]} ({looks}): {fault}" for fault in faults(scene, screen, size)]
    app.settings.update(LOOKS["normal"])
    app.apply_settings()
    app.screen = screens[SIZES[0]]
    scene.layout(SIZES[0])
    return found


def viewer_turns(driver: Driver, table, turns: int):
    """Each of the viewer's next `turns` turns (their numbers), with computers moving between them."""
    rng = Rng(5)
    for turn in range(turns):
        for _frame in range(4000):
            if table.session.game_over or (table.my_turn and not table.motion.busy):
                break
            driver.frame(dt=0.05)
        if table.session.game_over or driver.app.top is not table:
            return
        yield turn
        legal = table.session.legal_actions()
        table.perform(legal[rng.below(len(legal))])


def resting_on_a_hand_card(table) -> None:
    """The pointer rests on the viewer's first hand card (raised, its help shown where a game has it)."""
    view = table.current_view()
    cards = table.hand.cards(view) if view.seat is not None else []
    if cards:
        pos = table.hand.card_center(view, cards[0])
        table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def pointer_away(table) -> None:
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_no_text_is_cut_or_drawn_over_text_or_a_card_at_any_size(game, private_home):
    app = open_app(fit_to_desktop=False)
    screens = windows(app)
    app.screen = screens[SIZES[0]]
    app.settings["computer_speed"] = "fast"
    driver = Driver(app)
    session = Session(game.name, {"seats": seats(game)}, 7)
    app.screens.table(session)
    table = app.top
    table.layout(SIZES[0])
    largest = SIZES[:2] if game.name in LARGEST_WHOLE else SIZES[:1]
    found = []
    for turn in viewer_turns(driver, table, TURNS):
        found += each_size(app, table, screens, f"turn {turn}", largest)
        table.show_hint()
        found += each_size(app, table, screens, f"turn {turn} with a hint", largest)
        resting_on_a_hand_card(table)
        found += each_size(app, table, screens, f"turn {turn}, pointer on a card", largest)
        pointer_away(table)
    while not session.game_over:
        legal = session.legal_actions()
        session.apply(legal[0] if session.to_move not in session.computers else session.computer_action())
    found += each_size(app, GameOver(app, table), screens, "results", SIZES)
    assert not found, f"{game.name}:\n" + "\n".join(sorted(set(found))[:40]) + f"\n({len(set(found))} in all)"



def test_every_event_of_the_solitaire_shows_its_words_whole_at_full_size(private_home):
    """The strip along the solitaire's top holds the tallest event card at the side panel's text
    size, or the event card stands over the log, at every size and look, the largest text and
    cards too (Hostile Orbit's words were cut at 800x600 beside empty felt; at the largest text
    the strip could hold the cards only by shrinking their words)."""
    from scenes.games.sovereign.cards import event_face
    from scenes.ui.resources import text_px

    app = open_app(fit_to_desktop=False)
    game = next(game for game in GAMES if game.name == "sovereign-solitaire")
    session = Session(game.name, {"seats": [{"name": "Ann"}], "rules": {"deal": 26}}, 7)
    found = []
    for looks, size, table in tables_at_every_look(app, session, {**LOOKS, "largest text and cards": LARGEST}):
        box = table.side.event_box
        for event in session.rules.cards.events:
            card = event_face(f"Event: {event.name}", event.text, box.w, text_px(table.px(14)))
            if card.get_height() > box.h:
                found.append(f"{event.name} at {size} ({looks}): {card.get_height()} px tall in {box.h}")
    assert not found, found


READABLE = {(800, 600): 32, (1280, 800): 40, (1920, 1080): 64}  # a row's cards at least, px, at the largest look


@pytest.mark.parametrize("players", [1, 3, 4])
def test_sovereigns_chain_rows_keep_readable_cards_with_the_largest_text_and_cards(players, private_home):
    """With the largest text and cards, Sovereign's Chain's rows (and the solitaire's chain) keep
    cards large enough to read (`READABLE`), at the start and 40 moves in, at every size: the
    rows stand two side by side, the side panel (the solitaire's event card) goes over the log,
    the labels wrap between their parts (two-line labels once left three rows 16 px cards at
    1280x800, and the solitaire's event strip its chain the same)."""
    from scenes.shell.screens import table_class

    others = [{"name": name, "kind": "computer"} for name in ["Ben", "Cleo", "Dev"][:players - 1]]
    game, rules = ("sovereign-solitaire", {"deal": 26}) if players == 1 else ("sovereigns-chain", {})
    session = Session(game, {"seats": [{"name": "Ana"}] + others, "rules": rules}, 7)
    app = open_app(fit_to_desktop=False)
    app.settings.update(LARGEST)
    app.apply_settings()
    found = []
    for moves in (0, 40):
        while len(session.moves) < moves and not session.game_over:
            session.apply(session.legal_actions()[0] if session.to_move not in session.computers else session.computer_action())
        for size in SIZES:
            app.screen = pygame.display.set_mode(size)
            table = table_class(session.descriptor)(app, session)
            table.layout(size)
            if table.chain_w < READABLE[size]:
                found.append(f"{size} after {moves} moves: {table.chain_w} px")
    assert not found, found


NORMAL_SHARE = 2 / 3  # a row's cards at the largest look, at least, of their width in the Normal look


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sovereigns_chain_rows_keep_most_of_their_normal_width_with_the_largest_text_and_cards(players, private_home):
    """With the largest text and cards, Sovereign's Chain's row cards keep at least two thirds of
    their width in the Normal look (`NORMAL_SHARE`), at every size, at the start and 40 moves in:
    a label too long for a line of its own over the cards stands in a column beside them (at
    1280x800 three rows held 41-49 px cards under two-line labels, beside 95 px at Normal, with
    felt to spare at their right; beside the cards they hold 69-75 px)."""
    from scenes.shell.screens import table_class

    names = ["Ana", "Ben", "Cleo", "Dev"][:players]
    seats = [{"name": name, "kind": "human" if i == 0 else "computer"} for i, name in enumerate(names)]
    session = Session("sovereigns-chain", {"seats": seats}, 7)
    app = open_app(fit_to_desktop=False)
    found = []
    for moves in (0, 40):
        while len(session.moves) < moves and not session.game_over:
            session.apply(session.legal_actions()[0] if session.to_move not in session.computers else session.computer_action())
        for size in SIZES:
            widths = {}
            for looks, settings in (("normal", LOOKS["normal"]), ("largest", LARGEST)):
                app.settings.update(settings)
                app.apply_settings()
                app.screen = pygame.display.set_mode(size)
                table = table_class(session.descriptor)(app, session)
                table.layout(size)
                widths[looks] = table.chain_w
            if widths["largest"] < NORMAL_SHARE * widths["normal"]:
                found.append(f"{size} after {moves} moves: {widths['largest']} px at the largest look, {widths['normal']} px at Normal")
    assert not found, found


def tables_at_every_look(app, session, looked: dict = LOOKS):
    """`session`'s table laid out at each of SIZES in each of `looked`: (looks, size, table)."""
    from scenes.shell.screens import table_class

    for looks, settings in looked.items():
        app.settings.update(settings)
        app.apply_settings()
        for size in SIZES:
            app.screen = pygame.display.set_mode(size)
            table = table_class(session.descriptor)(app, session)
            table.layout(size)
            yield looks, size, table


def finished_games() -> list[Session]:
    """A game of each kind, played to its end by the rule of thumb, a person in seat 0 (the
    solitaire on a numbered deal)."""
    games = []
    for game in GAMES:
        players = 1 if game.rules.max_players == 1 else max(2, game.rules.min_players)
        seats = [{"name": "Ann"}] + [{"name": f"Bot {i}", "kind": "computer"} for i in range(1, players)]
        rules = {"deal": 412} if game.name == "sovereign-solitaire" else {}
        session = Session(game.name, {"seats": seats, "rules": rules}, 7)
        person = session.descriptor.heuristic(7)
        while not session.game_over:
            seat = session.to_move
            session.apply(person.choose(session.view(0), session.legal_actions()) if seat == 0
                          else session.computer_action())
        games.append(session)
    return games


@pytest.fixture(scope="module")
def judged_games(tmp_path_factory) -> tuple[list[Session], Path]:
    """The finished games and a folder of their stored reviews (judged briefly), made once for
    every size and look: a review screen finds its game's review stored and is ready at once, as
    it is for a game reviewed before."""
    from game import storage
    from game.review import Review
    from test_review import TINY

    home = tmp_path_factory.mktemp("judged")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHAINTABLE_HOME", str(home))
        sessions = finished_games()
        for session in sessions:
            Review(session.to_save(), 0, budget=TINY).run()
        return sessions, storage.reviews_dir()


def review_ready(driver: Driver, scene) -> None:
    """Frames until the review is ready, each after a pause that leaves its worker the processor
    (a frame loop drawing flat out would starve it)."""
    for _ in range(20000):
        if scene.ready:
            return
        time.sleep(0.01)
        driver.frame()
    pytest.fail("the review did not finish")


STOPS = (0.0, 0.35, 0.7, 1.0)  # where along a replay or a review its screen is looked at


def along(scene, name: str):
    """`scene` (a replay or a review) at each of STOPS of its moves, once the move has landed."""
    last = len(scene.playback) - 1
    for share in STOPS:
        scene.go(round(share * last) - scene.step)
        scene.table.motion.clear()
        yield f"{name} at move {scene.step}", scene


def screens_after_the_games(driver: Driver, sessions: list[Session]):
    """Each screen that shows finished games: each game's results, its replay and its review
    along the game; the list of saved games; the statistics of each game."""
    from game import storage
    from game.stats import record_game
    from scenes.menus.replay import Replay, ReplayList
    from scenes.menus.review import ReviewScene
    from scenes.menus.stats_screen import StatsScreen
    from scenes.shell.screens import table_class

    app = driver.app
    for session in sessions:
        storage.archive_game(session)
        record_game(session)
        table = table_class(session.descriptor)(app, session)
        app.reset_to(table)
        yield f"{session.game} results", GameOver(app, table)
        replay = Replay(app, session, table_class(session.descriptor))
        app.reset_to(replay)
        yield from along(replay, f"{session.game} replay")
        review = ReviewScene(app, session, 0, table_class(session.descriptor))
        app.reset_to(review)
        review_ready(driver, review)
        yield from along(review, f"{session.game} review")
    yield "saved games", ReplayList(app)
    stats = StatsScreen(app)
    for game in GAMES:
        stats.chooser.value = game.name
        yield f"{game.name} statistics", stats


def test_no_text_is_cut_or_drawn_over_in_results_replays_reviews_saved_games_or_statistics(judged_games,
                                                                                          private_home):
    """Each screen built once and looked at in the three sizes and both looks; the results, the
    replays and the reviews (`LARGEST_REVIEWS`) also with the largest text and cards at 800x600,
    and some reviews at 1280x800 too (`LARGEST_WIDE_REVIEWS`)."""
    from game import storage

    sessions, reviews = judged_games
    shutil.copytree(reviews, storage.reviews_dir(), dirs_exist_ok=True)
    app = open_app(fit_to_desktop=False)
    screens = windows(app)
    app.screen = screens[SIZES[0]]
    found = []
    for name, scene in screens_after_the_games(Driver(app), sessions):
        game, _, _rest = name.partition(" ")
        looked = name.endswith("results") or " replay at " in name or (" review at " in name and game in LARGEST_REVIEWS)
        largest = SIZES[:1] if looked else []
        if " review at " in name and game in LARGEST_WIDE_REVIEWS:
            largest = largest + [SIZES[1]]
        found += each_size(app, scene, screens, name, largest)
    assert not found, "\n".join(sorted(set(found))[:60]) + f"\n({len(set(found))} in all)"


@pytest.mark.parametrize("game", ["sovereigns-chain", "sovereign-solitaire"])
def test_the_supply_line_keeps_each_count_with_its_word(game, private_home):
    """"Supply: 13 shield, 19 modifier, 21 suit" wraps between its counts, never as "19 /
    modifier", at every size and look."""
    import re


    app = open_app(fit_to_desktop=False)
    players = 1 if game == "sovereign-solitaire" else 2
    seats = [{"name": "Ann"}] + [{"name": "Bot", "kind": "computer"}] * (players - 1)
    session = Session(game, {"seats": seats, "rules": {"deal": 26} if players == 1 else {}}, 7)
    found = []
    for looks, size, table in tables_at_every_look(app, session):
        with recording() as drawn:
            table.draw(app.screen)
        lines = [item.what for item in drawn if item.size]
        supply = [line for line in lines if re.search(r"(shield|modifier|suit)\b", line) and "pool" not in line]
        found += [f"{size} ({looks}): {line!r}" for line in supply if re.search(r"(, |: )\d+$", line)]
        assert supply, "the supply line is drawn"
    assert not found, found


def test_a_long_linx_chain_names_what_each_link_shares(private_home):
    """A chain of 15 cards in the chain row: each link says what it shares ("✓ Diamond"), on
    two lines where the cards lie too close for one, never a bare "✓", nor over another text, at
    every size and look."""
    from game.linx.cards import card
    from scenes.shell.screens import table_class

    app = open_app(fit_to_desktop=False)
    game = next(game for game in GAMES if game.name == "linx")
    session = Session(game.name, {"seats": seats(game)}, 7)
    found = []
    for looks, settings in LOOKS.items():
        app.settings.update(settings)
        app.apply_settings()
        for size in SIZES:
            app.screen = CardsSeen(size)
            pygame.display.set_mode(size)
            table = table_class(game)(app, session)
            table.layout(size)
            chain = table.builder
            chain.start, chain.built, chain.end = card("1Di"), [card(f"{n}Di") for n in range(2, 15)], card("15Di")
            faults_seen = faults(table, app.screen)
            with recording() as drawn:
                table.draw(app.screen)
            links = [item.what for item in drawn if "\u2713" in item.what]
            found += [f"{size} ({looks}): {fault}" for fault in faults_seen]
            found += [f"{size} ({looks}): a bare mark" for link in links if link == "\u2713"]
            assert len(links) == 14, links
    assert not found, found


def test_chain_chains_last_play_labels_lie_inside_the_piles_frame(private_home):
    """"1st" and "2nd" over the pile's last play stand wholly inside the frame that lights when a
    card may go there (its edge ran through them at Large), at every size and look."""

    app = open_app(fit_to_desktop=False)
    game = next(game for game in GAMES if game.name == "chainchain")
    session = Session(game.name, {"seats": seats(game)}, 7)
    while len(session.view(0).pile) < 2:
        session.apply(session.legal_actions()[0])
    found = []
    for looks, size, table in tables_at_every_look(app, session):
        with recording() as drawn:
            table.draw(app.screen)
        labels = [item for item in drawn if item.what in ("1st", "2nd")]
        assert labels, "the last play is labelled"
        found += [f"{size} ({looks}): {item.what} {tuple(item.rect)} across {tuple(table.pile_rect)}"
                  for item in labels if not table.pile_rect.contains(item.rect)]
    assert not found, found


@pytest.mark.parametrize("game", ["sovereign-solitaire", "sovereigns-chain"])
def test_a_sovereign_review_keeps_its_chain_cards_readable_with_the_largest_text_and_cards(game, judged_games,
                                                                                            private_home):
    """A review's table is short (its panel and controls under it): with the largest text and
    cards the solitaire's chain came out 16 px wide at every size. The panel yields (its details,
    its legend, smaller lines never under Normal's), then the table's text a size at a time
    (never under Normal), until the chain's cards are READABLE_WIDTH wide at least (their value
    drawn at the least text size); nothing cut short or drawn over. At 800x600 the panel's
    yielding is enough: the table keeps the text chosen; with Normal text nothing yields."""
    from game import storage
    from scenes.games.sovereign.cards import READABLE_WIDTH
    from scenes.menus.review import ReviewScene
    from scenes.shell.screens import table_class

    sessions, reviews = judged_games
    shutil.copytree(reviews, storage.reviews_dir(), dirs_exist_ok=True)
    session = next(session for session in sessions if session.game == game)
    app = open_app(fit_to_desktop=False)
    screens = windows(app)
    app.screen = screens[SIZES[0]]
    review = ReviewScene(app, session, 0, table_class(session.descriptor))
    app.reset_to(review)
    review_ready(Driver(app), review)
    found = []
    for looks, settings in (("largest", LARGEST), ("normal", LOOKS["normal"])):
        app.settings.update(settings)
        app.apply_settings()
        for size, screen in screens.items():
            app.screen = screen
            for name, scene in along(review, f"{size[0]}x{size[1]} ({looks})"):
                found += [f"{name}: {fault}" for fault in faults(scene, screen, size)]
                width, least = review.table.board_cards()
                if width < max(least, READABLE_WIDTH):
                    found.append(f"{name}: chain cards {width} px")
                if (looks == "normal" or size == SIZES[0]) and review.table_text != resources.text_scale:
                    found.append(f"{name}: the table's text at {review.table_text}")
    assert not found, "\n".join(found)


LARGER_TEXT = {"card_size": "largest", "text_size": "larger"}
LARGE_CARDS = {"card_size": "large", "text_size": "largest"}
# A review laid out in turn (by the app, as a resize or a change of settings lays it out): another
# move shown, the window resized, the text size changed, back to a window seen, the card size
# changed (the 2-player game's review at 1024x640 half way chooses another panel with Large cards).
RELAID = [(LARGEST, (800, 600), 0.0), (LARGEST, (800, 600), 0.5), (LARGEST, (1280, 800), 0.5),
          (LARGER_TEXT, (1280, 800), 0.5), (LARGEST, (1280, 800), 0.5), (LARGEST, (1920, 1080), 1.0),
          (LARGEST, (800, 600), 0.5), (LARGEST, (1024, 640), 0.5), (LARGE_CARDS, (1024, 640), 0.5)]


def review_choice(review) -> tuple:
    """What a review's layout chose: the panel's look, the table's text, the bar, the chain's cards."""
    return (review.line_size, review.legend_size, review.rows, review.legend_box.h, review.table_text,
            tuple(review.bar), review.table.board_cards())


@pytest.mark.parametrize("game", ["sovereign-solitaire", "sovereigns-chain"])
def test_a_sovereign_review_lays_itself_out_anew_for_another_window_text_size_or_move(game, judged_games,
                                                                                     private_home):
    """A review keeps the panel's look and table text its layout chose (finding them at the
    largest text lays the table out several times); after a resize, another text or card size,
    or another move shown, it lays itself out as a review opened there does."""
    from game import storage
    from scenes.menus.review import ReviewScene
    from scenes.shell.screens import table_class

    sessions, reviews = judged_games
    shutil.copytree(reviews, storage.reviews_dir(), dirs_exist_ok=True)
    session = next(session for session in sessions if session.game == game)
    app = open_app(fit_to_desktop=False)
    screens = windows(app) | {(1024, 640): CardsSeen((1024, 640))}
    app.screen = screens[SIZES[0]]
    review = ReviewScene(app, session, 0, table_class(session.descriptor))
    app.reset_to(review)
    review_ready(Driver(app), review)
    seen = []
    for settings, size, share in RELAID:
        app.screen = screens[size]
        review.go(round(share * (len(review.playback) - 1)) - review.step)
        app.settings.update(settings)
        app.apply_settings()
        opened = ReviewScene(app, session, 0, table_class(session.descriptor))
        assert opened.work.thinker.wait(60)
        opened.update(0.0)
        opened.go(review.step - opened.step)
        opened.layout(size)
        seen.append(review_choice(opened))
        assert review_choice(review) == seen[-1], f"{settings} at {size} at move {review.step}"
    assert len(set(seen)) > 3, "the layouts looked at chose alike"


LINX_SIZES = [(800, 600), (1024, 640), (1280, 800), (1920, 1080)]
# Chains in LINX's chain row: a run of links that share a symbol then two others; links that share
# a number and a symbol in turn, nine cards and twelve (the longest a scoring card asks for); a
# broken link among them.
LINX_CHAINS = {"a run": "1Di 2Di 3Di 4Di 5Di 5Su 15Su", "by turns": "1Di 1Su 2Su 2Mo 3Mo 3He 4He 4Le 5Le",
               "twelve by turns": "1Di 1Su 2Su 2Mo 3Mo 3He 4He 4Le 5Le 5St 6St 6Di", "broken": "1Di 2Di 7Su 7Mo 9Mo"}


def linx_tables(app, players: int, names: list[str] | None = None):
    """A LINX table with the largest text and cards at each of LINX_SIZES, `players` seats (the
    first a person who has drawn: the chain row is live), drawn on a CardsSeen: (size, table)."""
    from scenes.games.linx.table import LinxTable

    names = names or ["Ana", "Ben", "Cleo", "Dev"]
    seats = [{"name": names[i], "kind": "human" if i == 0 else "computer"} for i in range(players)]
    session = Session("linx", {"seats": seats}, 7)
    while session.to_move == 0 and any(type(action).__name__ == "Draw" for action in session.legal_actions()):
        session.apply(next(action for action in session.legal_actions() if type(action).__name__ == "Draw"))
    app.settings.update(LARGEST)
    app.apply_settings()
    for size in LINX_SIZES:
        pygame.display.set_mode(size)
        app.screen = CardsSeen(size)
        table = LinxTable(app, session)
        app.reset_to(table)
        table.layout(size)
        yield size, table


@pytest.mark.parametrize("players", [2, 4])
def test_a_linx_chains_links_say_what_they_share_with_the_largest_text(players, private_home):
    """With the largest text and cards, where the chain's status lies beside its cards (1024x640,
    1280x800: the cards close together), each link still says what it shares: a run of links
    that share a symbol is named once under it ("✓ Diamond"), the others by their number or
    symbol, never a bare "✓" (it tells a low-vision player nothing); and no word is cut or lies
    over another or a card, at every size, with two seats and four."""
    from game.linx.cards import card
    from scenes.games.linx.builder import LINK_BAD, LINK_OK, link_words

    app = open_app(fit_to_desktop=False)
    found, beside = [], set()
    for size, table in linx_tables(app, players):
        chain = table.builder
        for name, codes in LINX_CHAINS.items():
            cards = [card(code) for code in codes.split()]
            chain.start, chain.built, chain.end = cards[0], cards[1:-1], cards[-1]
            found += [f"{size} {name}: {fault}" for fault in faults(table, app.screen)]
            with recording() as drawn:
                table.draw(app.screen)
            labels = [item.what for item in drawn if item.size and item.color[:3] in (LINK_OK, LINK_BAD)]
            shared = {words.removeprefix("both ") for ok, words in (link_words(a, b) for a, b in zip(cards, cards[1:])) if ok}
            named = {label.removeprefix("\u2713 ") for label in labels}
            found += [f"{size} {name}: a bare mark among {labels}" for label in labels if label == "\u2713"]
            found += [f"{size} {name}: {missing!r} is not said ({labels})" for missing in shared - named]
            beside |= {size} if chain.beside else set()
    assert {(1024, 640), (1280, 800)} <= beside, "the status lies beside the cards there"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("players", [2, 4])
def test_linxs_remarks_show_whole_with_the_largest_text(players, private_home):
    """With the largest text and cards, where the prompt keeps two lines (1024x640, 1280x800), a
    remark at a LINX table (the hint, a card clicked to discard, what Enter does under the
    keyboard's cursor) shows whole at once, in the longest wording that fits, and so does the
    "Enter: <the hint's move>" prompt after it, even with seat names as wide as a name may be:
    never cut, with two seats and four, at every size."""
    import re

    from game.session import NAME_LIMIT
    from scenes.ui.widgets import noting_cuts

    app = open_app(fit_to_desktop=False)
    driver = Driver(app)
    names = [letter * NAME_LIMIT for letter in "WMHD"]
    found, said = [], set()
    for size, table in linx_tables(app, players, names):
        line = table.prompt_line
        view = table.current_view()
        for act in ("click a card", "hint", "the hint's remark gone", "right", "right", "up", "left"):
            if act == "click a card":
                driver.click(table.hand.card_center(view, table.hand.cards(view)[0]))
            elif act == "hint":
                driver.key(pygame.K_h)
            elif act == "the hint's remark gone":  # the prompt says what Enter does: "Enter: <the hint's move>"
                line.clear(alert=False, notice=True)
            else:
                driver.key(getattr(pygame, f"K_{act.upper()}"))
            table.draw(app.screen)
            with noting_cuts() as cuts:  # the prompt's own (a seat's box fits a long name on its own terms)
                table.draw_prompt(app.screen, table.current_view())
            wordings = [line.notice, *line.shorter]
            whole = wordings + [re.sub(r" \([^()]*\)", "", wording) for wording in wordings]
            shown = " ".join(line.remark_lines())
            said.add(line.notice)
            found += [f"{size} after {act}: cut {cut!r}" for cut in cuts]
            found += [f"{size} after {act}: {shown!r} is not {line.notice!r} whole"] if shown not in whole and line.notice_time else []
        driver.key(pygame.K_c)
    assert any(remark.startswith("Hint: ") for remark in said) and any(remark.startswith("Click ") for remark in said), said
    assert not found, "\n".join(found)
