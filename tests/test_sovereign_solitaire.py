"""One test per sentence of the Sovereign's Chain solitaire ruling (rules/sovereigns-chain.md,
"Solitaire") and the rulebook's "Solitaire Play"; the solver and the hint player."""

from __future__ import annotations

import os
from datetime import date

import pytest

from game.ai.players import RandomPlayer
from game.core import IllegalAction
from game.rng import Rng
from game.sovereign import BUILT_IN, Discard, EndTurn, Placed, PlaceModifier, SetSuit, Skip, SovereignState
from game.sovereign.actions import PlayDiscardOn, PlayOn, SolitaireEnded
from game.sovereign.effects import active_rule
from game.sovereign.event_rules import NO_EVENT
from game.sovereign.rules import begin_turn, resume, solitaire_won
from game.sovereign.solitaire import (HINT_DEALS, HINT_NODES, HINT_SEED, SOLITAIRE, WINNABLE_NODES, HintMemory,
                                      SolitaireHint, daily_deal, hint_action, still_winnable, winnable_deal)
from game.sovereign.solver import Solver, position_key, solve
from game.sovereign.state import EVERYONE, MODIFIERS, SHIELDS, SUIT_TOKENS, Tokens, full_supply

CARDS = {c.short: c for c in BUILT_IN.cards}
EVENTS = {e.name: e for e in BUILT_IN.events}


def c(code: str):
    return CARDS[code]


def up(code: str, **tokens) -> Placed:
    return Placed(c(code), True, EVERYONE, **tokens)


def solo(chain, hand, *, draw_pile=(), event="Calm Void", pool: Tokens | None = None, discard=()) -> SovereignState:
    """A solitaire position at the start of a turn. chain: seven entries, each a Placed card,
    a list (a stack, bottom first) or None (an empty space). draw_pile, discard: codes from the
    top down; every other card lies beneath the draw pile. pool: the tokens held (taken out of
    the supply)."""
    pool = pool or Tokens()
    stacks = [[] if p is None else (list(p) if isinstance(p, list) else [p]) for p in chain]
    hand_cards = [c(code) for code in hand]
    top_of_draw_pile = [c(code) for code in draw_pile]
    discarded = [c(code) for code in reversed(discard)]
    used = {p.card for s in stacks for p in s} | set(hand_cards) | set(top_of_draw_pile) | set(discarded)
    rest = [card for card in BUILT_IN.cards if card not in used]
    state = SovereignState(
        players=1, cards=BUILT_IN, solitaire=True, fair_winds=False, dealer=0, rng=Rng(3), hands=[hand_cards],
        draw_pile=rest + list(reversed(top_of_draw_pile)), discard=discarded, chains=[stacks], event_deck=[],
        active_event=EVENTS[event], used_events=[],
        supply=Tokens(SHIELDS - pool.shields, MODIFIERS - pool.modifiers, SUIT_TOKENS), pools=[pool], current=0,
        picks=[None], began_own=[None])
    begin_turn(state, 0)
    resume(state)
    return state


def play(state, *actions):
    events = []
    for action in actions:
        state, new = SOLITAIRE.apply(state, action)
        events += new
    return state, events


MIXED = [up("Scout-1"), up("Scout-2"), up("Envoy-2"), up("Envoy-3"), up("Sentinel-1"), up("Sentinel-2"),
         up("Artificer-1")]


def test_setup_deals_seven_face_up_cards_as_one_chain_abilities_ignored_and_five_in_hand():
    """Event deck as above; one active event. Deal 7 class cards face up as one chain of 7
    positions, abilities ignored. Draw 5."""
    state = SOLITAIRE.setup({"players": 1}, 8)
    assert state.active_event is not None and len(state.event_deck) == 14
    assert len(state.chains) == 1 and len(state.chains[0]) == 7
    assert all(len(stack) == 1 and stack[0].face_up for stack in state.chains[0])
    assert len(state.hands[0]) == 5 and len(state.draw_pile) == 70 - 12
    assert state.pools == [Tokens()] and state.supply == full_supply()
    assert state.pending.kind in ("play", "salvage") or state.winners is not None


def test_mercenaries_dealt_at_setup_have_no_suit():
    """Mercenaries dealt here have no suit."""
    seed = next(s for s in range(200) if any(st[0].card.kind == "Mercenary"
                                              for st in SOLITAIRE.setup({"players": 1}, s).chains[0]))
    state = SOLITAIRE.setup({"players": 1}, seed)
    mercs = [st[0] for st in state.chains[0] if st[0].card.kind == "Mercenary"]
    assert all(p.suit == "" and p.suit_token is None for p in mercs)


