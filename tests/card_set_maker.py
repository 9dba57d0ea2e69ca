"""Card sets made up within the card reader's rules (game/sovereign/cards.py), as the texts of
their two files: any class name it allows, any number of copies within its caps, any values,
suits, (E) copies and steps, and events of any rule. Used by the property test of card sets and,
for a longer run, by CARD_SETS=N in its environment."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from game.sovereign.cards import MAX_VALUE, NAME_LIMIT, STEP_PARAMS
from game.sovereign.event_rules import EVENT_RULES

NAME = st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=NAME_LIMIT).filter(
    lambda name: name.strip())
PLAIN_STEPS = sorted(name for name, params in STEP_PARAMS.items() if not params)
STEP = st.one_of(st.sampled_from(PLAIN_STEPS),
                 *(st.builds(lambda count, name=name: {"step": name, "count": count}, st.integers(*params["count"]))
                   for name, params in STEP_PARAMS.items() if params))


def toml(value) -> str:
    """A value as TOML writes it (a JSON string or list is TOML as well, but for a table)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


@st.composite
def class_table(draw, name: str) -> str:
    copies = draw(st.one_of(st.integers(1, 12), st.integers(95, 130)))
    values = draw(st.lists(st.integers(0, MAX_VALUE), min_size=copies, max_size=copies))
    suits = draw(st.lists(st.sampled_from(["star", "planet", "none"]), min_size=copies, max_size=copies))
    event = sorted(draw(st.sets(st.integers(1, copies), max_size=min(copies, 20))))
    steps = draw(st.lists(STEP, max_size=4))
    return "\n".join(["[[class]]", f"name = {toml(name)}", f"text = {toml('made up')}", f"values = {toml(values)}",
                      f"suits = {toml(suits)}", f"event = {toml(event)}", f"steps = {toml(steps)}", ""])


@st.composite
def classes_file(draw) -> str:
    names = draw(st.lists(NAME, min_size=1, max_size=8, unique_by=str.strip))
    return "\n".join(draw(class_table(name)) for name in names)


@st.composite
def events_file(draw) -> str:
    names = draw(st.lists(NAME, min_size=1, max_size=8, unique_by=str.strip))
    return "\n".join(f"[[event]]\nname = {toml(name)}\nrule = {toml(draw(st.sampled_from(sorted(EVENT_RULES))))}\n"
                     f"text = {toml('made up')}\n" for name in names)
