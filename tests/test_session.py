"""Sessions: saves and loads, replays from (game, config, seed, actions), and what computers see."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.players import Player
from game.chains import RULES
from game.cards import Card
from game.chains import Pass
from game.core import IllegalAction, from_json, to_json
from game.session import SAVE_FORMAT, SaveError, Session


def config(games_to_win=1, players=2, kind="computer", difficulty="random", draw_rule="three"):
    seats = [{"name": f"P{i}", "kind": kind, "difficulty": difficulty} for i in range(players)]
    return {"seats": seats, "rules": {"draw_rule": draw_rule}, "games_to_win": games_to_win}


def play(session: Session, actions: int, rnd: random.Random) -> None:
    """Up to `actions` random legal actions (stopping when the game ends)."""
    for _ in range(actions):
        if session.game_over:
            return
        session.apply(rnd.choice(session.legal_actions()))


def finish(session: Session, rnd: random.Random) -> None:
    while not session.game_over:
        session.apply(rnd.choice(session.legal_actions()))


def fingerprint(session: Session):
    """Everything a session holds that a load must bring back."""
    state = session.state
    players = len(session.seats)
    return {
        "game": session.game, "config": session.config, "seed": session.seed,
        "wins": list(session.wins), "game_number": session.game_number, "log": list(session.log),
        "views": [RULES.view(state, seat) for seat in [*range(players), None]],
        "cards": list(state.all_cards()), "draw_pile": list(state.draw_pile), "rng": state.rng.state,
        "to_move": session.to_move, "legal": session.legal_actions(),
        "outcome": session.outcome(),
    }


def saved_session(actions=25, seed=7, **kwargs) -> Session:
    session = Session("chains", config(**kwargs), seed)
    play(session, actions, random.Random(seed))
    return session


# ---------------------------------------------------------------- round trips


def test_dumps_is_the_documented_json():
    """A save is JSON {"format", "game", "edition", "config", "seed", "actions", "assisted"},
    actions in to_json form."""
    session = saved_session(10)
    data = json.loads(session.dumps())
    assert set(data) == {"format", "game", "edition", "config", "seed", "actions", "assisted"}
    assert data["assisted"] == []
    assert data["format"] == SAVE_FORMAT and data["game"] == "chains" and data["seed"] == 7
    assert len(data["actions"]) == 10
    assert all(isinstance(a, dict) and "type" in a for a in data["actions"])


@pytest.mark.parametrize("actions", [0, 1, 25, 60])
@pytest.mark.parametrize("draw_rule", ["three", "one", "until"])
def test_save_and_load_round_trip(actions, draw_rule):
    """Session.loads(session.dumps()) brings back the same state, log and wins."""
    session = saved_session(actions, draw_rule=draw_rule, players=3)
    loaded = Session.loads(session.dumps())
    assert fingerprint(loaded) == fingerprint(session)


def test_a_loaded_session_plays_on_exactly_like_the_original():
    """After a load the same moves give the same states (the deck order and RNG came back too)."""
    session = saved_session(15)
    loaded = Session.loads(session.dumps())
    rnd = random.Random(3)
    while not session.game_over:
        action = rnd.choice(session.legal_actions())
        assert session.apply(action) == loaded.apply(action)
        assert fingerprint(loaded) == fingerprint(session)


def test_round_trip_across_a_next_game_boundary():
    """A save spanning games ({"type": "NextGame"} in the list) loads into the same later game
    with the same win counter."""
    rnd = random.Random(5)
    session = Session("chains", config(games_to_win=5), 21)
    finish(session, rnd)
    session.next_game()
    finish(session, rnd)
    session.next_game()
    play(session, 9, rnd)
    assert session.game_number == 2 and sum(session.wins) >= 2
    text = session.dumps()
    assert sum(1 for a in json.loads(text)["actions"] if a == {"type": "NextGame"}) == 2
    loaded = Session.loads(text)
    assert fingerprint(loaded) == fingerprint(session)
    assert loaded.wins == session.wins


def test_round_trip_right_after_next_game_and_at_game_end():
    """Saves taken at a game's end and just after NextGame load back the same."""
    rnd = random.Random(8)
    session = Session("chains", config(games_to_win=3), 2)
    finish(session, rnd)
    at_end = Session.loads(session.dumps())
    assert fingerprint(at_end) == fingerprint(session) and at_end.game_over
    session.next_game()
    after_next = Session.loads(session.dumps())
    assert fingerprint(after_next) == fingerprint(session) and not after_next.game_over
    assert after_next.game_number == 1


