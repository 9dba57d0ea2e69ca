"""Property tests over seeds, player counts and rule options, with random legal play.

Written against the shared rules surface (setup / to_move / legal_actions / apply / clone /
advance / view / determinize / outcome / deck / hidden_cards / all_cards), so every registered
game is picked up by itself: its cases are every player count it allows times every choice of its
options, and the illegal actions tried are mutations of its legal ones. Each property is a plain
`check_...(case, seed, chooser, salt)` function (PROPERTIES), run here by hypothesis and by other
tests on games of their own (tests/test_tiny_game.py).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import standard_deck
from game.core import IllegalAction
from game.descriptor import GameDescriptor
from game.registry import GAMES
from game.rng import Rng

MAX_ACTIONS = 5000
ODD_INTS = (-1, -99, 99, 10**6)
ODD_STRINGS = ("", " ", "qzx", "Q", "a b", "ZZZZZZ")
SAMPLED_ACTIONS = 8  # legal actions mutated per position
SAMPLED_CARDS = 4    # other cards of the deck tried per card field


@dataclass(frozen=True)
class Case:
    descriptor: GameDescriptor
    config: tuple  # sorted (key, value) pairs, kept hashable for hypothesis

    @property
    def game(self) -> str:
        return self.descriptor.name

    @property
    def rules(self):
        return self.descriptor.rules

    @property
    def config_dict(self) -> dict:
        return dict(self.config)

    @property
    def players(self) -> int:
        return self.rules.normalize_config(self.config_dict)["players"]

    def __repr__(self) -> str:
        return f"Case({self.game!r}, {self.config_dict!r})"


def cases_of(descriptor: GameDescriptor) -> list[Case]:
    """Every player count the game allows, with every combination of its options' choices (a
    number option: its lowest, default and highest)."""
    rules = descriptor.rules
    choices = [[(option.key, value) for value in option.examples] for option in rules.options]
    return [Case(descriptor, tuple(sorted((("players", players),) + combo)))
            for players in range(rules.min_players, rules.max_players + 1)
            for combo in itertools.product(*choices) if _allowed(rules, {"players": players, **dict(combo)})]


def _allowed(rules, config: dict) -> bool:
    """Whether the rules take this combination of choices (a first player beyond the seats, no)."""
    try:
        rules.normalize_config(config)
    except ValueError:
        return False
    return True


CASES = [c for descriptor in GAMES for c in cases_of(descriptor)]

cases = st.sampled_from(CASES)
seeds = st.integers(0, 2**64 - 1)
choosers = st.integers(0, 2**32 - 1)
salts = st.integers(0, 2**32 - 1)

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOWER = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- helpers


def seats_of(players: int) -> list:
    """Every seat, plus None (the spectator view used between pass-and-play turns)."""
    return list(range(players)) + [None]


def observe(rules, state, players: int) -> tuple:
    """Everything the outside world can learn of a state: all views, the cards, whose move, what
    is legal, the outcome."""
    return (tuple(rules.view(state, seat) for seat in seats_of(players)),
            tuple(state.all_cards()), rules.to_move(state), tuple(rules.legal_actions(state)),
            rules.outcome(state))


def random_game(rules, config: dict, seed: int, chooser: int):
    """Yield (state, action, next_state, events) along a random legal game; the final state is
    yielded as (state, None, None, None). Fails if the game runs past MAX_ACTIONS."""
    state = rules.setup(config, seed)
    rnd = random.Random(chooser)
    for _ in range(MAX_ACTIONS):
        if rules.to_move(state) is None:
            yield state, None, None, None
            return
        legal = rules.legal_actions(state)
        assert legal, "a game in progress must offer at least one action"
        action = rnd.choice(legal)
        new_state, events = rules.apply(state, action)
        yield state, action, new_state, events
        state = new_state
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def is_card(value) -> bool:
    """A card of any game: it has a `code` and its type a `from_code` (game.core's codec)."""
    return hasattr(type(value), "from_code") and hasattr(value, "code")


def cards_in(obj) -> list:
    """Every card anywhere in a structure: dataclass fields, dicts, sequences and sets."""
    if is_card(obj):
        return [obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [c for f in dataclasses.fields(obj) for c in cards_in(getattr(obj, f.name))]
    if isinstance(obj, dict):
        return [c for key, value in obj.items() for c in cards_in(key) + cards_in(value)]
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [c for item in obj for c in cards_in(item)]
    return []


def variants(action, value, deck: list, rnd: random.Random) -> list:
    """Values to put in place of one field `value` of a legal `action`: other cards of the deck
    and of the action itself, neighbouring and out-of-range numbers, odd text, the other truth."""
    if is_card(value):
        return rnd.sample(deck, min(SAMPLED_CARDS, len(deck))) + [c for c in cards_in(action) if c != value]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, *ODD_INTS]
    if isinstance(value, str):
        return [value + "q", value.upper(), *ODD_STRINGS]
    return []


def illegal_candidates(rules, state, deck: list, rnd: random.Random) -> list:
    """Actions to try on `state`: every action type that has no fields, and each field of a few
    legal actions changed (`variants`); the ones `rules.is_legal` refuses must be refused."""
    found = [kind() for kind in rules.action_types if not dataclasses.fields(kind)]
    legal = rules.legal_actions(state)
    for action in rnd.sample(legal, min(SAMPLED_ACTIONS, len(legal))):
        for f in dataclasses.fields(action):
            for value in variants(action, getattr(action, f.name), deck, rnd):
                found.append(dataclasses.replace(action, **{f.name: value}))
    return found


def test_every_registered_game_has_cases():
    """Cases come from the registry by themselves: every game, every player count."""
    for descriptor in GAMES:
        rules = descriptor.rules
        counts = {c.players for c in CASES if c.descriptor is descriptor}
        assert counts == set(range(rules.min_players, rules.max_players + 1)), descriptor.name


def test_cards_in_finds_cards_in_a_view():
    """The card finder used below sees every card of a view (so the leak test can fail)."""
    for descriptor in GAMES:
        c = cases_of(descriptor)[0]
        state = c.rules.setup(c.config_dict, 1)
        view = c.rules.view(state, 0)
        found = set(cards_in(view))
        assert view.hand and set(view.hand) <= found, descriptor.name


def test_the_candidates_include_refusals_for_every_game():
    """The generic mutations find actions the rules refuse, in every game."""
    for descriptor in GAMES:
        c = cases_of(descriptor)[0]
        state = c.rules.setup(c.config_dict, 2)
        deck = c.rules.deck(c.config_dict)
        tried = illegal_candidates(c.rules, state, deck, random.Random(1))
        assert any(not c.rules.is_legal(state, a) for a in tried), descriptor.name


# ---------------------------------------------------------------- properties


def check_cards_are_conserved(c: Case, seed: int, chooser: int, salt: int) -> None:
    """After every action the table holds exactly the game's cards (`rules.deck`), each once."""
    full = Counter(c.rules.deck(c.config_dict))
    for state, action, new_state, _ in random_game(c.rules, c.config_dict, seed, chooser):
        assert Counter(state.all_cards()) == full
        if new_state is not None:
            assert Counter(new_state.all_cards()) == full, f"after {action}"


def check_the_game_ends_with_an_outcome(c: Case, seed: int, chooser: int, salt: int) -> None:
    """Random legal play always ends within MAX_ACTIONS, with winners (none only when a solitaire
    is lost) and one score per seat."""
    rules = c.rules
    for state, action, _, _ in random_game(rules, c.config_dict, seed, chooser):
        if action is None:
            outcome = rules.outcome(state)
            assert outcome is not None and (outcome.winners or c.players == 1)
            assert len(outcome.scores) == c.players
            assert rules.legal_actions(state) == []
        else:
            assert rules.outcome(state) is None


def check_replay_gives_identical_views(c: Case, seed: int, chooser: int, salt: int) -> None:
    """Any game is reproduced from (game, config, seed, actions): replaying the actions on a
    fresh setup gives the same views for every seat, the same events, at every step."""
    rules, n = c.rules, c.players
    record = []
    for state, action, _, events in random_game(rules, c.config_dict, seed, chooser):
        record.append((observe(rules, state, n), action, events))
    replay = rules.setup(c.config_dict, seed)
    for seen, action, events in record:
        assert observe(rules, replay, n) == seen
        if action is not None:
            replay, replay_events = rules.apply(replay, action)
            assert replay_events == events


def check_views_hide_hidden_cards(c: Case, seed: int, chooser: int, salt: int) -> None:
    """A view holds no card that its seat may not see (`rules.hidden_cards`), anywhere in its
    fields; a seat's own hand is in its view."""
    rules, n = c.rules, c.players
    for state, _, _, _ in random_game(rules, c.config_dict, seed, chooser):
        for seat in seats_of(n):
            view = rules.view(state, seat)
            shown = set(cards_in(view))
            hidden = rules.hidden_cards(state, seat)
            assert not shown & hidden, f"seat {seat} sees {sorted(map(str, shown & hidden))}"
            if seat is not None:
                assert set(view.hand) <= shown


def check_events_are_redacted(c: Case, seed: int, chooser: int, salt: int) -> None:
    """Events as each seat receives them carry no card that seat may not see afterwards."""
    rules, n = c.rules, c.players
    for _, action, new_state, events in random_game(rules, c.config_dict, seed, chooser):
        if action is None:
            continue
        for seat in seats_of(n):
            hidden = rules.hidden_cards(new_state, seat)
            for event in events:
                leaked = set(cards_in(rules.redact(event, seat))) & hidden
                assert not leaked, f"{event} shows seat {seat} {leaked}"


def check_illegal_actions_are_refused(c: Case, seed: int, chooser: int, salt: int) -> None:
    """Every candidate that `is_legal` refuses is refused by `apply` with IllegalAction and a
    reason; one it accepts (a game may accept more than `legal_actions` lists) is applied; and
    neither the state (all views, all cards) nor what is legal changes."""
    rules, n = c.rules, c.players
    deck = rules.deck(c.config_dict)
    rnd = random.Random(salt)
    for state, _, _, _ in random_game(rules, c.config_dict, seed, chooser):
        before = observe(rules, state, n)
        legal = rules.legal_actions(state)
        assert all(rules.is_legal(state, action) for action in legal)
        for candidate in illegal_candidates(rules, state, deck, rnd):
            if candidate in legal:
                continue
            if rules.is_legal(state, candidate):
                rules.apply(state, candidate)
                continue
            try:
                rules.apply(state, candidate)
            except IllegalAction as refusal:
                assert str(refusal).strip()
            else:
                raise AssertionError(f"{candidate} was accepted but is not legal")
        assert observe(rules, state, n) == before
        for candidate in legal:
            rules.apply(state, candidate)
        assert observe(rules, state, n) == before


def check_clone_and_advance_match_apply(c: Case, seed: int, chooser: int, salt: int) -> None:
    """The search path (clone + advance) gives what apply gives, and leaves the original alone."""
    rules, n = c.rules, c.players
    for state, action, new_state, events in random_game(rules, c.config_dict, seed, chooser):
        if action is None:
            continue
        before = observe(rules, state, n)
        copy = rules.clone(state)
        assert rules.advance(copy, action) == events
        assert observe(rules, copy, n) == observe(rules, new_state, n)
        assert observe(rules, state, n) == before


def check_playouts_are_legal_and_finish(c: Case, seed: int, chooser: int, salt: int) -> None:
    """The search's playout policy (`playout_action`, greedy or random) only ever picks a legal
    action, at every point of a random game, and playing by it alone ends the game."""
    rules = c.rules
    rand = random.Random(salt).random
    for state, _action, _new_state, _events in random_game(rules, c.config_dict, seed, chooser):
        if rules.to_move(state) is None:
            continue
        assert rules.is_legal(state, rules.playout_action(state, rand))
    state = rules.setup(c.config_dict, seed)
    for _ in range(MAX_ACTIONS):
        if rules.to_move(state) is None:
            break
        action = rules.playout_action(state, rand)
        assert rules.is_legal(state, action)
        rules.advance(state, action)
    assert rules.outcome(state) is not None


def check_determinize_keeps_the_view(c: Case, seed: int, chooser: int, salt: int) -> None:
    """view(determinize(view, rng), seat) == view for every seat at every point of a game; the
    determinized state holds the game's cards, and the seat to move has the same legal actions."""
    rules, n = c.rules, c.players
    full = Counter(rules.deck(c.config_dict))
    rng = Rng(salt)
    for state, _, _, _ in random_game(rules, c.config_dict, seed, chooser):
        for seat in seats_of(n):
            view = rules.view(state, seat)
            guess = rules.determinize(view, rng)
            assert rules.view(guess, seat) == view
            assert Counter(guess.all_cards()) == full
            if seat is not None and seat == rules.to_move(state):
                assert rules.legal_actions(guess) == rules.legal_actions(state)


PROPERTIES = (check_cards_are_conserved, check_the_game_ends_with_an_outcome,
              check_replay_gives_identical_views, check_views_hide_hidden_cards,
              check_events_are_redacted, check_illegal_actions_are_refused,
              check_clone_and_advance_match_apply, check_playouts_are_legal_and_finish,
              check_determinize_keeps_the_view)


@FAST
@given(cases, seeds, choosers)
def test_cards_are_conserved_after_every_action(c, seed, chooser):
    check_cards_are_conserved(c, seed, chooser, 0)


@FAST
@given(cases, seeds, choosers)
def test_every_game_ends_within_the_bound_with_an_outcome(c, seed, chooser):
    check_the_game_ends_with_an_outcome(c, seed, chooser, 0)


@FAST
@given(cases, seeds, choosers)
def test_same_seed_and_actions_give_identical_views(c, seed, chooser):
    check_replay_gives_identical_views(c, seed, chooser, 0)


@SLOWER
@given(cases, seeds, choosers)
def test_a_view_never_shows_hidden_cards(c, seed, chooser):
    check_views_hide_hidden_cards(c, seed, chooser, 0)


@FAST
@given(cases, seeds, choosers)
def test_a_hidden_drawn_card_is_redacted_for_the_others(c, seed, chooser):
    check_events_are_redacted(c, seed, chooser, 0)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases, seeds, choosers, salts)
