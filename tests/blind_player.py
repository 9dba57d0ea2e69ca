"""A player who cannot see the screen: it hears the table only through the speech log (the file
CHAINTABLE_SPEECH_LOG names) and answers only with keys. Each move is chosen from the lines it
heard: the prompt and its "Keys now", the choice the arrows reached, a hint. After every key the
test compares what it heard with the engine (a move heard is a move the session made, worded as
the viewer's move log words it), and every line heard is checked against the seat's view: no
line names a card hidden from that seat that it has never seen."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame

from game.core import cards_seen
from game.rng import Rng
from test_stream import labels_only_hidden, names_a

KEYS_NOW = "Keys now: "
RECENT = 4  # the moves whose whole events a line is compared with
TURN_LINE = re.compile(r"^(Your turn|.+'s turn)\b")
ARROW_KEYS = {"Left": pygame.K_LEFT, "Right": pygame.K_RIGHT, "Up": pygame.K_UP, "Down": pygame.K_DOWN}
# A card named as one the seat lacks, by LINX's advice ("one card short: 8 Diamond would make a chain
# of 5"): any copy of the deck holds it, and the words tell nothing of where it lies.
HYPOTHETICAL = re.compile(r"one card short: .+? would make")
# The keys' names, from the key map ("T Take pile", "H shows a hint"): a letter there is a key, not
# a Chain-Chain letter card.
KEY_WORDS = re.compile(r"Keys now: .*$|^Keys: .*$")
OWN_WORD = "W puts the picked play down"  # Chain-Chain letters: a word of the player's own
NOT_A_MOVE = ("cannot be played now", "No card is picked", "Pick a card", "Up goes to")


class Ear:
    """What the player has heard: the speech log, read as it grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.heard: list[str] = []

    def new_lines(self) -> list[str]:
        lines = self.path.read_text(encoding="utf-8").splitlines() if self.path.exists() else []
        fresh = lines[len(self.heard):]
        self.heard = lines
        return fresh


class Watchdog:
    """Every line heard checked against the seat's sight (`sight()`: (rules, state, seat, the
    session that holds every move whole)): it names no card hidden from the seat now that the seat
    has never seen."""

    def __init__(self, sight, unchecked=None, known=None) -> None:
        self.sight = sight
        self.unchecked = unchecked  # a pattern of words not checked (a lesson's own script)
        self.known = known  # labels the seat knows besides what it saw so far (a review's decision)
        self.seen_labels: set[str] = set()

    def look(self) -> None:
        """What the seat sees now (its view, made by the rules from the whole state, never the
        stream under test) joins what it has ever seen."""
        rules, state, seat, _session = self.sight()
        self.seen_labels |= {card.label for card in cards_seen(rules.view(state, seat), rules.card_types + rules.shown_types)}

    def check(self, line: str) -> None:
        """No hidden card's label in `line`; nor the whole line of a recent event that the seat's
        move log words without some card (a number tile has no label to look for)."""
        rules, state, seat, session = self.sight()
        line = KEY_WORDS.sub("", line)
        if self.unchecked is not None:
            line = self.unchecked.sub("", line)
        hidden = rules.hidden_cards(state, seat)
        known = self.seen_labels | (self.known() if self.known is not None else set())
        labels = [label for label in labels_only_hidden(rules, state, seat, hidden) if label not in known]
        named = names_a(HYPOTHETICAL.sub("", line), labels)
        assert named is None, f"seat {seat} hears hidden {named}: {line!r}"
        for move in session.moves[-RECENT:]:
            for event in move.events:
                whole, told = event.text(session.names), rules.redact(event, seat).text(session.names)
                assert whole == told or whole not in line, f"seat {seat} hears the whole of {event}: {line!r}"