def test_a_card_covers_one_whose_value_with_modifiers_is_exactly_one_less():
    """Each turn: play one card face up on top of a card in play whose value (with modifiers) is
    exactly one less than the played card's printed value."""
    chain = [up("Scout-1"), up("Scout-5", mods=(1,)), up("Envoy-3"), up("Envoy-5"), up("Sentinel-2"),
             up("Sentinel-6"), up("Artificer-1")]
    state = solo(chain, ["Envoy-2"])  # Envoy-2: value 2
    assert set(SOLITAIRE.legal_actions(state)) == {PlayOn(c("Envoy-2"), 0)}
    state = solo(chain, ["Empath-7"])  # value 5: covers the 3 with +1 (4)
    assert {a.place for a in SOLITAIRE.legal_actions(state)} == {1}
    with pytest.raises(IllegalAction, match="exactly 4"):
        SOLITAIRE.apply(state, PlayOn(c("Empath-7"), 2))


def test_any_value_goes_onto_a_face_down_card_or_an_empty_space():
    """Any value may go onto a face-down card or an empty space."""
    chain = [None, Placed(c("Scout-2"), False, 1)] + MIXED[2:]
    state = solo(chain, ["Sentinel-7"])
    assert {a.place for a in SOLITAIRE.legal_actions(state)} == {0, 1}


def test_the_card_is_resolved_then_one_drawn():
    """Resolve it; then draw one."""
    chain = [up("Scout-3")] + MIXED[1:]  # Scout-3: value 2 star
    state = solo(chain, ["Envoy-4", "Sentinel-7"], draw_pile=["Smuggler-1"])  # Envoy-4: value 3
    state, _ = play(state, PlayOn(c("Envoy-4"), 0))
    assert state.pending.kind == "change_suit"
    state, _ = play(state, SetSuit(0, 1, "star"))
    assert state.hands[0] == [c("Sentinel-7"), c("Smuggler-1")]


def test_pool_tokens_may_be_placed_during_the_turn():
    """Pool tokens may be placed during the turn."""
    state = solo([up("Envoy-3")] + MIXED[1:], ["Artificer-1"])  # Envoy-3: value 2
    state, _ = play(state, PlayOn(c("Artificer-1"), 0))
    assert state.pending.kind == "tokens" and state.pools == [Tokens(modifiers=2)]
    state, _ = play(state, PlaceModifier(0, 1, 1), EndTurn())
    assert state.chains[0][1][0].mods == (1,)


def test_positions_never_close_up_a_removed_card_leaves_an_empty_space():
    """Positions never close up: a removed card leaves an empty space."""
    state = solo([up("Envoy-1")] + MIXED[1:], ["Scout-3"])  # Envoy-1: value 1; Scout-3: value 2
    state, _ = play(state, PlayOn(c("Scout-3"), 0))
    assert all(type(a) is Discard and a.chain == 0 for a in SOLITAIRE.legal_actions(state)), \
        "abilities target the one chain"
    state, _ = play(state, Discard(0, 4))
    assert len(state.chains[0]) == 7 and state.chains[0][4] == []


def test_a_card_an_ability_lets_you_play_face_down_goes_on_top_of_any_position():
    """A card that an ability lets you play face down goes on top of any position."""
    state = solo([up("Envoy-3")] + MIXED[1:], ["Smuggler-3", "Sentinel-7"])  # Envoy-3: 2; Smuggler-3: 3
    state, _ = play(state, PlayOn(c("Smuggler-3"), 0))
    face_down = {a.place for a in SOLITAIRE.legal_actions(state) if type(a) is PlayOn and not a.face_up}
    assert face_down == set(range(7)) and Skip() in SOLITAIRE.legal_actions(state)
    assert SOLITAIRE.public_action(PlayOn(c("Sentinel-7"), 3, False), None) == PlayOn(None, 3, False)


@pytest.mark.parametrize("event", ["Blockade", "Momentum", "Tribute"])
def test_events_that_name_an_opponent_have_no_effect(event):
    """Events that name an opponent have no effect."""
    state = solo([up("Envoy-3")] + MIXED[1:], ["Sentinel-7", "Smuggler-3"], event=event)
    state.began_own = [True]
    assert active_rule(state) is NO_EVENT
    assert PlayOn(c("Smuggler-3"), 0) in SOLITAIRE.legal_actions(state)
    state, _ = play(state, PlayOn(c("Smuggler-3"), 0), Skip())
    assert state.pools == [Tokens()]


@pytest.mark.parametrize("event, inactive", [("Blockade", True), ("Momentum", True), ("Famine", False)])
def test_a_new_event_that_names_an_opponent_is_announced_as_inactive(event, inactive):
    """The move log says "(inactive)" of a new event with no effect in solitaire, as the event's
    panel does; of any other event, and of the same event at a table of two, it does not."""
    from game.sovereign.effects import draw_event
    from test_sovereign_rules import start

    for state, solitaire in ((solo(MIXED, ["Sentinel-7"]), True), (start("Calm Void", [["Sentinel-1"], ["Envoy-3"]]), False)):
        state.event_deck, log = [EVENTS[event]], []
        draw_event(state, log)
        said = log[-1].text(["Ana", "Ben"])
        assert said.startswith(f"New event: {event}") and ("(inactive)" in said) == (inactive and solitaire)


