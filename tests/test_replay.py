"""Finished games are kept (the last 50) and replayed move by move, forwards and backwards, as an
onlooker sees them or from a chosen seat (a solitaire from its one seat); the list says how each
game ended."""

from __future__ import annotations

import pygame

from game import storage
from game.rng import Rng
from game.session import Session
from game.playback import Playback
from scenes.menus.replay import Replay, ReplayList
from scenes.ui.widgets import recording

COMPUTERS = {"seats": [{"name": "Ana", "kind": "computer", "difficulty": "random"},
                       {"name": "Ben", "kind": "computer", "difficulty": "random"}]}


def finished(game: str = "chains", seed: int = 3) -> Session:
    session = Session(game, COMPUTERS, seed)
    rng = Rng(seed)
    while not session.game_over:
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    return session


def after_moves(saved: Session, moves: int) -> Session:
    """The saved game replayed afresh, up to its first `moves` moves."""
    session = Session(saved.game, saved.config, saved.seed)
    for item in saved.log[:moves]:
        session.replay_item(item)
    return session


def test_a_finished_game_at_the_table_is_kept_for_replay(driver):
    driver.app.screens.table(Session("chains", COMPUTERS, 4))
    table = driver.app.top
    for _ in range(5000):
        if table.session.game_over and table.turns.game_over_wait < 0:
            break
        driver.frame(dt=0.1)
    assert len(storage.finished_games()) == 1
    assert storage.load_game(storage.finished_games()[0]).log == table.session.log


def test_only_the_newest_are_kept(monkeypatch):
    monkeypatch.setattr(storage, "FINISHED_KEPT", 3)
    for seed in range(5):
        storage.archive_game(finished(seed=seed))
    assert len(storage.finished_games()) == 3


def test_the_replay_steps_through_every_position_of_the_game():
    saved = finished("cubes", 5)
    playback = Playback(saved)
    assert len(playback) == len(saved.log) + 1
    playback.show(len(playback) - 1)
    assert playback.session.view(None) == saved.view(None) and playback.session.moves == saved.moves
    playback.show(0)
    assert playback.session.view(None) == Session("cubes", COMPUTERS, 5).view(None) and playback.session.moves == []


def test_a_replay_goes_forwards_backwards_and_to_either_end_and_shows_no_hand(driver):
    saved = finished("chains", 6)
    storage.archive_game(saved)
    driver.app.screens.replays()
    listing = driver.app.top
    assert isinstance(listing, ReplayList) and len(listing.shown) == 1
    driver.click(listing.shown[0][0].rect.center)
    replay = driver.app.top
    assert isinstance(replay, Replay) and replay.step == 0
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    two_moves_in = after_moves(saved, 2)
    assert replay.step == 2 and replay.table.current_view() == two_moves_in.view(None)
    assert replay.table.stream.log_lines() == two_moves_in.stream(None).log_lines(), "the move list up to the second move"
    driver.key(pygame.K_END)
    assert replay.step == len(replay.playback) - 1 and replay.session.game_over
    with recording() as drawn:
        replay.draw(driver.app.screen)
    assert any(item.what.startswith(("no cards left", "1 card", "2 cards", "3 cards", "4 cards", "5 cards"))
               for item in drawn), "every seat's cards and result are shown at the end"
    driver.key(pygame.K_LEFT)
    assert not replay.session.game_over
    with recording() as drawn:
        replay.draw(driver.app.screen)
    shown = {item.what for item in drawn}
    assert not shown & {"Undo", "Redo", "Table", "Rules", "Menu", "Hint"}, "a replay offers no table buttons"
    assert replay.table.current_view().seat is None, "an onlooker's view: no hand shown"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is listing


def test_a_game_saved_by_name_opens_again_from_saved_games(driver):
    """Ctrl+S at the table asks for a name; Saved games on the menu lists it and opens it at the
    same move."""
    from scenes.menus.confirm import AskText

    driver.app.screens.table(Session("cubes", COMPUTERS, 7))
    table = driver.app.top
    for _ in range(40):
        driver.frame(dt=0.1)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    prompt = driver.app.top
    assert isinstance(prompt, AskText) and prompt.field.value and prompt.field.selected
    driver.type_text("Sunday game")  # the name proposed is replaced
    driver.key(pygame.K_RETURN)
    assert driver.app.top is table and "Sunday game" in table.prompt_line.notice
    log = list(table.session.log)
    assert [path.stem for path in storage.named_saves()] == ["Sunday game"]
    driver.app.screens.menu()
    driver.app.screens.replays()
    listing = driver.app.top
    assert listing.shown[0][0].label.startswith("Saved: Sunday game")
    driver.click(listing.shown[0][0].rect.center)
    assert driver.app.top.session.log[:len(log)] == log


def test_the_name_proposed_is_chosen_whole_replaced_cleared_or_kept_to_type_on(driver):
    """As in any desktop program: typing replaces the name proposed, Backspace clears it, and an
    arrow, Home, End or a click keeps it to type on."""
    from scenes.menus.confirm import AskText

    driver.app.screens.table(Session("cubes", COMPUTERS, 7))

    def proposed() -> AskText:
        driver.key(pygame.K_s, pygame.KMOD_CTRL)
        return driver.app.top

    box = proposed()
    name = box.field.value
    driver.key(pygame.K_BACKSPACE)
    assert box.field.value == "" and not box.field.selected
    driver.key(pygame.K_ESCAPE)
    for keep in (pygame.K_END, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_HOME, "click"):
        box = proposed()
        if keep == "click":
            driver.click(box.field.rect.center)
        else:
            driver.key(keep)
        driver.type_text(" 2")
        driver.key(pygame.K_BACKSPACE)
        assert box.field.value == name + " ", keep
        driver.key(pygame.K_ESCAPE)


