"""Writes the data folder a released version of Chain Table leaves behind, with that version's own
code: run it with the released checkout first on the path and CHAINTABLE_HOME naming the folder.

    CHAINTABLE_HOME=tests/releases/ef2c9dd PYTHONPATH=<release checkout> python tests/releases/write_data_folder.py

It plays seeded games with the computer players (every game, every mode, Sovereign's Chain with
events in solitaire and at two and three seats), and leaves what a player of that version would
have: finished games kept for replay, games saved by name, a game in progress, statistics (two
pass-and-play names typed with doubled and trailing spaces among them) and settings. The seeds of
Sovereign's Chain were picked so that some of its games cannot be replayed by the revised rules.
"""

from __future__ import annotations

from game import stats, storage
from game.ai import make_player
from game.registry import find_game
from game.session import Session

# Seeds of Sovereign's Chain with events; of these, the revised rules cannot replay 4, 10 and 13 at
# two seats, 2 and 5 at three, 2, 4 and 10 in solitaire, nor the game in progress (a Nebula ended by
# a card with (E), pool tokens placed at a moment the revised rulings moved).
SOVEREIGN_TWO, SOVEREIGN_TWO_OPEN = (1, 4, 10), (13,)
SOVEREIGN_THREE, SOVEREIGN_THREE_OPEN = (1, 2, 5), ()
SOLITAIRE, SOLITAIRE_OPEN = (1, 2, 4), (10,)
CURRENT_GAME = ("sovereigns-chain", (("Ann", "human"), ("Ben", "computer"), ("Cy", "computer")), {}, 4)

# (game, seats as (name, kind), rules, seeds of finished games, seeds of games left in progress)
TABLES = (
    ("chains", (("Ann", "human"), ("Ben", "computer")), {}, (1,), (2,)),
    ("chainchain", (("Ann", "human"), ("Ben", "computer"), ("Cy", "computer"), ("Di", "computer")), {}, (1,), ()),
    ("linx", (("Ann", "human"), ("Ben", "computer")), {}, (1,), ()),
    ("cubes", (("Ann", "human"), ("Ben", "computer"), ("Cy", "computer")), {}, (1,), ()),
    ("cubes", (("Ann  Lee ", "human"), ("Ben", "human")), {}, (3, 4), ()),
    ("cubes", (("Ann Lee", "human"), ("Ben", "human")), {}, (5,), ()),
    ("sovereigns-chain", (("Ann", "human"), ("Ben", "computer")), {"fair_winds": True}, (1,), ()),
    ("sovereigns-chain", (("Ann", "human"), ("Ben", "computer")), {}, SOVEREIGN_TWO, SOVEREIGN_TWO_OPEN),
    ("sovereigns-chain", (("Ann", "human"), ("Ben", "computer"), ("Cy", "computer")), {}, SOVEREIGN_THREE,
     SOVEREIGN_THREE_OPEN),
    ("sovereign-solitaire", (("Ann", "human"),), {}, SOLITAIRE, SOLITAIRE_OPEN),
)


def play(session: Session, seed: int, stop_at: int | None = None) -> None:
    """Play the session's first game with the rule-of-thumb players at every seat; stop after
    `stop_at` moves, if given."""
    players = {seat: make_player(find_game(session.game), "normal", seed * 10 + seat)
               for seat in range(len(session.seats))}
    moves = 0
    while not session.game_over and (stop_at is None or moves < stop_at):
        seat = session.to_move
        session.apply(players[seat].choose(session.view(seat), session.legal_actions()))
        moves += 1


def table_config(seats, rules: dict) -> dict:
    return {"seats": [{"name": name, "kind": kind, "difficulty": "normal"} for name, kind in seats],
            "rules": rules, "games_to_win": 1}


def write(tables) -> None:
    for game, seats, rules, finished, in_progress in tables:
        for seed in finished:
            session = Session(game, table_config(seats, rules), seed)
            play(session, seed)
            storage.archive_game(session)
            stats.record_game(session)
        for seed in in_progress:
            session = Session(game, table_config(seats, rules), seed)
            play(session, seed, stop_at=40)
            storage.save_named(session, f"{game} {len(seats)} seats {seed}")
    game, seats, rules, seed = CURRENT_GAME
    session = Session(game, table_config(seats, rules), seed)
    play(session, seed, stop_at=40)
    storage.save_game(session)
    storage.save_settings({**storage.DEFAULT_SETTINGS, "card_size": "large", "computer_speed": "fast",
                           "last_setup": {"cubes": {"seats": [{"name": "Ann  Lee ", "kind": "human"},
                                                               {"name": "Ben", "kind": "human"}]}}})


if __name__ == "__main__":
    write(TABLES)