def test_hostile_orbit_puts_the_unseen_discard_only_where_any_value_fits():
    """Hostile Orbit in solitaire: the top discard, unseen, may go only where any value may go."""
    state = solo([None] + MIXED[1:], ["Sentinel-7"], event="Hostile Orbit")
    state.discard = [state.draw_pile.pop(0)]
    state.pending = None
    begin_turn(state, 0)
    resume(state)
    assert [a for a in SOLITAIRE.legal_actions(state) if type(a) is PlayDiscardOn] == [PlayDiscardOn(0)]


def test_win_when_all_seven_positions_hold_cards_in_play_of_one_suit():
    """Win: all 7 positions hold cards in play of one suit. Record the turn count."""
    stars = [up("Scout-1"), up("Scout-3"), up("Scout-5"), up("Envoy-2"), up("Envoy-4"), up("Empath-1"),
             up("Sentinel-2")]
    state = solo(stars[:6] + [up("Envoy-7")], ["Sentinel-4"])  # Envoy-7: 5 planet; Sentinel-4: 6 star
    state, events = play(state, PlayOn(c("Sentinel-4"), 6), EndTurn())
    assert state.winners == (0,) and SOLITAIRE.outcome(state).scores == (1.0,)
    assert SolitaireEnded(True, 1) in events


def test_loss_when_no_card_in_hand_can_be_played():
    """Loss: no legal play from hand."""
    state = solo(MIXED, ["Sentinel-7"])  # a 7 covers only a 6
    assert state.winners == () and SOLITAIRE.outcome(state).winners == ()


def test_revised_a_turn_is_lost_only_when_pool_tokens_cannot_make_a_card_fit():
    """Revised: loss when no card in hand can be played, even after placing any pool tokens: a +1
    placed before the play makes the 7 fit on a 5."""
    state = solo(MIXED, ["Sentinel-7"], pool=Tokens(modifiers=1))  # Sentinel-2 (place 6) is worth 5
    assert state.winners is None and state.pending.kind == "play"
    assert set(SOLITAIRE.legal_actions(state)) == {PlaceModifier(0, p, d) for p in range(7) for d in (1, -1)}
    state, _ = play(state, PlaceModifier(0, 5, 1))
    assert PlayOn(c("Sentinel-7"), 5) in SOLITAIRE.legal_actions(state)
    state, _ = play(state, PlayOn(c("Sentinel-7"), 5))
    assert state.chains[0][5][-1].card == c("Sentinel-7") and state.pools == [Tokens(shields=1)]


def test_revised_a_pool_token_placed_where_it_cannot_help_loses_the_turn():
    """Revised: ... so once the tokens left cannot make any card fit, the game is lost."""
    state = solo(MIXED, ["Sentinel-7"], pool=Tokens(modifiers=1))
    state, events = play(state, PlaceModifier(0, 0, 1))
    assert state.winners == () and any(type(e) is SolitaireEnded for e in events)


@pytest.mark.parametrize("event, shielded", [("Ion Storm", False), ("Calm Void", True)])
def test_revised_pool_modifiers_that_cannot_be_placed_save_nothing(event, shielded):
    """A modifier that cannot be placed (Ion Storm; a shielded card) cannot make a card fit."""
    chain = list(MIXED)
    chain[5] = up("Sentinel-2", shield=True) if shielded else chain[5]
    state = solo(chain, ["Sentinel-7"], event=event, pool=Tokens(modifiers=1))
    assert state.winners == ()


@pytest.mark.parametrize("blocker", ["face down", "empty", "bare mercenary", "other suit"])
def test_a_win_needs_seven_face_up_cards_in_play_of_one_suit(blocker):
    """Win: all 7 positions hold face-up cards in play of one suit (an empty space, a face-down
    card or a Mercenary without a suit token blocks the win)."""
    stars = [up("Scout-1"), up("Scout-3"), up("Scout-5"), up("Envoy-2"), up("Envoy-4"), up("Empath-1")]
    last = {"face down": Placed(c("Sentinel-2"), False, EVERYONE), "empty": None,
            "bare mercenary": up("Mercenary-1"), "other suit": up("Envoy-7")}[blocker]
    state = solo(stars + [last], ["Sentinel-7", "Magistrate-7"])
    assert state.winners != (0,) and not solitaire_won(state)
    state = solo(stars + [up("Mercenary-1", suit_token="star")], ["Sentinel-7"])
    assert state.winners == (0,)


def test_the_solver_finds_a_winning_line_that_replays_to_a_win():
    """A solver decides whether a deal can be won with the full order known."""
    for seed in range(10):
        state = SOLITAIRE.setup({"players": 1}, seed)
        won, line = solve(state, SOLITAIRE, node_limit=3000)
        if won:
            for action in line:
                state, _ = SOLITAIRE.apply(state, action)
            assert state.winners == (0,)
            return
    raise AssertionError("no winnable deal among ten seeds")


def test_the_solver_proves_a_dead_position_lost():
    state = solo(MIXED, ["Sentinel-7"])
    assert solve(state, SOLITAIRE) == (False, [])


