"""Property tests over seeds, player counts and rule options, with random legal play.

Written against the shared rules surface (setup / to_move / legal_actions / apply / clone /
advance / view / determinize / outcome / all_cards), so a new game joins by appending its
configurations to CASES and its few game-specific hooks to HOOKS.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import Card, standard_deck
from game.core import IllegalAction
from game.registry import GAMES, rules_for
from game.rng import Rng

MAX_ACTIONS = 5000


# ---------------------------------------------------------------- per-game hooks


@dataclass(frozen=True)
class GameHooks:
    """What the generic properties need to know about one game beyond the rules surface."""

    full_deck: Callable[[dict], list]            # every card a game with this config holds
    candidates: Callable[[object], list]         # actions to try (legal ones are skipped)
    hidden_cards: Callable[[object, object], set]  # cards in `state` that `seat` may not see


def _chains_candidates(state) -> list:
    from game.chains import Draw, Pass, Play

    return [Play(c, chain) for c in standard_deck() for chain in range(-1, 4)] + [Draw(), Pass()]


def _other_hands_and_deck(state, seat) -> set:
    """Other seats' hands and the deck. (Chain cards and the pending drawn card are public, and
    once the game is over every hand is shown, as the table does at the end.)"""
    hidden = set(state.deck)
    if state.winners is not None:
        return hidden
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    return hidden


def _cubes_candidates(state) -> list:
    from game.cubes import Draw, Pass, Place
    from game.cubes.rules import open_cells

    hand = state.hands[state.current]
    other = next(c for c in standard_deck() if c not in hand)
    spaces = [cell for cell, _near in open_cells(state.board)]
    x, y = min(state.board, default=(0, 0))
    odd = [(x, y), (x - 1, y - 1), (0, 0), (99, -99)]
    return ([Place(c, cx, cy) for c in hand for cx, cy in spaces]
            + [Place(c, cx, cy) for c in (hand[0], other) for cx, cy in odd + spaces[:2]]
            + [Draw(), Pass()])


def _chainchain_full_deck(config) -> list:
    from game.chainchain import full_deck

    return full_deck(config.get("variant", "numbers"), config["players"])


def _chainchain_candidates(state) -> list:
    """Plays of the lowest copies of every pair of faces in hand (letters: with the pair's
    representative word, with no word, and with words that are wrong), cards not in hand, the
    same card twice, and Take. (Other copies and other valid words are legal too, but are not
    in `legal_actions`: tests/test_chainchain_rules.py checks those.)"""
    from game.chainchain import Play, Take, full_deck
    from game.chainchain.rules import word_for

    deck = full_deck(state.variant, state.players)
    hand = state.hands[state.current] or deck[:1]  # (a finished game: every hand is empty)
    by_face: dict = {}
    for tile in sorted(hand, key=lambda t: t.copy):
        by_face.setdefault(tile.face, []).append(tile)
    outside = next(t for t in deck if t not in hand)
    letters = state.variant == "letters"
    found = [Take(), Play(hand[0], hand[0]), Play(outside, hand[0]), Play(hand[0], outside)]
    for f, firsts in by_face.items():
        for s, seconds in by_face.items():
            if s == f and len(firsts) < 2:
                continue
            first, second = firsts[0], (firsts[1] if s == f else seconds[0])
            if letters:
                word = word_for(f, s)
                words = [word] if word else []
                words += ["", f + s, (f + "q" + s).lower(), "qzx"]
                found += [Play(first, second, w) for w in words]
            else:
                found += [Play(first, second), Play(first, second, "word")]
    return found


def _chainchain_hidden(state, seat) -> set:
    """Other seats' hands and the stock (the pile, the collected piles and the cards out of the
    game were all seen face up)."""
    hidden = set(state.stock)
    if state.winners is not None:
        return hidden
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    return hidden


def _linx_candidates(state) -> list:
    """Both draws and a bad source, discards of cards in and out of hand, and chains the rules
    must refuse, made from a listed one: an anchor not on the table, the same anchor at both ends,
    no hand cards, a card not in hand, a scoring card not face up. (Other orders and choices of
    hand cards are legal too, but are not in `legal_actions`: tests/test_linx_rules.py checks those.)"""
    from game.linx import RULES as LINX, Discard, Draw, LayChain, ScoringCard, full_deck

    found = [Draw("stock"), Draw("discard"), Draw("elsewhere")] + [Discard(c) for c in full_deck()[::7]]
    hand = state.hands[state.current]
    found += [Discard(c) for c in hand]
    if state.over or state.draws_left:
        return found
    for lay in LINX.chain_actions(state)[:3]:
        outside = next(c for c in full_deck() if c not in state.anchors and c not in hand)
        found += [LayChain(outside, lay.cards, lay.end, lay.scoring),
                  LayChain(lay.start, lay.cards, lay.start, lay.scoring),
                  LayChain(lay.start, (), lay.end, lay.scoring),
                  LayChain(lay.start, lay.cards + (outside,), lay.end, lay.scoring),
                  LayChain(lay.start, lay.cards, lay.end, ScoringCard(13, 999))]
    return found


def _linx_full_deck() -> list:
    from game.linx import full_deck

    return full_deck()


def _linx_hidden(state, seat) -> set:
    """Other seats' hands, less the discards they were seen to take; the stock; the discard pile
    under its top card."""
    hidden = set(state.stock) | set(state.discard[:-1])
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(c for c in hand if c not in state.taken[other])
    return hidden


HOOKS = {
    "chains": GameHooks(full_deck=lambda config: standard_deck(),
                        candidates=_chains_candidates,
                        hidden_cards=_other_hands_and_deck),
    "cubes": GameHooks(full_deck=lambda config: standard_deck(),
                       candidates=_cubes_candidates,
                       hidden_cards=_other_hands_and_deck),
    "chainchain": GameHooks(full_deck=_chainchain_full_deck,
                            candidates=_chainchain_candidates,
                            hidden_cards=_chainchain_hidden),
    "linx": GameHooks(full_deck=lambda config: _linx_full_deck(),
                      candidates=_linx_candidates,
                      hidden_cards=_linx_hidden),
}


@dataclass(frozen=True)
class Case:
    game: str
    config: tuple  # sorted (key, value) pairs, kept hashable for hypothesis

    @property
    def rules(self):
        return rules_for(self.game)

    @property
    def config_dict(self) -> dict:
        return dict(self.config)

    @property
    def players(self) -> int:
        return self.rules.normalize_config(self.config_dict)["players"]

    @property
    def hooks(self) -> GameHooks:
        return HOOKS[self.game]

    def __repr__(self) -> str:
        return f"Case({self.game!r}, {self.config_dict!r})"


def case(game: str, **config) -> Case:
    return Case(game, tuple(sorted(config.items())))


CASES = [case("chains", players=p, draw_rule=rule)
         for p in (2, 3, 4) for rule in ("three", "one", "until")]
CASES += [case("cubes", players=p) for p in (2, 3, 4)]
CASES += [case("chainchain", players=p, variant=v) for v in ("numbers", "letters") for p in (3, 4, 5, 6)]
CASES += [case("linx", players=p) for p in (2, 3, 4, 6)] + [case("linx", players=3, first=2, match=True)]

cases = st.sampled_from(CASES)
seeds = st.integers(0, 2**64 - 1)
choosers = st.integers(0, 2**32 - 1)

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


def cards_in(obj) -> list:
    """Every card anywhere in a structure (as produced by dataclasses.asdict)."""
    from game.chainchain import Tile
    from game.linx import LinxCard

    found = []
    if isinstance(obj, (Card, Tile, LinxCard)):
        found.append(obj)
    elif isinstance(obj, dict):
        if set(obj) == {"rank", "suit"}:
            found.append(Card(obj["rank"], obj["suit"]))
        elif set(obj) == {"face", "copy"}:
            found.append(Tile(obj["face"], obj["copy"]))
        elif set(obj) == {"number", "symbol"}:
            found.append(LinxCard(obj["number"], obj["symbol"]))
        else:
            for key, value in obj.items():
                found += cards_in(key) + cards_in(value)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for item in obj:
            found += cards_in(item)
    return found


def test_every_playable_game_has_a_case():
    """A game that gets rules must get property cases and hooks here too."""
    playable = {entry.name for entry in GAMES if entry.rules is not None}
    missing = playable - ({c.game for c in CASES} & set(HOOKS))
    assert not missing, f"append cases to CASES and hooks to HOOKS for {sorted(missing)}"


def test_cards_in_finds_cards_in_a_view():
    """The card finder used below sees every card of a view (so the leak test can fail)."""
    c = CASES[0]
    state = c.rules.setup(c.config_dict, 1)
    view = c.rules.view(state, 0)
    found = set(cards_in(dataclasses.asdict(view)))
    assert set(view.hand) <= found and len(found) >= len(view.hand) + 3


# ---------------------------------------------------------------- properties


@FAST
@given(cases, seeds, choosers)
def test_cards_are_conserved_after_every_action(c, seed, chooser):
    """After every action the table holds exactly the game's cards, each once."""
    full = Counter(c.hooks.full_deck(c.config_dict))
    for state, action, new_state, _ in random_game(c.rules, c.config_dict, seed, chooser):
        assert Counter(state.all_cards()) == full
        if new_state is not None:
            assert Counter(new_state.all_cards()) == full, f"after {action}"


