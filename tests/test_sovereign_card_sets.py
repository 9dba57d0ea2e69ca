"""Card sets chosen at setup (ruling, "Card files": a player can load another card file; a file
with a mistake is refused with its line and the reason, and the built-in set stays in use).

A set is NAME.classes.toml and NAME.events.toml in the cards folder of the data folder; the
chosen set's texts go into the config, so a save reloads with its own cards."""

from __future__ import annotations

import json
import os
import random

import pytest

from game import storage
from game.session import SaveError, Session
from game.sovereign import GAME
from game.sovereign.card_sets import CARD_SET_KEY, CardSetRules, builtin_texts, find_card_sets, set_value
from game.storage import cards_dir
from scenes.games.sovereign.table import SovereignTable
from scenes.menus.setup import SetupScene

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "difficulty": "normal"}]


def pilots() -> str:
    """The built-in classes with the Scouts renamed Pilots: a set whose cards are told apart."""
    classes, _events = builtin_texts()
    return classes.replace('name = "Scout"', 'name = "Pilot"')


def broken() -> tuple[str, int]:
    """A class file naming an unknown step, and the line it is on."""
    classes, _events = builtin_texts()
    text = classes.replace('steps = ["discard_target"]', 'steps = ["teleport"]')
    return text, text.splitlines().index('steps = ["teleport"]') + 1


def put(name: str, text: str) -> None:
    folder = cards_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def played_to_the_end(session: Session) -> Session:
    while not session.game_over:
        legal = session.legal_actions()
        session.apply(session.computer_action() if session.to_move in session.computers else legal[0])
    return session


def kinds(session: Session) -> set[str]:
    state = session.state
    return {card.kind for card in state.draw_pile + [c for hand in state.hands for c in hand]}


def test_without_card_files_only_the_built_in_set_is_offered():
    assert [(c.name, c.value, c.problem) for c in find_card_sets(cards_dir())] == [("Built-in", None, "")]


def test_a_valid_card_file_is_offered_and_its_cards_are_dealt():
    """A player can load another card file: the game deals its cards, computers play them."""
    put("pilots.classes.toml", pilots())
    found = {c.name: c for c in find_card_sets(cards_dir())}
    assert not found["pilots"].problem
    session = Session("sovereigns-chain", {"seats": SEATS, "rules": {"card_set": found["pilots"].value}}, 5)
    assert "Pilot" in kinds(session) and "Scout" not in kinds(session)
    assert session.descriptor.rules is session.rules and session.rules.cards.classes["Pilot"].steps
    played_to_the_end(session)


def test_a_set_with_one_file_takes_the_other_half_built_in():
    put("pilots.classes.toml", pilots())
    value = {c.name: c for c in find_card_sets(cards_dir())}["pilots"].value
    assert value["events"] == builtin_texts()[1]


def test_a_broken_card_file_is_listed_with_file_line_and_reason_and_cannot_be_chosen(driver):
    """A file that names an unknown step is refused with a message naming the line and the
    problem; the built-in set stays in use."""
    text, line = broken()
    put("mine.classes.toml", text)
    found = {c.name: c for c in find_card_sets(cards_dir())}
    assert found["mine"].value is None
    assert found["mine"].problem.startswith(f"mine.classes.toml, line {line}: unknown step 'teleport'")
    setup = SetupScene(driver.app, "sovereigns-chain")
    driver.app.push(setup)
    driver.frame()
    assert [value for value, _label in setup.card_set.choices] == [""]
    shown = [payload[0] for _rect, kind, payload in setup.items if kind == "text"]
    assert any("mine cannot be used: mine.classes.toml, line" in line_ for line_ in shown)
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, SovereignTable) and "card_set" not in table.session.config["rules"]
    assert "Scout" in kinds(table.session)


def test_the_setup_screen_cycles_to_a_set_and_starts_the_game_with_it_and_remembers_it(driver):
    put("pilots.classes.toml", pilots())
    setup = SetupScene(driver.app, "sovereigns-chain")
    driver.app.push(setup)
    driver.frame()
    assert setup.card_set.label == "Built-in"
    shown = " ".join(payload[0] for _rect, kind, payload in setup.items if kind == "text")
    assert "NAME.classes.toml" in shown and "designed for this edition" in shown
    driver.click((setup.card_set.rect.right - 5, setup.card_set.rect.centery))
    assert setup.card_set.label == "pilots"
    driver.click(setup.start_button.rect.center)
    table = driver.app.top
    assert isinstance(table, SovereignTable) and "Pilot" in kinds(table.session)
    assert driver.app.settings["last_setup"]["sovereigns-chain"]["rules"]["card_set"] == "pilots"
    again = SetupScene(driver.app, "sovereigns-chain")
    assert again.card_set.label == "pilots"