def test_the_solver_and_the_hint_player_are_deterministic_from_the_seed():
    state = SOLITAIRE.setup({"players": 1}, 5)
    assert solve(state, SOLITAIRE, node_limit=500) == solve(state, SOLITAIRE, node_limit=500)
    first = [SolitaireHint(9).choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)) for _ in range(2)]
    assert first[0] == first[1]


def test_the_hint_player_wins_more_than_random_play():
    """The hint player plays from what it can see, and wins more deals than random play."""
    def wins(make) -> int:
        total = 0
        for seed in range(40):
            player = make(seed)
            state = SOLITAIRE.setup({"players": 1}, seed)
            while SOLITAIRE.to_move(state) is not None:
                state, _ = SOLITAIRE.apply(state, player.choose(SOLITAIRE.view(state, 0),
                                                                SOLITAIRE.legal_actions(state)))
            total += bool(state.winners)
        return total

    assert wins(SolitaireHint) > wins(RandomPlayer)


def test_loss_when_the_hand_is_empty():
    """Loss: no legal play from hand, after the draw pile and discards are exhausted."""
    state = solo(MIXED, [])
    assert state.winners == ()


def test_the_solver_treats_positions_with_places_or_hand_in_another_order_as_one():
    """No rule names a place: a position with two places swapped (or the hand reordered) is the
    same position to the solver."""
    state = solo([up("Envoy-3")] + MIXED[1:], ["Artificer-1", "Sentinel-7"])
    swapped = SOLITAIRE.clone(state)
    swapped.chains[0][0], swapped.chains[0][5] = swapped.chains[0][5], swapped.chains[0][0]
    swapped.hands[0].reverse()
    start = state.rng.state
    assert position_key(state, start) == position_key(swapped, start)
    covered = SOLITAIRE.clone(state)
    covered.chains[0][0] = [up("Scout-1"), up("Envoy-3")]
    assert position_key(covered, start) != position_key(state, start)


def test_a_numbered_deal_is_the_game_of_that_seed_whatever_the_sessions_seed():
    """Deal n is dealt from n: the number is what players share."""
    numbered = SOLITAIRE.setup({"players": 1, "deal": 12345}, 99)
    assert numbered.chains == SOLITAIRE.setup({"players": 1}, 12345).chains
    assert numbered.hands == SOLITAIRE.setup({"players": 1}, 12345).hands


@pytest.mark.parametrize("config, words", [({"deal": -1}, "numbered from 0"), ({"deal": "7"}, "numbered from 0"),
                                           ({"deal": 10**9}, "numbered from 0"), ({"winnable": 1}, "true or false")])
def test_a_bad_deal_in_the_config_is_refused_with_the_reason(config, words):
    with pytest.raises(ValueError, match=words):
        SOLITAIRE.normalize_config({"players": 1, **config})


def test_the_next_game_of_a_session_is_the_next_deal_by_number():
    config = SOLITAIRE.normalize_config({"players": 1, "deal": 41, "winnable": True})
    following = SOLITAIRE.next_game_config(config, None)
    assert following["deal"] == 42 and not following["winnable"]


def test_winnable_only_gives_the_first_deal_from_a_number_the_solver_proves_and_always_the_same():
    """Deterministic: the same starting number gives the same winnable deal (a node cap decides)."""
    deal = winnable_deal(48)
    assert deal == winnable_deal(48) and deal >= 48
    assert solve(SOLITAIRE.setup({"players": 1}, deal), SOLITAIRE, node_limit=WINNABLE_NODES)[0] is True
    assert all(solve(SOLITAIRE.setup({"players": 1}, n), SOLITAIRE, node_limit=WINNABLE_NODES)[0] is not True
               for n in range(48, deal))
    config = SOLITAIRE.deal_config({"fair_winds": True}, 48, True)
    assert config["winnable"] and config["fair_winds"] and not config["daily"]
    assert solve(SOLITAIRE.setup(config, 0), SOLITAIRE, node_limit=WINNABLE_NODES)[0] is True


def test_the_daily_deal_comes_from_the_date_alone_with_events_and_winnable():
    """The same deal for everyone on a date: the ISO date through SHA-256 (not Python's hash()),
    then the first winnable deal from that number."""
    day = date(2026, 11, 23)
    assert daily_deal(day) == 136269 and daily_deal(date(2026, 11, 24)) != 136269
    config = SOLITAIRE.daily_config(day)
    assert config == SOLITAIRE.daily_config(day)
    assert config["daily"] and config["winnable"] and not config["fair_winds"]
    assert config["deal"] == winnable_deal(136269)


