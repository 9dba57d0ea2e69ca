"""The Sovereign's Chain card files (rules/sovereigns-chain.md, "Class cards", "Event cards" and
"Card files"): the built-in set as the ruling lists it, and other files checked line by line."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.sovereign import BUILT_IN, RULES, CardFileError, SovereignRules, load_card_files
from game.sovereign.cards import MAX_COPIES, ClassCard, card_set, read_classes, read_events
from game.sovereign.effects import STEPS

CLASSES_TEXT = resources.files("game.sovereign").joinpath("classes.toml").read_text(encoding="utf-8")
EVENTS_TEXT = resources.files("game.sovereign").joinpath("events.toml").read_text(encoding="utf-8")

RULING_TABLE = {  # class: (values, suits S/P/-, copies with (E), steps)
    "Scout": ("1 1 2 2 3 3 4", "SPSPSPS", {7}, ["discard_target"]),
    "Envoy": ("1 2 2 3 3 4 5", "PSPSPSP", {7}, ["change_suit"]),
    "Empath": ("2 2 3 3 4 4 5", "SPSPSPS", {7}, ["flip"]),
    "Runner": ("1 2 2 3 3 4 4", "PSPSPSP", {7}, ["tuck_from_hand"]),
    "Acolyte": ("2 3 3 4 4 5 6", "SPSPSPS", {7}, ["cover"]),
    "Smuggler": ("1 2 3 3 4 5 5", "SPSPSPS", {7}, ["extra_play"]),
    "Artificer": ("3 4 4 5 5 6 6", "SPSPSPS", {7}, ["gain_modifiers"]),
    "Sentinel": ("4 5 5 6 6 7 7", "PSPSPSP", {7}, ["gain_shield"]),
    "Mercenary": ("3 4 5 6 7 8 9", "-------", {7}, ["choose_suit"]),
    "Magistrate": ("5 6 6 7 7 8 9", "PSPSPSP", {1, 2, 3, 4, 5, 6, 7}, []),
}
SUIT_LETTERS = {"star": "S", "planet": "P", "": "-"}


def test_built_in_set_is_70_class_cards_in_10_classes_and_15_events():
    """Class cards: 70 (10 classes x 7). Totals: 32 star, 31 planet, 7 without suit; 16 cards
    carry (E). Event cards: 15, every event once."""
    assert len(BUILT_IN.cards) == 70 and len(BUILT_IN.classes) == 10
    suits = Counter(card.suit for card in BUILT_IN.cards)
    assert suits == {"star": 32, "planet": 31, "": 7}
    assert sum(card.draws_event for card in BUILT_IN.cards) == 16
    assert len(BUILT_IN.events) == 15 and len({e.name for e in BUILT_IN.events}) == 15
    assert len({card.short for card in BUILT_IN.cards}) == 70


@pytest.mark.parametrize("name", sorted(RULING_TABLE))
def test_each_class_has_the_rulings_values_suits_E_and_ability(name):
    """Suit per copy is given in order of the values; (E) marks the copies that also draw a new event."""
    values, suits, events, steps = RULING_TABLE[name]
    copies = [card for card in BUILT_IN.cards if card.kind == name]
    assert [card.value for card in copies] == [int(v) for v in values.split()]
    assert "".join(SUIT_LETTERS[card.suit] for card in copies) == suits
    assert {card.copy + 1 for card in copies if card.draws_event} == events
    assert [step.name for step in BUILT_IN.classes[name].steps] == steps


def test_artificer_and_sentinel_counts_come_from_the_file():
    assert BUILT_IN.classes["Artificer"].steps[0].count == 2 and BUILT_IN.classes["Sentinel"].steps[0].count == 1


def test_every_event_names_a_rule_the_engine_knows():
    """Every event of the ruling's table, each with its own rule."""
    assert {e.name for e in BUILT_IN.events} == {
        "Calm Void", "Blockade", "Homeward", "Nebula", "Hostile Orbit", "Ion Storm", "Jamming Field", "Ceasefire",
        "Supply Run", "Famine", "Polarity Shift", "Momentum", "Tribute", "Salvage", "Open Skies"}
    assert len({e.rule for e in BUILT_IN.events}) == 15


def test_the_step_vocabulary_is_the_rulings():
    """Each ability built from a fixed vocabulary of effect steps."""
    assert set(STEPS) == {"discard_target", "change_suit", "flip", "choose_suit", "tuck_from_hand", "cover",
                          "gain_modifiers", "gain_shield", "draw_event", "extra_play"}


def refusal(text: str, reader=read_classes) -> CardFileError:
    with pytest.raises(CardFileError) as info:
        reader(text, "mine.toml")
    return info.value