def test_a_remembered_set_whose_files_are_gone_falls_back_to_the_built_in_one(driver):
    driver.app.settings["last_setup"] = {"sovereigns-chain": {"rules": {"card_set": "gone"}}}
    assert SetupScene(driver.app, "sovereigns-chain").card_set.label == "Built-in"


def test_a_saved_game_reloads_with_its_cards_after_the_files_are_gone():
    """The save carries the set's texts: the same game comes back without the files."""
    put("pilots.classes.toml", pilots())
    value = {c.name: c for c in find_card_sets(cards_dir())}["pilots"].value
    session = Session("sovereigns-chain", {"seats": SEATS, "rules": {"card_set": value}}, 9)
    for _ in range(12):
        session.apply(session.computer_action() if session.to_move in session.computers else session.legal_actions()[0])
    storage.save_game(session)
    (cards_dir() / "pilots.classes.toml").unlink()
    loaded = storage.load_game()
    assert loaded.rules.cards == session.rules.cards and kinds(loaded) == kinds(session)
    assert loaded.state.hands == session.state.hands and loaded.state.chains == session.state.chains
    played_to_the_end(loaded)


def test_a_save_whose_card_text_was_damaged_is_refused_naming_the_line():
    value = set_value("pilots", pilots(), builtin_texts()[1])
    session = Session("sovereigns-chain", {"seats": SEATS, "rules": {"card_set": value}}, 9)
    data = session.to_save()
    text, line = broken()
    data["config"]["rules"]["card_set"]["classes"] = text
    with pytest.raises(SaveError, match=f"pilots.classes.toml, line {line}: unknown step"):
        Session.from_save(data)


@pytest.mark.parametrize("entry", ["pilots", {"name": "x"}, {"name": "", "classes": "", "events": ""}, 3])
def test_a_card_set_entry_that_is_not_two_texts_is_refused(entry):
    with pytest.raises(ValueError):
        GAME.rules.normalize_config({"players": 2, "card_set": entry})


def test_the_built_in_set_adds_nothing_to_the_config():
    assert GAME.rules.normalize_config({"players": 2}) == {"players": 2, "fair_winds": False, "dealer": 0}
    assert GAME.rules.for_config({"players": 2}) is GAME.rules


def test_the_actions_of_a_loaded_set_name_its_own_card_objects_and_stay_with_it():
    """The engine keeps each card's actions by the card object, in the card set: a loaded set of
    the same cards (equal, but other objects) lists actions naming the cards in its own hands,
    and fills its own table, not the built-in one's."""
    from game.rng import Rng
    from game.sovereign.cards import BUILT_IN, card_set
    from game.sovereign.rules import RULES, SovereignRules

    RULES.legal_actions(RULES.setup({"players": 2}, 3))  # the built-in cards of the same deal listed first
    built_in_rows = dict(BUILT_IN.actions)
    other = card_set(*builtin_texts())
    rules, rng = SovereignRules(other), Rng(3)
    state = rules.setup({"players": 2}, 3)
    for _ in range(40):
        if rules.to_move(state) is None:
            break
        hand = state.hands[state.pending.seat]
        legal = rules.legal_actions(state)
        named = [action.card for action in legal if getattr(action, "card", None) is not None]
        assert all(any(card is held for held in hand) for card in named)
        rules.advance(state, legal[rng.below(len(legal))])
    assert other.actions and set(other.actions) <= {id(card) for card in other.cards}
    assert BUILT_IN.actions.keys() == built_in_rows.keys()


# ---------------------------------------------------------------- any text, any file (issue 23)


def renamed(new_name: str) -> str:
    classes, _events = builtin_texts()
    return classes.replace('name = "Scout"', f"name = {json.dumps(new_name, ensure_ascii=False)}")