def test_a_deal_ended_as_lost_is_a_loss_that_a_save_and_a_replay_keep():
    """A deal that can no longer be won may be ended: the game is over and lost (a loss in the
    statistics); the save replays it to the same end, the replay shows it."""
    from game.session import Session
    from game.stats import Stats, add_game
    from game.playback import Playback

    session = Session("sovereign-solitaire", {"seats": [{"name": "Ana", "kind": "human"}]}, 3)
    session.apply(session.legal_actions()[0])
    events = session.give_up()
    over = events[-1]
    assert session.game_over and SOLITAIRE.outcome(session.state).winners == ()
    assert over == SolitaireEnded(False, session.turns_taken(0), True) and "ended as lost" in over.text(["Ana"])
    reloaded = Session.loads(session.dumps())
    assert reloaded.game_over and reloaded.log == session.log and reloaded.log[-1] == {"type": "GiveUp"}
    playback = Playback(reloaded)
    playback.show(len(playback) - 1)
    assert playback.session.view(0).winners == ()
    stats = Stats()
    assert add_game(stats, session)
    record = stats.records["sovereign-solitaire"]["solitaire"]
    assert (record.played, record.won) == (1, 0)
    with pytest.raises(IllegalAction):
        session.give_up()


def test_only_a_game_that_allows_it_can_be_given_up():
    from game.session import Session

    session = Session("chains", {"seats": [{"name": "Ana"}, {"name": "Ben"}]}, 1)
    with pytest.raises(IllegalAction):
        session.give_up()
    assert not session.game_over and session.log == []


@pytest.mark.parametrize("action", [SetSuit(0, 4, "star"), Discard(0, 4), PlaceModifier(0, 4, 1)])
def test_abilities_and_tokens_never_target_an_empty_place(action):
    """Only cards in play can be targeted: an empty space is refused with the reason (it used to
    raise IndexError, and the autosave holding the move then broke Continue)."""
    state = solo([up("Envoy-3")] + MIXED[1:4] + [None] + MIXED[5:], ["Envoy-4"], pool=Tokens(modifiers=1))
    state, _ = play(state, PlayOn(c("Envoy-4"), 0))
    assert state.pending.kind == "change_suit"
    assert all(getattr(a, "place", None) != 4 for a in SOLITAIRE.legal_actions(state))
    with pytest.raises(IllegalAction, match="no card at that place|not now"):
        SOLITAIRE.apply(state, action)


def test_an_empty_hand_with_pool_modifiers_and_an_empty_place_is_a_loss():
    """Loss: no card in hand can be played (an empty hand), whatever the pool holds."""
    state = solo([None] + MIXED[1:], [], pool=Tokens(modifiers=2))
    assert state.winners == ()


# ---------------------------------------------------------------- the solver, exact and quick


EXACT_EVENTS = ["Calm Void", "Open Skies", "Ion Storm", "Jamming Field", "Salvage", "Famine", "Nebula",
                "Polarity Shift", "Ceasefire", "Supply Run", "Hostile Orbit"]


def small_position(seed: int):
    """A short game to search to the end: a chain of seven (an empty space now and then), two or
    three cards in hand, up to two in the draw pile and nothing beneath, tokens in the pool."""
    rng = Rng(seed)
    codes = sorted(CARDS)
    rng.shuffle(codes)
    chain = [None if rng.random() < 0.1 else up(codes.pop()) for _ in range(7)]
    hand = [codes.pop() for _ in range(2 + (rng.random() < 0.3))]
    draw_pile = [codes.pop() for _ in range(int(rng.random() * 3))]
    pool = Tokens(shields=int(rng.random() * 2), modifiers=int(rng.random() * 3))
    state = solo(chain, hand, draw_pile=draw_pile, event=EXACT_EVENTS[int(rng.random() * len(EXACT_EVENTS))], pool=pool)
    state.draw_pile = state.draw_pile[len(state.draw_pile) - len(draw_pile):]
    return state


class TooLong(Exception):
    pass


def every_line_wins(state, most: int) -> bool:
    """Whether any line wins, by trying every legal action from every position (the position
    exactly as it is: no order of places or hand set aside, no action skipped); TooLong after
    `most` actions."""
    seen = set()
    tried = 0

    def exact(s):
        return (tuple(map(tuple, s.chains[0])), tuple(s.hands[0]), tuple(s.draw_pile), tuple(s.discard), s.active_event,
                tuple(s.event_deck), tuple(s.used_events), s.rng.state, s.supply.frozen(), s.pools[0].frozen(),
                s.pending, tuple(s.work), s.phase, s.plays_this_turn)

    def wins(s) -> bool:
        nonlocal tried
        for action in SOLITAIRE.legal_actions(s):
            child = SOLITAIRE.clone(s)
            tried += 1
            if tried > most:
                raise TooLong
            SOLITAIRE.advance(child, action)
            if child.winners is not None:
                if child.winners:
                    return True
                continue
            key = exact(child)
            if key not in seen:
                seen.add(key)
                if wins(child):
                    return True
        return False

    return wins(state)


