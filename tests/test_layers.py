"""The layers stay apart: game/ never loads pygame, no module imports itself round a circle, the
rules cite only files the repository holds, each room of scenes/ imports only the rooms below it,
and a scene reaches the game only through the table session it holds (tests/layer_guard.py)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import layer_guard

ROOT = Path(__file__).resolve().parent.parent
PROJECT_PACKAGES = ("game", "scenes")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for package in PROJECT_PACKAGES for path in (ROOT / package).rglob("*.py")}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules that `path` imports, by any import statement, at module level or inside
    a function: `from p import m` counts as importing the module p.m when there is one, else p."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    """Import statements, and the imports made by name: the registry imports each game's package,
    the screens import each game's table scene (the module its descriptor names)."""
    from game import registry

    known = project_modules()
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    graph["game.registry"] |= {f"game.{package}" for package in registry.PACKAGES}
    graph["scenes.shell.screens"] |= {game.table.partition(":")[0] for game in registry.GAMES}
    return graph


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (a list of modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                circle = visit(target)
                if circle:
                    return circle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            circle = visit(module)
            if circle:
                return circle
    return None


def test_importing_every_game_module_never_loads_pygame():
    """game/ is pure Python: import every module under it, and pygame is still not loaded."""
    script = ("import pkgutil, sys, game\n"
              "for info in pkgutil.walk_packages(game.__path__, 'game.'):\n"
              "    __import__(info.name)\n"
              "print(len(sys.modules), 'pygame' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.split()[-1] == "False", result.stdout + result.stderr


def test_no_import_circle_among_the_projects_modules():
    graph = import_graph()
    assert "game.core" in graph["game.chains.rules"]  # the walk sees relative imports
    assert "game.sovereign" in graph["game.registry"]  # and imports by name
    assert find_circle(graph) is None, " -> ".join(find_circle(graph))


def reached_from(graph: dict[str, set[str]], module: str) -> set[str]:
    """Every module that `module` imports, directly or through others."""
    reached, waiting = set(), [module]
    while waiting:
        for target in graph[waiting.pop()] - reached:
            reached.add(target)
            waiting.append(target)
    return reached


# The modules that know where the player's files are (the data folder, saves, statistics).
PLAYERS_FILES = {"game.paths", "game.storage", "game.session", "game.stats"}


def test_a_games_package_is_handed_the_folders_it_reads():
    """A game's package never looks for the player's files: Sovereign's Chain's card sets are
    listed from the folder the setup screen hands in (`storage.cards_dir()`). None of a game's
    modules imports, even through others, the modules that know where those files are."""
    from game import registry

    graph = import_graph()
    games = [module for module in graph for package in registry.PACKAGES
             if module == f"game.{package}" or module.startswith(f"game.{package}.")]
    assert "game.sovereign.card_sets" in games
    reaching = {module: sorted(reached_from(graph, module) & PLAYERS_FILES) for module in games}
    assert not any(reaching.values()), {module: found for module, found in reaching.items() if found}


def test_reached_from_follows_imports_through_other_modules():
    assert reached_from({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}, "a") == {"a", "b", "c"}
    assert reached_from({"a": set(), "b": {"a"}}, "a") == set()


def test_the_circle_finder_finds_a_circle():
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_imports_inside_functions_are_walked(tmp_path):
    source = tmp_path / "mod.py"
    source.write_text("def f():\n    from game import core\n")
    assert imports_of("game.mod", source, {"game.core": source}) == {"game.core"}


PATH_LIKE = re.compile(r"(?<![\w./-])((?:[\w-]+/)+[\w.-]+\.(?:md|py|txt|json|toml|spec))\b")


def test_the_rules_cite_only_files_in_the_repository():
    """Any path-like citation in game/ (a folder and a file name) names a file of the repository
    (the rulebooks live outside it, so the rules cite them by name)."""
    assert PATH_LIKE.findall("per rulebooks/chains.md, see tests/test_layers.py") == [
        "rulebooks/chains.md", "tests/test_layers.py"]
    missing = []
    for path in (ROOT / "game").rglob("*.py"):
        for cited in PATH_LIKE.findall(path.read_text()):
            if not (ROOT / cited).exists():
                missing.append(f"{path.relative_to(ROOT)}: {cited}")
    assert not missing, missing


def test_the_chains_results_show_the_engines_hand_total(monkeypatch):
    """No scene computes a rule: the Chains results read each hand's total from the engine's view
    (the tie-break's own numbers), never a sum of their own."""
    from game.chains.rules import ChainsView
    from game.rng import Rng
    from game.session import Session
    from scenes.games.chains.table import ChainsTable
    from scenes.shell.screens import open_app

    session = Session("chains", {"seats": [{"name": "A", "kind": "computer"}, {"name": "B", "kind": "computer"}]}, 5)
    rng = Rng(5)
    while not session.game_over:
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    monkeypatch.setattr(ChainsView, "final_totals", property(lambda view: tuple(1000 + s for s in range(view.players))))
    table = ChainsTable(open_app(fit_to_desktop=False), session)
    for seat, hand, summary in table.result_rows():
        assert not hand or summary.endswith(f"total {1000 + seat}")


def test_no_scene_class_over_400_lines_and_no_function_over_40_in_the_scenes_or_the_engine():
    """The house's measure of a part small enough to read: a table is assembled from parts, and
    the engine's functions are held to the same length as the scenes'."""
    import ast
    from pathlib import Path

    root = Path(__file__).parent.parent
    too_long = []
    for folder in ("scenes", "game"):
        for path in sorted(root.joinpath(folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                lines = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
                if isinstance(node, ast.ClassDef) and folder == "scenes" and lines > 400 or (
                        isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and lines > 40):
                    too_long.append(f"{path.relative_to(root)}: {node.name} has {lines} lines")
    assert not too_long, "\n".join(too_long)


# What a scene may ask of a game's rules (a table session's `rules`, a descriptor's): its numbers of
# players and options, its cards and the words of a deal, and questions about a view. Never a
# position of its own making (setup, apply, determinize) nor a redaction: what a seat may see is
# decided by the engine, in the stream.
RULES_FOR_SCENES = {"min_players", "max_players", "standard_players", "options", "option_choices", "numbered_deals",
                    "deal_config", "daily_config", "best_in_words", "cards", "made_by_the_table", "match_totals",
                    "match_winners"}


def _owner(node: ast.AST) -> str:
    """The last name of what an attribute is taken from: `self.table.session.rules` -> 'rules'."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def rules_bypasses(source: str) -> list[str]:
    """Where scene code redacts, or asks a game's rules what scenes may not ask."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and (node.attr == "redact" or (
                _owner(node.value) == "rules" and node.attr not in RULES_FOR_SCENES)):
            found.append(f"line {node.lineno}: {_owner(node.value)}.{node.attr}")
    return found


def test_no_scene_asks_the_rules_more_than_it_may():
    """No scene calls `redact` or asks the rules for a position (setup, apply, determinize): it draws
    what the engine hands its viewer (the stream), so what a seat may see is decided in one place."""
    found = {str(path.relative_to(ROOT)): bypasses for path in (ROOT / "scenes").rglob("*.py")
             if (bypasses := rules_bypasses(path.read_text()))}
    assert found == {}


def test_the_rules_guard_finds_a_bypass():
    bypassing = "events = [self.session.rules.redact(e, seat) for e in x]\n" \
                "after = self.rules.apply(position, action)\n" \
                "deal = self.session.rules.setup(self.session.config['rules'], seed)\n"
    assert sorted(rules_bypasses(bypassing)) == ["line 1: rules.redact", "line 2: rules.apply", "line 3: rules.setup"]
    assert rules_bypasses("view = self.session.stream(None).view\nforced = self.rules.made_by_the_table(legal)\n") == []


def test_scenes_hold_a_table_session_and_import_only_what_they_may():
    """Every scene module, checked by tests/layer_guard.py: it imports from game/ only the allowed
    modules and uses a session only through the names its protocol declares."""
    sources = layer_guard.scene_sources()
    index = layer_guard.scene_index(sources)
    found = {path: bypasses for path, source in sources.items() if (bypasses := layer_guard.bypasses(source, path, index))}
    assert found == {}


# Each way round the table session's protocol, with what the guard says of it.
BYPASSES = {
    "an alias": ("s = self.session\nx = s.state\n", "session.state"),
    "getattr by name": ('x = getattr(self.session, "state")\n', 'getattr(session, \'state\')'),
    "getattr by a variable": ('name = "state"\nx = getattr(self.table.session, name)\n', "getattr(session, name)"),
    "a lambda into a callback": ("job = self.session.detached(lambda position, rules: position)\n",
                                 "session.detached"),
    "a lambda into a declared call": ("self.session.apply(lambda: 0)\n", "hands session.apply a function"),
    "a lambda holding the session": ("self.app.later(lambda: self.session)\n", "a session used in Lambda"),
    "vars()": ("x = vars(self.session)\n", "hands the session to vars()"),
    "__dict__": ('x = self.session.__dict__["state"]\n', "session.__dict__"),
    "a chain through another object": ("x = self.table.turns.session.state\n", "session.state"),
    "a chain through the stream": ("x = self.session.stream(0).session.log\n", "session.log"),
    "importing game.session": ("from game.session import Session\n", "game.session is not for scenes"),
    "importing a game's state": ("from game.chains.state import ChainsState\n", "game.chains.state is not for scenes"),
    "importing game.session as a name": ("from game import session\n", "game.session is not for scenes"),
    "a bare import": ("import game.session\n", "import game.session"),
    "a star import": ("from game.tables import *\n", "a star import"),
    "import_module": ('m = importlib.import_module("game.session")\n', "import_module()"),
    "__import__": ('m = __import__("game.session")\n', "__import__()"),
    "sys.modules": ('m = sys.modules["game.session"]\n', "sys.modules"),
    "a function defined outside": ("from scenes.ui.peek import peek\nx = peek(self.session)\n",
                                   "hands the session to peek()"),
    "a function of the module's own": ("def peek(s):\n    return s.state\n\nx = peek(self.session)\n",
                                       "hands the session to peek()"),
    "a container": ("held = [self.session]\nx = held[0].state\n", "a session used in List"),
    "type()": ("x = type(self.session).state\n", "hands the session to type()"),
    "a session returned": ("def mine(self):\n    return self.session\n\nx = self.mine().state\n", "session.state"),
    "an assignment into the session": ("self.session.to_move = 3\n", "assigns session.to_move"),
    "a container by assignment": ("self.kept[0] = self.session\nx = self.kept[0].state\n",
                                  "stores the session in a container"),
    "a tuple unpacked": ("a, b = self.session, 1\n", "a session used in Tuple"),
    "a saved game loaded": ("saved = storage.load_game(path)\nx = saved.log\n", "session.log"),
    "a member of a joined seat outside scenes/net": ("self.session.outbox.clear()\n", "session.outbox"),
}


@pytest.mark.parametrize("kind", sorted(BYPASSES))
def test_the_guard_catches_each_way_round_the_protocol(kind):
    source, said = BYPASSES[kind]
    found = layer_guard.bypasses(source)
    assert any(said in line for line in found), found


def test_the_guard_lets_the_protocol_through():
    """What a table does every frame passes: its stream, a declared call, a session handed on to a
    parameter named session, a joined seat's members in scenes/net."""
    fine = ("class Part:\n    def __init__(self, session):\n        self.session = session\n\n"
            "view = self.session.stream(None).view\nself.session.apply(action)\n"
            "s = self.session\nwords = s.why_illegal(action)\nparts = Part(self.session)\n"
            "self.app.write(storage.save_game, self.session)\nsame = s is self.session\n"
            "from game.tables import new_session\nfresh = new_session('chains', config, 1)\nfresh.undo()\n")
    assert layer_guard.bypasses(fine) == []
    assert layer_guard.bypasses("self.session.outbox.clear()\n", "scenes/net/remote_turns.py") == []


def test_every_module_the_scenes_may_import_is_one_of_the_engines():
    assert layer_guard.ALLOWED_GAME_MODULES <= layer_guard.game_modules()
    assert not layer_guard.ALLOWED_GAME_MODULES & {"game.session", "game.net.remote", "game.lesson_session",
                                                   "game.stream", "game.table_session"}


# Which rooms of scenes/ each room may import (its own always): the shell, on top, assembles the
# app from all of them; below it the network screens and the games' tables build on the menus, the
# menus on the table's parts, and everything on ui (widgets, theme, the key map, Scene), which speaks
# through speech (the service alone, at the floor).
ROOMS_BELOW = {
    "speech": set(),
    "ui": {"speech"},
    "table": {"ui", "speech"},
    "menus": {"ui", "table", "speech"},
    "games": {"ui", "table", "menus", "speech"},
    "net": {"ui", "table", "menus", "speech"},
    "shell": {"ui", "table", "menus", "games", "net", "speech"},
}


def room_of(module: str) -> str:
    """The room of a scenes module: scenes.table.turns -> 'table'; scenes.__main__ -> '' (the entry)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in ROOMS_BELOW) else ""


def room_imports_out_of_place(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for module, targets in graph.items():
        room = room_of(module)
        if not module.startswith("scenes.") or not room:
            continue
        for target in targets:
            other = room_of(target) if target.startswith("scenes.") else room
            if other and other != room and other not in ROOMS_BELOW[room]:
                found.append(f"{module} -> {target}")
    return sorted(found)


def test_each_room_of_the_scenes_imports_only_the_rooms_below_it():
    """No lower room (ui, table, menus, games, net) imports the shell, nor one beside or above it."""
    graph = import_graph()
    assert {room_of(module) for module in graph if module.startswith("scenes.")} == set(ROOMS_BELOW) | {""}
    assert room_imports_out_of_place(graph) == []


def test_the_room_check_finds_a_room_reaching_up():
    graph = {"scenes.table.turns": {"scenes.shell.keymap", "scenes.ui.theme"}, "scenes.ui.widgets": {"scenes.table.hand"},
             "scenes.games.chains.table": {"scenes.net.host", "scenes.menus.confirm"}, "scenes.shell.app": {"scenes.games"},
             "scenes.__main__": {"scenes.shell.app"}}
    assert room_imports_out_of_place(graph) == ["scenes.games.chains.table -> scenes.net.host",
                                                "scenes.table.turns -> scenes.shell.keymap",
                                                "scenes.ui.widgets -> scenes.table.hand"]