def test_illegal_actions_are_refused_and_change_nothing(c, seed, chooser, salt):
    check_illegal_actions_are_refused(c, seed, chooser, salt)


@FAST
@given(cases, seeds, choosers)
def test_clone_and_advance_match_apply(c, seed, chooser):
    check_clone_and_advance_match_apply(c, seed, chooser, 0)


@SLOWER
@given(cases, seeds, choosers, salts)
def test_playout_moves_are_legal_and_finish_the_game(c, seed, chooser, salt):
    check_playouts_are_legal_and_finish(c, seed, chooser, salt)


@SLOWER
@given(cases, seeds, choosers, salts)
def test_view_of_determinize_is_the_view(c, seed, chooser, salt):
    check_determinize_keeps_the_view(c, seed, chooser, salt)


# ---------------------------------------------------------------- Chains only


CHAINS_CASES = [c for c in CASES if c.game == "chains"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CHAINS_CASES), seeds, choosers, st.integers(0, 2**32 - 1))
def test_determinize_honours_no_fit(c, seed, chooser, salt):
    """A seat that drew instead of playing held no card that fitted: until it plays again, every
    determinized state gives it a hand in which no card fits the chain ends of that moment (the
    latest moment it showed it could not play: a draw, or a pass without drawing)."""
    from game.chains import Draw, Pass, Play
    from game.chains.rules import fits

    rules, n = c.rules, c.players
    rng = Rng(salt)
    revealed: dict[int, list] = {}   # seat -> chain ends when it last showed it could not play
    for state, action, _, _ in random_game(rules, c.config_dict, seed, chooser):
        for holder, ends in revealed.items():
            # The real hand obeys the constraint (checks this bookkeeping) ...
            assert not any(fits(x, e) for x in state.hands[holder] for e in ends)
            # ... and so does every determinized hand, from any other seat's view.
            for viewer in seats_of(n):
                if viewer == holder:
                    continue
                guess = rules.determinize(rules.view(state, viewer), rng)
                bad = [x for x in guess.hands[holder] for e in ends if fits(x, e)]
                assert not bad, (f"seat {viewer} imagines seat {holder} holding {bad} that fit "
                                 f"{ends}, though seat {holder} drew instead of playing")
        if action is None:
            break
        seat = rules.to_move(state)
        if isinstance(action, Play):
            revealed.pop(seat, None)
        elif isinstance(action, Draw) or (isinstance(action, Pass) and state.drawn == 0):
            revealed[seat] = [chain[-1] for chain in state.chains]