def test_the_solver_agrees_with_trying_every_line_on_small_positions():
    """Proved won: the line replays to a win; proved lost: no line at all wins (tried one by one,
    pool tokens in every order at every moment)."""
    verdicts = {True: 0, False: 0}
    with_tokens_lost = 0
    for seed in range(120):
        state = small_position(seed)
        if state.winners is not None:
            continue
        try:
            truth = every_line_wins(state, 5000)
        except TooLong:
            continue
        won, line = solve(state, SOLITAIRE, node_limit=50000)
        assert won is not None, seed
        assert won == truth, seed
        verdicts[won] += 1
        with_tokens_lost += not won and sum(state.pools[0].frozen()) > 0
        if won:
            for action in line:
                state, _ = SOLITAIRE.apply(state, action)
            assert state.winners == (0,), seed
    assert verdicts[True] >= 10 and verdicts[False] >= 10 and with_tokens_lost >= 5


def positions_along_the_way(deals, turns):
    """Positions from seeded deals, some turns in, played by the rule of thumb (tokens gained)."""
    for seed in deals:
        state = SOLITAIRE.setup({"players": 1}, seed)
        player = SolitaireHint(seed)
        while SOLITAIRE.to_move(state) is not None and state.turns <= turns:
            state, _ = SOLITAIRE.apply(state, player.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)))
        if state.winners is None:
            yield seed, state


def test_pruning_pool_tokens_keeps_the_verdict():
    """The solver tries pool tokens only at the moments of a play and where they can matter; with
    every token at every moment tried, the verdicts are the same (deals from the start, and games
    some turns in)."""
    positions = [(seed, SOLITAIRE.setup({"players": 1}, seed)) for seed in range(30)]
    positions += positions_along_the_way(range(30, 80), 3)
    decided = set()
    agreed = 0
    for seed, state in positions:
        pruned = Solver(SOLITAIRE, node_limit=10000).solve(state)[0]
        every = Solver(SOLITAIRE, node_limit=10000, prune=False).solve(state)[0]
        if pruned is not None and every is not None:
            assert pruned == every, seed
            decided.add(pruned)
            agreed += 1
    assert decided == {True, False} and agreed >= 0.8 * len(positions) and len(positions) >= 60


def test_the_solver_proves_lost_a_turn_that_begins_with_an_empty_hand():
    """Famine: the last card goes onto one empty space; the next turn begins with an empty hand, a
    modifier in the pool and another empty space: lost (no card in hand)."""
    state = solo([None, None] + MIXED[2:], ["Sentinel-7"], event="Famine", pool=Tokens(modifiers=1))
    assert solve(state, SOLITAIRE) == (False, [])


# ---------------------------------------------------------------- the hint and the verdict


def first_proved_deal(start: int = 0) -> int:
    return next(seed for seed in range(start, start + 50) if solve(SOLITAIRE.setup({"players": 1}, seed), SOLITAIRE)[0])


def reorderings(state, count: int, seed: int) -> list:
    """`state` with the cards the player has not seen (the draw pile, the event deck) in `count`
    other orders: the same view."""
    found = []
    for k in range(count):
        other = SOLITAIRE.clone(state)
        Rng(seed * 10 + k).shuffle(other.draw_pile)
        Rng(seed * 10 + k).shuffle(other.event_deck)
        assert other.draw_pile != state.draw_pile and SOLITAIRE.view(other, 0) == SOLITAIRE.view(state, 0)
        found.append(other)
    return found


def copied(memory: HintMemory) -> HintMemory:
    """Another table's memory of the same game so far (what the hints gave and found)."""
    other = HintMemory()
    other.hinted, other.sampled = dict(memory.hinted), memory.sampled
    return other


def test_the_hint_is_the_same_whatever_the_order_of_the_cards_the_player_has_not_seen():
    """A fair hint: judged from the player's view, never from the order of the deck. At the deal
    and at each of the first moves of two deals (played by the hint), the draw pile and the event
    deck reordered give the very same hint: with the game's memory of its hints so far, and with
    a fresh memory."""
    for seed in (first_proved_deal(), first_proved_deal(100)):
        state, memory = SOLITAIRE.setup({"players": 1}, seed), HintMemory(seed)
        for _move in range(5):
            before = copied(memory)
            hinted = hint_action(state, memory=memory)
            others = reorderings(state, 2, seed)
            assert {hint_action(other, memory=copied(before)) for other in others} == {hinted}, (seed, state.turns)
            assert len({hint_action(other) for other in [state, *others]}) == 1, (seed, state.turns)
            state, _ = SOLITAIRE.apply(state, hinted)
            if state.winners is not None:
                break


def test_the_hint_is_the_first_step_the_winning_lines_take_most_often_on_deals_the_player_cannot_tell_apart():
    """Every deal the hint solved looks to the player as the table does, each line it counted wins
    its deal, and the hint is the first step most of those lines take."""
    state = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    memory = HintMemory()
    for _move in range(6):
        hinted = hint_action(state, memory=memory)
        view, found = memory.sampled
        assert view == SOLITAIRE.view(state, 0) and 1 <= len(found) <= HINT_DEALS
        firsts = []
        for deal, won, line in found:
            assert SOLITAIRE.view(deal, 0) == view
            if won:
                played = SOLITAIRE.clone(deal)
                for action in line:
                    played, _ = SOLITAIRE.apply(played, action)
                assert played.winners == (0,)
                firsts.append(line[0])
        assert firsts and firsts.count(hinted) == max(firsts.count(step) for step in firsts)
        state, _ = SOLITAIRE.apply(state, hinted)


