"""A card set's name is bounded where a player's files name it and where a save carries it: up to
NAME_LIMIT characters is a card set, one more is refused with the reason (never a save read with a
name no screen can show)."""

from __future__ import annotations

import pytest

from game.session import SaveError, Session
from game.sovereign.card_sets import CLASSES_SUFFIX, EVENTS_SUFFIX, NAME_LIMIT, builtin_texts, find_card_sets, set_value

SEATS = [{"name": "A"}, {"name": "B"}]


def save_with_card_set(name: str) -> dict:
    save = Session("sovereigns-chain", {"seats": SEATS}, 4).to_save()
    entry = set_value(name, *builtin_texts())
    return {**save, "config": {**save["config"], "rules": {**save["config"]["rules"], "card_set": entry}}}


def test_a_save_carries_a_card_set_named_up_to_the_limit():
    session = Session.from_save(save_with_card_set("x" * NAME_LIMIT))
    assert session.config["rules"]["card_set"]["name"] == "x" * NAME_LIMIT


@pytest.mark.parametrize("name", ["x" * (NAME_LIMIT + 1), "x" * 10_000, ""], ids=["one over", "far over", "empty"])
def test_a_save_whose_card_set_name_is_out_of_bounds_is_refused_with_the_reason(name):
    with pytest.raises(SaveError, match=f"name must have 1 to {NAME_LIMIT} characters"):
        Session.from_save(save_with_card_set(name))


def test_card_files_named_over_the_limit_are_listed_as_refused_and_at_the_limit_as_usable(tmp_path):
    classes, events = builtin_texts()
    for name in ("a" * NAME_LIMIT, "b" * (NAME_LIMIT + 1)):
        (tmp_path / f"{name}{CLASSES_SUFFIX}").write_text(classes)
        (tmp_path / f"{name}{EVENTS_SUFFIX}").write_text(events)
    found = {choice.name: choice for choice in find_card_sets(tmp_path)}
    assert found["a" * NAME_LIMIT].value is not None and not found["a" * NAME_LIMIT].problem
    refused = found["b" * NAME_LIMIT]  # shown cut to the limit, with the reason
    assert refused.value is None and f"at most {NAME_LIMIT} characters" in refused.problem


@pytest.mark.parametrize("own, missing", [(CLASSES_SUFFIX, EVENTS_SUFFIX), (EVENTS_SUFFIX, CLASSES_SUFFIX)],
                         ids=["classes alone", "events alone"])
def test_a_card_set_of_one_file_takes_the_other_from_the_built_in_set(tmp_path, own, missing):
    """Either half of a card set may be left out: its own file is read, the missing one is the
    built-in set's (and never the other way round)."""
    classes, events = builtin_texts()
    built_in = {CLASSES_SUFFIX: classes, EVENTS_SUFFIX: events}
    mine = built_in[own] + "\n# my own edition of this file\n"
    (tmp_path / f"mine{own}").write_text(mine)
    found = {choice.name: choice for choice in find_card_sets(tmp_path)}
    value = found["mine"].value
    key = {CLASSES_SUFFIX: "classes", EVENTS_SUFFIX: "events"}
    assert value is not None, found["mine"].problem
    assert value[key[own]] == mine and value[key[missing]] == built_in[missing]