def line_of(text: str, fragment: str, after: str = "") -> int:
    start = text.index(after) if after else 0
    return text[:text.index(fragment, start)].count("\n") + 1


def test_a_file_that_is_not_toml_is_refused_with_its_line():
    text = CLASSES_TEXT.replace('name = "Envoy"', 'name = "Envoy', 1)
    error = refusal(text)
    assert error.file == "mine.toml" and error.line == line_of(text, 'name = "Envoy')
    assert "TOML" in error.reason and "mine.toml, line" in str(error)


def test_an_unknown_step_is_refused_with_the_line_of_its_class():
    """A file that names an unknown step is refused with a message that names the line and the problem."""
    text = CLASSES_TEXT.replace('steps = ["cover"]', 'steps = ["teleport"]')
    error = refusal(text)
    assert error.line == line_of(text, 'steps = ["teleport"]') and "unknown step 'teleport'" in error.reason


def test_a_bad_value_is_refused_with_its_line():
    """... a bad value ..."""
    text = CLASSES_TEXT.replace("values = [4, 5, 5, 6, 6, 7, 7]", 'values = [4, 5, 5, 6, 6, 7, "seven"]')
    error = refusal(text)
    assert error.line == line_of(text, '"seven"') and "Sentinel: bad value" in error.reason
    text = CLASSES_TEXT.replace('{ step = "gain_modifiers", count = 2 }', '{ step = "gain_modifiers", count = 0 }')
    assert refusal(text).line == line_of(text, "count = 0")
    text = EVENTS_TEXT.replace('rule = "draw_two"', 'rule = "draw_three"')
    error = refusal(text, read_events)
    assert error.line == line_of(text, "draw_three") and "unknown event rule" in error.reason


def test_a_wrong_count_is_refused_with_its_line():
    """... or a wrong count ..."""
    text = CLASSES_TEXT.replace('suits = ["none", "none", "none", "none", "none", "none", "none"]',
                                'suits = ["none", "none", "none"]')
    error = refusal(text)
    assert error.line == line_of(text, 'suits = ["none", "none", "none"]') and "one suit per value" in error.reason
    two_classes = refusal("[[class]]".join(CLASSES_TEXT.split("[[class]]")[:3]))
    assert "too few" in two_classes.reason and two_classes.line == 0


def test_a_class_listed_twice_is_refused_at_the_second():
    start = CLASSES_TEXT.index('[[class]]\nname = "Scout"')
    block = CLASSES_TEXT[start:CLASSES_TEXT.index('[[class]]\nname = "Envoy"')]
    text = CLASSES_TEXT + "\n" + block
    error = refusal(text)
    assert error.line == text[:text.rindex("[[class]]")].count("\n") + 2 and "twice" in error.reason


def test_a_refused_file_leaves_the_built_in_set_in_use(tmp_path):
    """A file with a problem is refused and the built-in set stays in use."""
    bad = tmp_path / "classes.toml"
    bad.write_text(CLASSES_TEXT.replace('"discard_target"', '"snipe"'), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_card_files(bad)
    assert info.value.file == str(bad)
    assert RULES.cards is BUILT_IN and len(BUILT_IN.cards) == 70
    with pytest.raises(CardFileError):
        load_card_files(tmp_path / "missing.toml")


def test_another_valid_file_is_played_with(tmp_path):
    """A player can load another card file (say, the official cards typed in by an owner)."""
    other = tmp_path / "classes.toml"
    other.write_text(CLASSES_TEXT.replace("values = [5, 6, 6, 7, 7, 8, 9]", "values = [9, 9, 9, 9, 9, 9, 9]"),
                     encoding="utf-8")
    cards = load_card_files(other)
    assert [c.value for c in cards.cards if c.kind == "Magistrate"] == [9] * 7
    rules = SovereignRules(cards)
    state = rules.setup({"players": 2}, 4)
    assert len(state.all_cards()) == 70 and all(c in cards.cards for c in state.all_cards())


MANGLES = st.one_of(
    st.tuples(st.just("cut"), st.integers(0, len(CLASSES_TEXT))),
    st.tuples(st.just("insert"), st.integers(0, len(CLASSES_TEXT)), st.text(max_size=12)),
    st.tuples(st.just("swap"), st.integers(0, len(CLASSES_TEXT)), st.sampled_from(
        ['"', "=", "[", "]", "{", "}", "-1", "99", "none", "step", "\n", "count = ", ","])),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MANGLES, min_size=1, max_size=4), st.booleans())