def count_searches(monkeypatch) -> list:
    """Each search a hint runs from now on, as the positions it reached."""
    import game.sovereign.solver as solver

    searches, solve_one = [], solver.Solver.solve

    def counted(self, state):
        found = solve_one(self, state)
        searches.append(self.nodes)
        return found
    monkeypatch.setattr(solver.Solver, "solve", counted)
    return searches


def test_a_position_asked_about_again_is_not_solved_again(monkeypatch):
    state = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    memory = HintMemory()
    hinted = hint_action(state, memory=memory)
    searches = count_searches(monkeypatch)
    assert hint_action(SOLITAIRE.clone(state), memory=memory) == hinted and not searches


def test_a_hint_in_the_same_turn_goes_on_with_the_last_hints_deals(monkeypatch):
    """After a step that shows nothing new (an ability's target, a token, an extra play), the last
    hint's deals still look as the table does and their winning lines go on: some hints of a
    game followed to its win need no search at all, and every deal a hint judged by looks as the
    table did."""
    searches = count_searches(monkeypatch)
    state = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    memory, unsearched = HintMemory(), 0
    while SOLITAIRE.to_move(state) is not None:
        before = len(searches)
        hinted = hint_action(state, memory=memory)
        unsearched += len(searches) == before
        view, found = memory.sampled
        assert view == SOLITAIRE.view(state, 0) and all(SOLITAIRE.view(deal, 0) == view for deal, *_ in found)
        state, _ = SOLITAIRE.apply(state, hinted)
    assert state.winners == (0,) and unsearched >= 1


def test_a_hint_searches_within_its_budget(monkeypatch):
    """However hopeless the position (deal 12: most deals consistent with the view undecided), a
    hint starts no search once HINT_BUDGET positions are spent, and still gives a legal action."""
    from game.sovereign.solitaire import HINT_BUDGET

    searches = count_searches(monkeypatch)
    state, memory, spent = SOLITAIRE.setup({"players": 1}, 12), HintMemory(12), []
    for _move in range(8):
        before = len(searches)
        hinted = hint_action(state, memory=memory)
        assert sum(searches[before:-1]) < HINT_BUDGET and hinted in SOLITAIRE.legal_actions(state)
        spent.append(sum(searches[before:]))
        state, _ = SOLITAIRE.apply(state, hinted)
        if state.winners is not None:
            break
    assert max(searches) >= HINT_NODES and max(spent) >= HINT_BUDGET, spent


@pytest.mark.parametrize("start", [0, 100, 200])
def test_following_every_hint_wins_a_deal_the_solver_proves_winnable(start):
    seed = first_proved_deal(start)
    state = SOLITAIRE.setup({"players": 1}, seed)
    memory = HintMemory(seed)
    while SOLITAIRE.to_move(state) is not None:
        state, _ = SOLITAIRE.apply(state, hint_action(state, memory=memory))
    assert state.winners == (0,)


def test_the_hint_after_a_move_off_its_way_is_a_legal_action():
    seed = first_proved_deal()
    state = SOLITAIRE.setup({"players": 1}, seed)
    memory = HintMemory()
    hinted = hint_action(state, memory=memory)
    other = next(action for action in SOLITAIRE.legal_actions(state) if action != hinted)
    state, _ = SOLITAIRE.apply(state, other)
    if state.winners is None:
        assert hint_action(state, memory=memory) in SOLITAIRE.legal_actions(state)


def test_a_hint_for_a_finished_game_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="game is over"):
        hint_action(solo(MIXED, ["Sentinel-7"]))


def test_still_winnable_says_false_on_a_dead_position_and_true_on_a_proved_one():
    dead = solo(MIXED, ["Sentinel-3", "Magistrate-7"], event="Famine")  # the 5 fits once; the 9 never
    assert dead.winners is None and still_winnable(dead) is False
    proved = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    memory = HintMemory()
    assert still_winnable(proved, memory=memory) is True
    assert memory.planned  # (the hint then follows the line found)


def test_still_winnable_is_not_sure_when_the_budget_runs_out():
    state = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    assert still_winnable(state, node_limit=1) is None


def test_a_position_proved_lost_is_not_searched_again_and_its_hint_is_still_the_players_view(monkeypatch):
    """The verdict is a proof about the real deal, remembered; the hint judges from the view (the
    player cannot know the proof), and a legal move it is."""
    import game.sovereign.solver as solver

    memory = HintMemory()
    dead = solo(MIXED, ["Sentinel-3", "Magistrate-7"], event="Famine")
    assert still_winnable(dead, memory=memory) is False
    assert hint_action(dead, memory=memory) in SOLITAIRE.legal_actions(dead)
    monkeypatch.setattr(solver.Solver, "solve", lambda *args: pytest.fail("solved again"))
    assert still_winnable(dead, memory=memory) is False


