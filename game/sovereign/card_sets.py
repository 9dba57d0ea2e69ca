"""The card sets a Sovereign's Chain game may be played with: the built-in one, or a set of card
files the player put in a folder (the `cards` folder of their data folder: `storage.cards_dir`,
which the caller hands in; this package never looks for the player's files itself).

A set there is named by its files: NAME.classes.toml and NAME.events.toml (the layout of the
built-in classes.toml and events.toml). A set with only one of the two files takes the other half
from the built-in set. A set whose files are refused (game/sovereign/cards.py says the file, the
line and the reason) is listed with that reason and cannot be chosen.

The chosen set travels in the game's config as the texts of its two files:
`"card_set": {"name": ..., "classes": ..., "events": ...}` (no entry: the built-in set). So a save
carries its own cards: it reloads with the same cards after the files were edited, moved or
deleted, and on another machine. (A save that only named the files would be refused, or worse
would silently deal other cards, as soon as the files changed.)
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..descriptor import CardSetChoice
from ..files import showable
from .cards import CardFileError, CardSet, builtin_text, card_set, read_card_file
from .rules import SovereignRules

CARD_SET_KEY = "card_set"
CLASSES_SUFFIX = ".classes.toml"
EVENTS_SUFFIX = ".events.toml"
NAME_LIMIT = 40
TEXT_LIMIT = 200_000  # characters in one card file: far more than any card list needs
SETS_READ = 40  # card sets read from the folder at most (each is listed on the setup screen)


def builtin_texts() -> tuple[str, str]:
    """The texts of the built-in class and event files (the half a one-file set takes)."""
    return builtin_text("classes.toml"), builtin_text("events.toml")


@lru_cache(maxsize=16)
def _parsed(name: str, classes: str, events: str) -> CardSet:
    return card_set(classes, events, f"{name}{CLASSES_SUFFIX}", f"{name}{EVENTS_SUFFIX}")


def set_value(name: str, classes: str, events: str) -> dict:
    """The config entry that plays a card set; raises CardFileError when a text is refused."""
    _parsed(name, classes, events)
    return {"name": name, "classes": classes, "events": events}


def _read(path: Path) -> str:
    """A card file's text: a regular file, not too long (see `read_card_file`)."""
    text = read_card_file(path)
    if len(text) > TEXT_LIMIT:
        raise CardFileError(path.name, 0, f"is longer than {TEXT_LIMIT} characters")
    return text


def _load(folder: Path, name: str) -> dict:
    classes_path, events_path = folder / f"{name}{CLASSES_SUFFIX}", folder / f"{name}{EVENTS_SUFFIX}"
    builtin_classes, builtin_events = builtin_texts()
    classes = _read(classes_path) if classes_path.is_symlink() or classes_path.exists() else builtin_classes
    events = _read(events_path) if events_path.is_symlink() or events_path.exists() else builtin_events
    return set_value(name, classes, events)


def find_card_sets(folder: Path) -> tuple[CardSetChoice, ...]:
    """The built-in set first, then each set of card files in `folder` by name: usable ones with
    their config entry, refused ones with the reason."""
    found = [CardSetChoice("Built-in", None)]
    try:
        files = sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []
    except OSError as error:
        return (*found, CardSetChoice(folder.name, None, f"the folder cannot be read ({error.strerror or error})"))
    names = sorted({file[: -len(suffix)] for file in files for suffix in (CLASSES_SUFFIX, EVENTS_SUFFIX)
                    if file.endswith(suffix) and len(file) > len(suffix)})
    if len(names) > SETS_READ:
        found.append(CardSetChoice(f"{len(names) - SETS_READ} more", None,
                                   f"only the first {SETS_READ} card sets of the folder are read"))
    for name in names[:SETS_READ]:
        if len(name) > NAME_LIMIT or showable(name) != name:
            found.append(CardSetChoice(showable(name)[:NAME_LIMIT], None,
                                       f"the name must have at most {NAME_LIMIT} characters, none a control character"))
            continue
        try:
            found.append(CardSetChoice(name, _load(folder, name)))
        except CardFileError as error:
            found.append(CardSetChoice(name, None, str(error)))
    return tuple(found)


def _checked(entry) -> dict:
    """A config's card set entry, checked and parsed; raises ValueError saying what is wrong."""
    if not isinstance(entry, dict) or set(entry) != {"name", "classes", "events"} \
            or not all(isinstance(entry[key], str) for key in entry):
        raise ValueError("the card set must give its name and the texts of its two card files")
    if not 0 < len(entry["name"]) <= NAME_LIMIT or showable(entry["name"]) != entry["name"]:
        raise ValueError(f"the card set's name must have 1 to {NAME_LIMIT} characters, none a control character")
    too_long = next((key for key in ("classes", "events") if len(entry[key]) > TEXT_LIMIT), None)
    if too_long is not None:
        raise ValueError(f"the card set's {too_long} file is longer than {TEXT_LIMIT} characters")
    return set_value(entry["name"], entry["classes"], entry["events"])


@lru_cache(maxsize=8)
def _bound(name: str, classes: str, events: str) -> "CardSetRules":
    return CardSetRules(_parsed(name, classes, events))


class CardSetRules(SovereignRules):
    """Sovereign's Chain played with the card set its config names (the built-in set when it
    names none): `for_config` gives the rules bound to that set, which deal, determinize and
    judge with its cards."""

    def normalize_config(self, config: dict) -> dict:
        normal = super().normalize_config(config)
        entry = config.get(CARD_SET_KEY)
        if entry is not None:
            normal[CARD_SET_KEY] = _checked(entry)
        return normal

    def for_config(self, config: dict) -> SovereignRules:
        entry = config.get(CARD_SET_KEY)
        if entry is None:
            return self
        checked = _checked(entry)
        return _bound(checked["name"], checked["classes"], checked["events"])

    def deck(self, config: dict) -> list:
        return list(self.for_config(config).cards.cards)