@FAST
@given(cases, seeds, choosers)
def test_every_game_ends_within_the_bound_with_an_outcome(c, seed, chooser):
    """Random legal play always ends within MAX_ACTIONS, with winners and one score per seat."""
    rules = c.rules
    for state, action, _, _ in random_game(rules, c.config_dict, seed, chooser):
        if action is None:
            outcome = rules.outcome(state)
            assert outcome is not None and outcome.winners
            assert len(outcome.scores) == c.players
            assert rules.legal_actions(state) == []
        else:
            assert rules.outcome(state) is None


@FAST
@given(cases, seeds, choosers)
def test_same_seed_and_actions_give_identical_views(c, seed, chooser):
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


@SLOWER
@given(cases, seeds, choosers)
def test_a_view_never_shows_hidden_cards(c, seed, chooser):
    """A view holds no card of another seat's hand or of the deck, anywhere in its fields; only
    the seat's own hand and public cards appear."""
    rules, n = c.rules, c.players
    for state, _, _, _ in random_game(rules, c.config_dict, seed, chooser):
        for seat in seats_of(n):
            view = rules.view(state, seat)
            shown = set(cards_in(dataclasses.asdict(view)))
            hidden = c.hooks.hidden_cards(state, seat)
            assert not shown & hidden, f"seat {seat} sees {sorted(map(str, shown & hidden))}"
            if seat is not None:
                assert set(view.hand) <= shown