def test_each_game_of_a_session_has_its_own_deal():
    """NextGame deals a new game from the session seed: not the same deal again."""
    rnd = random.Random(1)
    session = Session("chains", config(games_to_win=3), 4)
    first = [list(h) for h in session.state.hands]
    finish(session, rnd)
    session.next_game()
    assert [list(h) for h in session.state.hands] != first


# ---------------------------------------------------------------- refused saves


def good_save() -> dict:
    return json.loads(saved_session(30).dumps())


def first_action_index(data: dict, kind: str) -> int:
    return next(i for i, a in enumerate(data["actions"]) if a["type"] == kind)


def refuse(text_or_data, *fragments: str) -> str:
    text = text_or_data if isinstance(text_or_data, str) else json.dumps(text_or_data)
    with pytest.raises(SaveError) as info:
        Session.loads(text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def test_a_good_save_loads():
    """The base of the damaged saves below does load (so each refusal is the damage's doing)."""
    Session.loads(json.dumps(good_save()))


@pytest.mark.parametrize("text", ["", "not a save", '{"format": 1,', "{'format': 1}"])
def test_refused_not_json(text):
    """A file that is not JSON is refused, saying so."""
    refuse(text, "not valid JSON")


@pytest.mark.parametrize("text", ["[1, 2]", '"save"', "12", "null"])
def test_refused_json_that_is_not_an_object(text):
    refuse(text, "not a JSON object")


@pytest.mark.parametrize("number", [0, SAVE_FORMAT + 1, "1", None, True, 1.0])
def test_refused_wrong_format_number(number):
    """A save of another format version is refused, naming the version found and the one read."""
    data = good_save()
    data["format"] = number
    refuse(data, "unknown save format", repr(number), str(SAVE_FORMAT))


@pytest.mark.parametrize("game", ["poker", "", "CHAINS"])
def test_refused_unknown_game(game):
    data = good_save()
    data["game"] = game
    refuse(data, "unknown game", repr(game))


@pytest.mark.parametrize("key", ["format", "game", "config", "seed", "actions"])
def test_refused_missing_key(key):
    """A save without one of its keys is refused, naming the key (the format via its version)."""
    data = good_save()
    del data[key]
    message = refuse(data)
    assert repr(key) in message or (key == "format" and "unknown save format None" in message)


def test_refused_seed_or_actions_of_the_wrong_kind():
    data = good_save()
    data["seed"] = "seven"
    refuse(data, "seed must be a number")
    data = good_save()
    data["actions"] = {"0": {"type": "Draw"}}
    refuse(data, "actions a list")


def replay_until(data: dict, stop) -> tuple[Session, int]:
    """Replay the save's moves until `stop(session, item)`; the session then and the move index."""
    session = Session.from_save({**data, "actions": []})
    for index, item in enumerate(data["actions"]):
        if stop(session, item):
            return session, index
        session.apply(from_json(item, RULES.action_types))
    raise AssertionError("no such move in the save")


def test_refused_an_illegal_action_in_the_list():
    """A move the rules refuse is reported with its number and the rules' reason."""
    data = good_save()
    session, i = replay_until(data, lambda session, item: Pass() not in session.legal_actions())
    reason = RULES.why_illegal(session.state, Pass())
    data["actions"][i] = {"type": "Pass"}
    message = refuse(data, f"move {i + 1} of the save cannot be played")
    assert message.endswith(reason) and len(reason) > 10


def test_refused_a_card_that_is_not_in_the_hand():
    """A play of a card the seat does not hold is refused, naming the card."""
    data = good_save()
    session, i = replay_until(data, lambda session, item: item["type"] == "Play"
                              and session.state.pending is None)
    seat = session.to_move
    outsider = session.state.hands[1 - seat][0]
    data["actions"][i] = {"type": "Play", "card": outsider.code, "chain": 0}
    refuse(data, f"move {i + 1}", outsider.label, "not in your hand")


def test_refused_an_action_after_the_game_ended():
    """Moves past the end of a game (with no NextGame) are refused: the game is over."""
    rnd = random.Random(4)
    session = Session("chains", config(games_to_win=2), 9)
    finish(session, rnd)
    data = json.loads(session.dumps())
    data["actions"].append({"type": "Pass"})
    refuse(data, f"move {len(data['actions'])}", "the game is over")


def test_refused_next_game_while_a_game_is_in_progress():
    data = good_save()
    data["actions"].insert(3, {"type": "NextGame"})
    refuse(data, "move 4", "not over")


def test_refused_next_game_after_the_session_is_over():
    rnd = random.Random(4)
    session = Session("chains", config(games_to_win=1), 9)
    finish(session, rnd)
    data = json.loads(session.dumps())
    data["actions"].append({"type": "NextGame"})
    refuse(data, "session is over")


@pytest.mark.parametrize("code", ["ZZ", "1H", "11S", "QX", "", "7HH"])
def test_refused_a_garbled_card_code(code):
    """A card code that names no card is refused, quoting it."""
    data = good_save()
    i = first_action_index(data, "Play")
    data["actions"][i]["card"] = code
    refuse(data, f"move {i + 1}", repr(code), "is not a card")


@pytest.mark.parametrize("value", [7, None, ["7", "H"], {"rank": 7}, True])
def test_refused_a_card_that_is_not_a_code(value):
    """A card written as something other than a code is refused too, never crashing the load."""
    data = good_save()
    i = first_action_index(data, "Play")
    data["actions"][i]["card"] = value
    refuse(data, f"move {i + 1}", "cannot be played")


@pytest.mark.parametrize("value", ["1", 1.0, None, [0]])
def test_refused_a_chain_that_is_not_a_number(value):
    data = good_save()
    i = first_action_index(data, "Play")
    data["actions"][i]["chain"] = value
    refuse(data, f"move {i + 1}", "cannot be played")


@pytest.mark.parametrize("value", [3, -1, 99])
def test_refused_a_chain_that_does_not_exist(value):
    data = good_save()
    i = first_action_index(data, "Play")
    data["actions"][i]["chain"] = value
    refuse(data, f"move {i + 1}", "no chain")


@pytest.mark.parametrize("item, fragment", [
    ({"type": "Play", "card": "7H"}, "missing 'chain'"),
    ({"type": "Play", "chain": 0}, "missing 'card'"),
    ({"card": "7H", "chain": 0}, "'type'"),
    ({"type": "Discard"}, "unknown type 'Discard'"),
    ({"type": ["Draw"]}, "unknown type ['Draw']"),
    ("Draw", "'type'"),
    (None, "'type'"),
])
def test_refused_a_damaged_action(item, fragment):
    """An action with a missing key, an unknown type, or not an object at all is refused."""
    data = good_save()
    data["actions"][0] = item
    refuse(data, "move 1", fragment)


@pytest.mark.parametrize("damage, fragment", [
    (lambda c: c.update(seats=[]), "list of seats"),
    (lambda c: c.pop("seats"), "list of seats"),
    (lambda c: c.update(seats=["Ann", "Bob"]), "not an object"),
    (lambda c: c["seats"][0].update(kind="robot"), "human or computer"),
    (lambda c: c["seats"][0].update(difficulty="genius"), "genius"),
    (lambda c: c.update(games_to_win=0), "games to win"),
    (lambda c: c.update(games_to_win=True), "games to win"),
    (lambda c: c.update(games_to_win=2.0), "games to win"),
    (lambda c: c["rules"].update(draw_rule="seven"), "Draw rule"),
    (lambda c: c.update(seats=c["seats"] * 3), "2 to 4 players"),
    (lambda c: c.update(rules=["three"]), "rules must be objects"),
    (lambda c: c["rules"].update(draw_rule=["three"]), "Draw rule"),
    (lambda c: c["seats"][1].update(difficulty=["easy"]), "difficulty must be a name"),
])
def test_refused_a_damaged_config(damage, fragment):
    data = good_save()
    damage(data["config"])
    refuse(data, "setup is not valid", fragment)


@pytest.mark.parametrize("value", [[], "chains", 3, None])
def test_refused_a_config_that_is_not_an_object(value):
    data = good_save()
    data["config"] = value
    refuse(data, "config")


def test_a_refused_load_leaves_nothing_half_loaded():
    """A refused load raises; it never returns a session cut short at the damage."""
    data = good_save()
    data["actions"][-1] = {"type": "Play", "card": "ZZ", "chain": 0}
    with pytest.raises(SaveError):
        Session.from_save(data)


# ---------------------------------------------------------------- replays


@pytest.mark.parametrize("seed", [0, 1, 99, 2**63])
def test_same_game_config_seed_and_actions_replay_to_the_same_state(seed):
    """(game, config, seed, actions) fixes everything: two loads, and a replay straight through
    the rules, reach the same state."""
    session = Session("chains", config(games_to_win=2, players=3), seed)
    rnd = random.Random(seed)
    finish(session, rnd)
    if not session.session_over:
        session.next_game()
        play(session, 12, rnd)
    data = session.to_save()
    a = Session.from_save(copy.deepcopy(data))
    b = Session.from_save(copy.deepcopy(data))
    assert fingerprint(a) == fingerprint(b) == fingerprint(session)
    # Straight through the rules, game by game, from the session's per-game seeds.
    games = [[]]
    for item in data["actions"]:
        if item == {"type": "NextGame"}:
            games.append([])
        else:
            games[-1].append(item)
    state = RULES.setup(session.config["rules"], session.game_seed(len(games) - 1))
    for item in games[-1]:
        state, _ = RULES.apply(state, from_json(item, RULES.action_types))
    assert [RULES.view(state, s) for s in (0, 1, 2, None)] == fingerprint(session)["views"]
    assert state.draw_pile == session.state.draw_pile and state.rng.state == session.state.rng.state


def test_another_seed_gives_another_game():
    """The seed matters: the same config with another seed deals differently."""
    a = Session("chains", config(), 1)
    b = Session("chains", config(), 2)
    assert a.state.hands != b.state.hands


def test_session_log_is_the_actions_in_json_form():
    session = saved_session(12)
    replayed = Session.from_save({**session.to_save(), "actions": []})
    for item in session.log:
        action = from_json(item, RULES.action_types)
        assert to_json(action) == item
        replayed.apply(action)
    assert fingerprint(replayed) == fingerprint(session)


# ---------------------------------------------------------------- computer seats


def cards_in(obj) -> list:
    if isinstance(obj, Card):
        return [obj]
    if isinstance(obj, dict):
        if set(obj) == {"rank", "suit"}:
            return [Card(obj["rank"], obj["suit"])]
        return [c for value in obj.values() for c in cards_in(value)]
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [c for item in obj for c in cards_in(item)]
    return []


class Recorder(Player):
    """Wraps a computer player and records what it is handed."""

    def __init__(self, seat: int, inner: Player, session: Session) -> None:
        self.seat, self.inner, self.session, self.calls = seat, inner, session, []

    def choose(self, view, legal):
        state = self.session.state
        self.calls.append((view, list(legal)))
        assert view.seat == self.seat
        assert view.hand == tuple(state.hands[self.seat])
        assert view == RULES.view(state, self.seat)
        others = {c for s, hand in enumerate(state.hands) if s != self.seat for c in hand}
        assert not others & set(cards_in(dataclasses.asdict(view)))
        assert legal == RULES.legal_actions(state)
        return self.inner.choose(view, legal)


@pytest.mark.parametrize("difficulty", ["random", "easy", "normal"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_computer_seat_only_receives_its_own_view(difficulty, players):
    """A computer player is handed its own seat's view (its hand, no other hand) and the legal
    actions, never the state or another seat's view."""
    session = Session("chains", config(games_to_win=2, players=players, difficulty=difficulty), 13)
    recorders = {seat: Recorder(seat, player, session) for seat, player in session.computers.items()}
    session.computers.update(recorders)
    while True:
        while not session.game_over:
            session.apply(session.computer_action())
        if session.session_over:
            break
        session.next_game()
    for seat, recorder in recorders.items():
        assert recorder.calls, f"seat {seat} never moved"
        for view, _ in recorder.calls:
            assert type(view).__name__ == "ChainsView"
            assert view.seat == seat


def test_computer_action_is_refused_on_a_human_turn():
    session = Session("chains", {"seats": [{"name": "Ann"}, {"name": "Bot", "kind": "computer"}]}, 3)
    assert session.to_move == 0
    with pytest.raises(IllegalAction, match="not a computer's turn"):
        session.computer_action()


# ---------------------------------------------------------------- any damage at all


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False)
    | st.sampled_from(["", "7H", "ZZ", "Play", "Draw", "Pass", "NextGame", "chains", "three",
                       "computer", "human", "random", "TH", "AS"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "card", "chain", "seats", "rules", "name", "kind", "difficulty",
                         "draw_rule", "games_to_win", "x"]), inner, max_size=3),
    max_leaves=6)