def test_the_hint_and_the_verdict_are_deterministic_from_the_seed():
    for seed in (3, 17):
        games = []
        for _ in range(2):
            state = SOLITAIRE.setup({"players": 1}, seed)
            memory = HintMemory(seed)
            moves = []
            while SOLITAIRE.to_move(state) is not None:
                action = hint_action(state, node_limit=300, memory=memory)
                moves.append(action)
                state, _ = SOLITAIRE.apply(state, action)
            games.append((moves, state.winners))
        assert games[0] == games[1]
        deal = SOLITAIRE.setup({"players": 1}, seed)
        assert solve(deal, SOLITAIRE) == solve(deal, SOLITAIRE)


def test_the_solver_runs_beside_play_in_another_thread():
    """The table asks in a background thread while play goes on: verdicts as when asked alone."""
    import threading

    deals = range(10)
    alone = [still_winnable(SOLITAIRE.setup({"players": 1}, seed), node_limit=3000) for seed in deals]
    found = {}

    def ask():
        for seed in deals:
            found[seed] = still_winnable(SOLITAIRE.setup({"players": 1}, seed), node_limit=3000)

    worker = threading.Thread(target=ask)
    worker.start()
    for seed in range(10, 20):
        state = SOLITAIRE.setup({"players": 1}, seed)
        player = SolitaireHint(seed)
        while SOLITAIRE.to_move(state) is not None:
            state, _ = SOLITAIRE.apply(state, player.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)))
    worker.join()
    assert [found[seed] for seed in deals] == alone


def test_the_rule_of_thumb_places_the_modifier_that_saves_the_turn():
    """When no card fits but a pool modifier can make one fit, the hint places that one."""
    state = solo(MIXED, ["Sentinel-7"], pool=Tokens(modifiers=1))  # Sentinel-2 (place 6) is worth 5
    assert SolitaireHint(0).choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)) == PlaceModifier(0, 5, 1)


def test_the_rule_of_thumb_wastes_no_token():
    """A card that fits is played rather than a token placed; at the end of a turn no modifier
    is placed (it is as good at the next play, with the drawn card in hand), nor a shield."""
    state = solo(MIXED, ["Scout-3"], pool=Tokens(shields=1, modifiers=2))  # Scout-3 (a 2) fits on Scout-2 (a 1)
    legal = SOLITAIRE.legal_actions(state)
    assert type(SolitaireHint(0).choose(SOLITAIRE.view(state, 0), legal)) is PlayOn
    state, _ = play(state, PlayOn(c("Scout-3"), 1))
    if state.pending is not None and state.pending.kind == "discard":
        state, _ = play(state, SOLITAIRE.legal_actions(state)[0])
    assert state.pending.kind == "tokens"
    assert SolitaireHint(0).choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)) == EndTurn()


def test_a_search_without_a_win_is_not_repeated_for_hints_in_the_same_turn(monkeypatch):
    """Hints after a search that found no win play by rule of thumb until the next turn; asking
    whether the deal can still be won searches again."""
    import game.sovereign.solver as solver

    memory = HintMemory()
    state = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    assert hint_action(state, node_limit=1, memory=memory) in SOLITAIRE.legal_actions(state)
    searches = []
    monkeypatch.setattr(solver.Solver, "solve", lambda *args: searches.append(args) or (None, []))
    hint_action(state, node_limit=1, memory=memory)
    assert not searches
    assert still_winnable(state, node_limit=1, memory=memory) is None and len(searches) == 1


def test_the_solver_finds_the_same_in_another_process():
    """A node count stops the search, and nothing in its order hangs on where objects lie in
    memory or on string hashing: another process (another hash seed) finds the same line after
    the same number of positions."""
    import subprocess
    import sys

    script = ("from game.sovereign.solitaire import SOLITAIRE\n"
              "from game.sovereign.solver import Solver\n"
              "for seed in (5, 23, 44):\n"
              "    solver = Solver(SOLITAIRE, node_limit=4000)\n"
              "    print(solver.solve(SOLITAIRE.setup({'players': 1}, seed)), solver.nodes)\n")
    here = []
    for seed in (5, 23, 44):
        solver = Solver(SOLITAIRE, node_limit=4000)
        here.append(f"{solver.solve(SOLITAIRE.setup({'players': 1}, seed))} {solver.nodes}")
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert other.stdout.splitlines() == here


def test_a_search_cancelled_by_the_table_is_not_sure_and_forgotten():
    """The table moved on (a new turn) while the search ran: not sure, and nothing remembered."""
    import threading

    state = SOLITAIRE.setup({"players": 1}, first_proved_deal())
    memory = HintMemory()
    moved_on = threading.Event()
    moved_on.set()
    assert still_winnable(state, memory=memory, cancel=moved_on) is None
    assert still_winnable(state, memory=memory) is True