@FAST
@given(cases, seeds, choosers)
def test_a_hidden_drawn_card_is_redacted_for_the_others(c, seed, chooser):
    """Events as each seat receives them carry no card that seat may not see afterwards."""
    rules, n = c.rules, c.players
    for _, action, new_state, events in random_game(rules, c.config_dict, seed, chooser):
        if action is None:
            continue
        for seat in seats_of(n):
            hidden = c.hooks.hidden_cards(new_state, seat)
            for event in events:
                leaked = set(cards_in(dataclasses.asdict(rules.redact(event, seat)))) & hidden
                assert not leaked, f"{event} shows seat {seat} {leaked}"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases, seeds, choosers)
def test_illegal_actions_are_refused_and_change_nothing(c, seed, chooser):
    """Every candidate action that is not legal is refused with IllegalAction and a reason, and
    neither the state (all views, all cards) nor what is legal changes; legal ones are applied
    without touching the state they were given."""
    rules, n = c.rules, c.players
    for state, action, _, _ in random_game(rules, c.config_dict, seed, chooser):
        before = observe(rules, state, n)
        legal = rules.legal_actions(state)
        for candidate in c.hooks.candidates(state):
            if candidate in legal:
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


@FAST
@given(cases, seeds, choosers)
def test_clone_and_advance_match_apply(c, seed, chooser):
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


@SLOWER
@given(cases, seeds, choosers, st.integers(0, 2**32 - 1))
def test_playout_moves_are_legal_and_finish_the_game(c, seed, chooser, salt):
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


@SLOWER
@given(cases, seeds, choosers, st.integers(0, 2**32 - 1))
def test_view_of_determinize_is_the_view(c, seed, chooser, salt):
    """view(determinize(view, rng), seat) == view for every seat at every point of a game; the
    determinized state holds the game's cards, and the seat to move has the same legal actions."""
    rules, n = c.rules, c.players
    full = Counter(c.hooks.full_deck(c.config_dict))
    rng = Rng(salt)
    for state, _, _, _ in random_game(rules, c.config_dict, seed, chooser):
        for seat in seats_of(n):
            view = rules.view(state, seat)
            guess = rules.determinize(view, rng)
            assert rules.view(guess, seat) == view
            assert Counter(guess.all_cards()) == full
            if seat is not None and seat == rules.to_move(state):
                assert rules.legal_actions(guess) == rules.legal_actions(state)


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

    unseen = cards("2S 2H 2D 2C 9S 9H 9D 9C")
    own = cards("3S")
    rest = [c for c in standard_deck() if c not in unseen and c not in own]
    state = ChainsState(3, "three", [own, unseen[:4], unseen[4:]],
                        [rest[:15], rest[15:30], rest[30:]], [], Rng(1),
                        no_fit=[(0, frozenset()), (4, frozenset({5, 7})), (4, frozenset({2, 4}))])
    view = RULES.view(state, 0)
    for salt in range(40):
        guess = RULES.determinize(view, Rng(salt))
        assert RULES.view(guess, 0) == view
        assert sorted(c.code for c in guess.hands[1]) == ["2C", "2D", "2H", "2S"]
        assert sorted(c.code for c in guess.hands[2]) == ["9C", "9D", "9H", "9S"]