def test_mangled_files_are_refused_never_crash_the_loader(mangles, events_file):
    """A broken file is refused with a CardFileError naming the file and a line in it (0 for the
    whole file), never any other error."""
    text = EVENTS_TEXT if events_file else CLASSES_TEXT
    for mangle in mangles:
        at = min(mangle[1], len(text))
        if mangle[0] == "cut":
            text = text[:at] + text[at + 7:]
        else:
            text = text[:at] + mangle[2] + text[at:]
    try:
        card_set(CLASSES_TEXT if events_file else text, text if events_file else EVENTS_TEXT)
    except CardFileError as error:
        assert 0 <= error.line <= text.count("\n") + 1 and error.reason


def test_the_rules_sheet_says_the_card_list_was_designed_here_and_how_to_load_another():
    """The app must say so on its rules screen ("card list designed for this edition; the official
    list is not reproduced"), and a player who owns the game can load their own card file."""
    from game.sovereign import GUIDE

    assert "designed for this edition" in GUIDE and "official list is not reproduced" in GUIDE
    assert "classes.toml" in GUIDE and "refused" in GUIDE


def test_a_class_whose_steps_discard_more_than_it_plays_is_refused_with_its_line():
    """A class that discards again and again keeps every chain short: the game would never end."""
    text = CLASSES_TEXT.replace('steps = ["discard_target"]', 'steps = ["discard_target", "discard_target"]')
    error = refusal(text)
    assert error.line == line_of(text, 'steps = ["discard_target", "discard_target"]')
    assert "Scout: its steps discard more cards than it plays" in error.reason and "never end" in error.reason


def test_a_set_in_which_no_class_adds_to_the_chains_is_refused():
    """Every play adds one card and discards one: no chain need ever reach 7."""
    scouts = "\n".join(f'[[class]]\nname = "Scout {n}"\ntext = "Discard."\nvalues = [1, 2, 3, 4, 5, 6, 7]\n'
                       f'suits = ["star", "planet", "star", "planet", "star", "planet", "star"]\n'
                       f'steps = ["discard_target", "extra_play"]\n' for n in range(5))
    error = refusal(scouts)
    assert error.line == 0 and "no chain need ever grow to 7" in error.reason


def one_class(copies: int) -> str:
    return (f'[[class]]\nname = "Crowd"\ntext = "Many."\nvalues = {json.dumps([4] * copies)}\n'
            f'suits = {json.dumps(["star"] * copies)}\nsteps = []\n')


def test_every_copy_the_reader_accepts_has_a_code_that_reads_back():
    """A copy number of three digits (the 101st copy of a class) once never loaded again."""
    _classes, cards = read_classes(one_class(MAX_COPIES))
    assert max(card.copy for card in cards) == MAX_COPIES - 1
    assert all(ClassCard.from_code(card.code) == card for card in cards)
    assert f"too many (at most {MAX_COPIES})" in refusal(one_class(MAX_COPIES + 1)).reason


def test_a_class_that_may_turn_down_more_cards_than_its_reveal_turns_up_is_refused():
    """Each reveal turns one card up; a class that turns three down again would keep the Reveal
    Phase going for ever."""
    text = CLASSES_TEXT.replace('steps = ["flip"]', 'steps = ["flip", "flip", "flip"]')
    error = refusal(text)
    assert error.line == line_of(text, 'steps = ["flip", "flip", "flip"]')
    assert "Empath: its steps may turn more than one card face down" in error.reason


def test_a_class_that_both_discards_and_flips_is_refused():
    """Its flip may turn up another card of its kind, which discards again and flips again: a
    play could empty the chains, and a made-up set of such cards never ended."""
    text = CLASSES_TEXT.replace('steps = ["discard_target"]', 'steps = ["discard_target", "flip"]')
    error = refusal(text)
    assert error.line == line_of(text, 'steps = ["discard_target", "flip"]') and "both discards and flips" in error.reason


def test_what_a_card_does_names_each_event_it_draws_once():
    """The Magistrate's ability is its (E): its words tell one new event, not that and another;
    a Scout with (E) draws an event before its ability, and one without draws none."""
    by_name = {card.short: card for card in BUILT_IN.cards}
    magistrate = BUILT_IN.what_it_does(by_name["Magistrate-1"])
    assert magistrate == "Magistrate (E): Draw a new event (that is its ability)."
    assert BUILT_IN.what_it_does(by_name["Scout-7"]) == (
        "Scout: Discard one other card in play from any chain. (E): first draw a new event.")
    assert BUILT_IN.what_it_does(by_name["Scout-1"]) == "Scout: Discard one other card in play from any chain."
    for card in BUILT_IN.cards:
        assert BUILT_IN.what_it_does(card).lower().count("new event") == card.draws_event