def test_saving_under_a_taken_name_asks_before_replacing_and_an_empty_name_is_refused(driver):
    """A name taken already (letter case aside) asks to replace the saved game; until the player
    says Replace (a click or R: Enter and Esc keep it), the first save is kept. A name with
    nothing to show is refused with the reason, the box kept open to type another."""
    from scenes.menus.confirm import AskText, Confirm

    driver.app.screens.table(Session("cubes", COMPUTERS, 7))
    table = driver.app.top
    storage.save_named(Session("chains", COMPUTERS, 3), "Sunday game")
    (path,) = storage.named_saves()

    def save_as(name):
        driver.key(pygame.K_s, pygame.KMOD_CTRL)
        assert isinstance(driver.app.top, AskText)
        driver.app.top.field.value = ""
        driver.type_text(name)
        driver.key(pygame.K_RETURN)

    save_as("   ")
    assert isinstance(driver.app.top, AskText) and "needs a name" in driver.app.top.refusal
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is table
    save_as("SUNDAY GAME")
    confirm = driver.app.top
    assert isinstance(confirm, Confirm) and "Sunday game" in confirm.detail
    driver.key(pygame.K_ESCAPE)
    assert storage.load_game(path).game == "chains" and storage.named_saves() == [path]
    save_as("SUNDAY GAME")
    driver.key(pygame.K_RETURN)
    assert driver.app.top is table and storage.load_game(path).game == "chains", "Enter keeps the first save"
    save_as("SUNDAY GAME")
    driver.key(pygame.K_r)
    assert driver.app.top is table and "Saved as" in table.prompt_line.notice
    assert storage.named_saves() == [path] and storage.load_game(path).game == "cubes"


def solitaire_lost(seed: int = 3) -> Session:
    from game.sovereign.solitaire import SolitaireHint

    session = Session("sovereign-solitaire", {"seats": [{"name": "You"}]}, seed)
    player = SolitaireHint(1)
    while not session.game_over:
        session.apply(player.choose(session.view(0), session.legal_actions()))
    return session


def test_a_solitaire_replay_shows_the_hand_and_no_backs_over_the_chain(driver, monkeypatch):
    """There is nobody to hide a solitaire's hand from: the replay shows it, as the table did."""
    from scenes.ui import cardart

    driver.app.screens.replay(solitaire_lost())
    replay = driver.app.top
    replay.go(3)
    view = replay.table.current_view()
    assert view.seat == 0 and len(view.hand) == 5
    backs, faces = [], []
    real_back, real_face = cardart.back, cardart.face
    monkeypatch.setattr(cardart, "back", lambda width: backs.append(width) or real_back(width))
    monkeypatch.setattr(cardart, "face", lambda card, width: faces.append(card) or real_face(card, width))
    with recording() as drawn:
        replay.draw(driver.app.screen)
    assert len(backs) == 1, "only the draw pile shows a back: no hand of backs, none over place 7"
    assert set(view.hand) <= set(faces)
    assert not any(item.what.startswith("View:") for item in drawn), "a solitaire has one seat to watch from"


def test_a_replay_is_watched_from_a_chosen_seat_with_its_hand_shown(driver):
    saved = finished("chains", 6)
    storage.archive_game(saved)
    driver.app.screens.replays()
    driver.click(driver.app.top.shown[0][0].rect.center)
    replay = driver.app.top
    replay.go(4)
    assert replay.table.current_view().seat is None and replay.view_button.label == "View: onlooker"
    driver.click(replay.view_button.rect.center)
    assert replay.table.current_view().seat == 0 and replay.view_button.label == "View: Ana's hand"
    assert replay.table.current_view().hand == replay.session.rules.view(replay.session.state, 0).hand
    driver.key(pygame.K_v)
    assert replay.table.current_view().seat == 1 and replay.view_button.label == "View: Ben's hand"
    driver.key(pygame.K_v)
    assert replay.table.current_view().seat is None, "and back to an onlooker"


def test_the_list_names_a_solitaire_deal_by_its_number(driver):
    """Today's deal (or any numbered deal) can be found again in the list by its number."""
    session = Session("sovereign-solitaire", {"seats": [{"name": "You"}], "rules": {"deal": 412}}, 3)
    session.apply(session.legal_actions()[0])
    storage.save_named(session, "my deal")
    driver.app.screens.replays()
    (button, _path), = driver.app.top.shown
    assert button.label == "Saved: my deal \u00b7 Sovereign's Chain: Solitaire \u00b7 Deal #412"
    assert button.note.startswith("in progress \u00b7 You \u00b7 ")


def test_the_list_says_how_each_game_ended(driver):
    storage.archive_game(solitaire_lost(3))
    storage.archive_game(finished("chains", 6))
    one_human = Session("chains", {"seats": [{"name": "Ana"}, COMPUTERS["seats"][1]]}, 2)
    storage.save_named(one_human, "Sovereign's Chain: Solitaire Ana")
    driver.app.screens.replays()
    labels = [f"{button.label} \u00b7 {button.note}" for button, _path in driver.app.top.shown]
    assert labels[0].startswith("Saved: Sovereign's Chain: Solitaire Ana \u00b7 Chains \u00b7 in progress \u00b7 Ana, Ben")
    assert any("Solitaire \u00b7 You lost \u00b7 You \u00b7 " in label for label in labels), labels
    assert any(label.startswith("Replay: Chains \u00b7 Ana won \u00b7 Ana, Ben") or label.startswith(
        "Replay: Chains \u00b7 Ben won \u00b7 Ana, Ben") for label in labels), labels