class BlindPlayer:
    """Plays one seat of a table by ear (see the module's docstring). `stream()` is the seat's
    stream, for the checks only; `moves()` counts the moves the session made."""

    def __init__(self, driver, ear: Ear, watchdog: Watchdog, stream, moves, seed: int = 1,
                 others=None, pause: float = 0.0, answer_frames: int = 0) -> None:
        self.others = others  # called every frame: the other seats' moves, where the test makes them
        self.pause = pause    # real seconds between frames (a network's answers come in real time)
        self.answer_frames = answer_frames  # frames a move may take to come back (from a host)
        self.driver = driver
        self.ear = ear
        self.watchdog = watchdog
        self.stream = stream
        self.moves = moves
        self.rng = Rng(seed)
        self.mine = False
        self.over = False
        self.prompt = ""
        self.made = {"arrows": 0, "keys": 0, "hint": 0, "word": 0}

    # -- hearing

    def listen(self, frames: int = 1, dt: float = 0.05) -> list[str]:
        """`frames` frames of the app; the lines heard meanwhile, each checked."""
        heard = []
        for _ in range(frames):
            if self.others is not None:
                self.others()
            self.driver.frame(dt=dt)
            if self.pause:
                time.sleep(self.pause)
            self.watchdog.look()
            for line in self.ear.new_lines():
                self.watchdog.check(line)
                self.hear(line)
                heard.append(line)
        return heard

    def hear(self, line: str) -> None:
        if line == "Game over":
            self.over, self.mine = True, False
        elif TURN_LINE.match(line) and not line.startswith("Your turn"):
            self.mine = False
        if KEYS_NOW in line:
            self.mine, self.prompt = True, line

    def press(self, key: int, mod: int = 0) -> list[str]:
        self.driver.key(key, mod)
        return self.listen(3)

    # -- playing

    def play(self, most_turns: int = 400, wait_frames: int = 40000) -> None:
        """Until "Game over" is heard: wait for "Your turn", then make a move by ear."""
        turns = 0
        for _ in range(wait_frames):
            if self.over:
                return
            if self.mine:
                self.take_turn()
                turns += 1
                assert turns <= most_turns, "the game never ended"
            else:
                self.listen()
        raise AssertionError("the game never ended")

    def take_turn(self) -> None:
        """One move, chosen from what was heard: an arrow choice when the prompt offers the arrows
        (sometimes), else a key the prompt names, else the hint."""
        keys = self.keys_offered()
        if "H shows it" in self.prompt and self.rng.below(2) and self.by_hint():  # LINX's best chain, laid
            return
        if "arrows" in keys and (len(keys) == 1 or self.rng.below(3)) and self.by_arrows():
            return
        letters = [key for key in keys if key != "arrows"]
        if letters and self.by_key(letters[self.rng.below(len(letters))]):
            return
        assert self.by_hint(), f"no move could be made by ear; heard: {self.ear.heard[-12:]}"

    def keys_offered(self) -> list[str]:
        """The keys the last prompt named: "arrows", or a letter key's name ("D")."""
        if KEYS_NOW not in self.prompt:
            return []
        found = []
        for part in self.prompt.split(KEYS_NOW, 1)[1].split("; "):
            if part.startswith("Left and Right"):
                found.append("arrows")
            elif not part.startswith(OWN_WORD):
                found.append(part.split(" ", 1)[0])
        return found

    def by_arrows(self) -> bool:
        """Right/Left to a card (a random number of steps), Down to one of its moves, each spoken;
        Enter on a choice heard as a move."""
        heard = []
        for _ in range(1 + self.rng.below(3)):
            heard = self.press(pygame.K_RIGHT) or heard
        for _ in range(self.rng.below(3)):
            heard = self.press(pygame.K_DOWN) or heard
        if heard and "Up goes to" in heard[-1]:  # LINX: a hand card picked; Up leads to the discard pile
            heard = self.up_to_discard() or heard
        if not heard or any(words in heard[-1] for words in NOT_A_MOVE):
            return False
        word = re.search(r": ([A-Z]+)(, move \d+ of \d+)?$", heard[-1])
        if word and OWN_WORD in self.prompt and self.rng.below(2):
            return self.own_word(word[1])
        return self.enter_made_move("arrows", pygame.K_RETURN)

    def own_word(self, word: str) -> bool:
        """Chain-Chain letters: W puts the picked play down; the word heard with it typed (a
        wrong one first, refused with its reason), then Enter."""
        heard = self.press(pygame.K_w)
        assert any(line.startswith("Type a word from") for line in heard), heard
        before = self.moves()
        self.driver.type_text("qzx")
        heard = self.press(pygame.K_RETURN)
        assert heard and "QZX" in heard[-1] and self.moves() == before, heard  # refused, and why
        for _ in "qzx":
            self.press(pygame.K_BACKSPACE)
        self.driver.type_text(word.lower())
        return self.enter_made_move("word", pygame.K_RETURN)

    def up_to_discard(self) -> list[str]:
        """Up, and along the row the focus reaches, until the discard pile is heard."""
        heard = self.press(pygame.K_UP) + self.press(pygame.K_UP)
        for _ in range(8):
            if heard and heard[-1].startswith("Enter discards"):
                return heard
            heard = self.press(pygame.K_LEFT)
        return []

    def by_key(self, name: str) -> bool:
        return self.enter_made_move("keys", getattr(pygame, f"K_{name.lower()}"))

    def by_hint(self) -> bool:
        heard = self.press(pygame.K_h)
        assert any(line.startswith("Hint:") for line in heard), heard
        return self.enter_made_move("hint", pygame.K_RETURN)

    def enter_made_move(self, how: str, key: int) -> bool:
        """The key pressed: whether the session made a move, and then that the move was heard as
        the seat's move log words it."""
        before, asked = self.moves(), (self.mine, self.prompt)
        self.mine, self.prompt = False, ""  # until the table asks again
        heard = self.press(key)
        for _ in range(self.answer_frames):
            if self.moves() != before:
                break
            heard += self.listen()
        if self.moves() == before:
            if not self.mine:
                self.mine, self.prompt = asked
            return False
        made = self.stream().moves[before:] if len(self.stream().moves) > before else []
        expected = [line for move in made for line in move.lines(self.names())]
        heard += self.listen(5)
        assert expected and expected[0] in heard, f"the move {expected} was not heard: {heard}"
        self.made[how] += 1
        return True

    def names(self):
        return self.stream().session.names