def _paths(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _paths(value, path + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _paths(value, path + (i,))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damaged_save_loads_or_is_refused_with_a_save_error(data):
    """Whatever is changed or removed anywhere in a save, loading either works or raises
    SaveError with a message; it never fails with another exception."""
    save = json.loads(BASE_SAVE)
    paths = list(_paths(save))[1:]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = save
        try:
            for key in path[:-1]:
                parent = parent[key]
            if data.draw(st.booleans()) and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = data.draw(json_values)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or replaced this path
    try:
        Session.loads(json.dumps(save))
    except SaveError as err:
        assert str(err).strip()


BASE_SAVE = Session.dumps(saved_session(20, seed=3, games_to_win=1))


def test_a_save_naming_sovereign_places_positions_still_loads():
    """Saves once named a place in a Sovereign's Chain chain its "position"; they still load, and
    are written again with "place", which loads to the same table."""
    text = (Path(__file__).parent / "saves" / "sovereign_places_as_positions.json").read_text()
    written = json.loads(text)["actions"]
    old = Session.loads(text)
    assert old.log == [{("place" if key == "position" else key): value for key, value in item.items()}
                       for item in written]
    again = Session.loads(old.dumps())
    assert again.log == old.log and again.view(0) == old.view(0)


def test_a_save_with_tiles_written_as_objects_still_loads():
    """Saves once wrote a Chain-Chain tile as an object ({"type": "Tile", "face", "copy"}); they
    still load, and are written again with each tile as its code, which loads to the same table."""
    text = (Path(__file__).parent / "saves" / "chainchain_tiles_as_objects.json").read_text()
    old = Session.loads(text)
    assert len(old.log) == 12 and old.log[0]["first"] == "X0"
    again = Session.loads(old.dumps())
    assert again.log == old.log
    for seat in (0, 1, 2, None):
        assert again.view(seat) == old.view(seat)


def finished_game(game: str, names: list[str], seed: int, humans: int = 1) -> Session:
    seats = [{"name": name, "kind": "human" if i < humans else "computer", "difficulty": "random"}
             for i, name in enumerate(names)]
    session = Session(game, {"seats": seats}, seed)
    finish(session, random.Random(seed))
    return session


@pytest.mark.parametrize("players", [2, 3])
def test_a_saved_games_result_says_who_won_whoever_sits_at_the_table(players):
    """Saved games say who won, the one human at the table or a computer, two or more players."""
    names = ["Ana", "Ben", "Cleo"][:players]
    by_winners = {}
    for seed in range(60):
        session = finished_game("chains", names, seed)
        by_winners.setdefault(session.outcome().winners, session)
    for winners, session in by_winners.items():
        expected = " and ".join(names[seat] for seat in winners) + " won" if winners else "nobody won"
        assert session.result_words() == expected
    assert (0,) in by_winners and (1,) in by_winners, "the human's win and a computer's are both checked"


def test_a_solitaire_saved_game_says_whether_its_player_won_or_lost():
    results = {finished_game("sovereign-solitaire", ["Ana"], seed).result_words() for seed in range(12)}
    assert "Ana lost" in results and results <= {"Ana won", "Ana lost"}