@pytest.mark.parametrize("class_name", ["Scout: Elite", "a:1:2:star:1", "::", "Ünïcødé 斥候 \U0001f680", "'\"\\ []{}#="])
def test_a_class_named_with_the_save_format_s_own_characters_saves_and_reloads(class_name):
    """A class name holding ':' (the separator of a card's code in a save) loaded and played,
    but the save could not be read back: the game was lost. A card's code is now read from
    its end, so the name may hold any text: the game saves and reloads through storage."""
    put("odd.classes.toml", renamed(class_name))
    value = {c.name: c for c in find_card_sets(cards_dir())}["odd"].value
    assert value is not None
    session = Session("sovereigns-chain", {"seats": SEATS, "rules": {"card_set": value}}, 9)
    for _ in range(30):
        if session.game_over:
            break
        session.apply(session.computer_action() if session.to_move in session.computers else session.legal_actions()[0])
    assert class_name in {card.kind for card in session.rules.cards.cards}
    storage.save_game(session)
    loaded = storage.load_game()
    assert loaded.log == session.log and loaded.state.chains == session.state.chains
    assert loaded.state.hands == session.state.hands


@pytest.mark.parametrize("class_name, reason", [
    ("Scout\\u0000", "control character"), ("Sc\\nout", "control character"), ("S" * 41, "longer than 40"),
])
def test_a_class_name_no_card_can_show_is_refused_with_its_line(class_name, reason):
    classes = builtin_texts()[0].replace('name = "Scout"', f'name = "{class_name}"')
    put("odd.classes.toml", classes)
    line = classes.splitlines().index(f'name = "{class_name}"') + 1
    problem = {c.name: c for c in find_card_sets(cards_dir())}["odd"].problem
    assert problem.startswith(f"odd.classes.toml, line {line}: ") and reason in problem


@pytest.mark.parametrize("text", ["a = " + "[" * 5000 + "]" * 5000, "a = " + "{b = " * 3000 + "1" + "}" * 3000,
                                  "[[class]]\nname = 'x'\nsteps = [[[[[[[[1]]]]]]]]\n"])
def test_a_card_file_nested_deep_is_refused_not_a_recursion_error(text):
    put("deep.classes.toml", text)
    problem = {c.name: c for c in find_card_sets(cards_dir())}["deep"].problem
    assert "nests tables or lists deeper than" in problem


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_a_device_or_a_link_to_dev_zero_in_the_cards_folder_never_blocks_setup(driver):
    """A pipe in the cards folder hung setup for ever; a link to /dev/zero read without end.
    Each is listed as refused, at once, and setup opens."""
    folder = cards_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.classes.toml")
    (folder / "zero.classes.toml").symlink_to("/dev/zero")
    (folder / "big.events.toml").write_bytes(b"#" * 900_000)
    found = {c.name: c for c in find_card_sets(cards_dir())}
    assert "named pipe" in found["pipe"].problem
    assert "a device" in found["zero"].problem
    assert "larger than" in found["big"].problem
    setup = SetupScene(driver.app, "sovereigns-chain")
    driver.app.push(setup)
    driver.frame()
    assert (folder / "pipe.classes.toml").exists(), "a player's card file is left where it is"


def test_a_save_whose_card_text_is_longer_than_any_card_file_is_refused():
    value = set_value("pilots", pilots(), builtin_texts()[1])
    data = Session("sovereigns-chain", {"seats": SEATS, "rules": {"card_set": value}}, 9).to_save()
    data["config"]["rules"]["card_set"]["events"] += "#" * 200_001
    with pytest.raises(SaveError, match="longer than 200000 characters"):
        Session.from_save(data)


def test_a_card_file_with_a_number_of_5000_digits_is_refused_with_a_reason():
    """Found by the fuzz test: the TOML reader raised a plain ValueError, not its own error."""
    put("long.classes.toml", builtin_texts()[0].replace("values = [", "values = [" + "9" * 5000 + ", ", 1))
    assert "a number too long to read" in {c.name: c for c in find_card_sets(cards_dir())}["long"].problem


def test_the_move_log_names_the_class_of_the_card_that_covers():
    """A card set whose covering class is not called Acolyte: the log names its own class."""
    classes, events = builtin_texts()
    rules = CardSetRules().for_config({"players": 2, CARD_SET_KEY: set_value("Monks", classes.replace(
        'name = "Acolyte"', 'name = "Monk"'), events)})
    rnd = random.Random(5)
    for seed in range(200):
        state = rules.setup({"players": 2}, seed)
        while rules.to_move(state) is not None:
            state, events_ = rules.apply(state, rnd.choice(rules.legal_actions(state)))
            covered = [event for event in events_ if type(event).__name__ == "Covered"]
            if covered:
                text = covered[0].text(["Ann", "Ben"])
                assert "the Monk onto" in text and "Acolyte" not in text
                return
    pytest.fail("no cover was played")