def test_determinize_honours_no_fit_in_a_tight_position():
    """The same, where a quick random deal rarely works: seat 1 must avoid 5s and 7s, seat 2 must
    avoid 2s and 4s, and the unseen cards are exactly four 2s and four 9s, so seat 2 can only hold
    the 9s and seat 1 only the 2s (as it really does). Every determinization must find that deal."""
    from game.cards import cards
    from game.chains import RULES, ChainsState
    from game.core import Revealed

    unseen = cards("2S 2H 2D 2C 9S 9H 9D 9C")
    own = cards("3S")
    rest = [c for c in standard_deck() if c not in unseen and c not in own]
    state = ChainsState(players=3, draw_rule="three", hands=[own, unseen[:4], unseen[4:]],
                        chains=[rest[:15], rest[15:30], rest[30:]], draw_pile=[], rng=Rng(1),
                        revealed=[Revealed(), Revealed(4, frozenset({5, 7})), Revealed(4, frozenset({2, 4}))])
    view = RULES.view(state, 0)
    for salt in range(40):
        guess = RULES.determinize(view, Rng(salt))
        assert RULES.view(guess, 0) == view
        assert sorted(c.code for c in guess.hands[1]) == ["2C", "2D", "2H", "2S"]
        assert sorted(c.code for c in guess.hands[2]) == ["9C", "9D", "9H", "9S"]
