"""What a scene may import from game/ and do with a table session, checked on its source.

A scene reaches the game through the `TableSession` it holds (game/table_session.py). The guard
holds scenes to that by construction rather than by a list of forbidden names:

- imports: a scene imports from game/ only the modules in `ALLOWED_GAME_MODULES`, by a
  `from game.x import name` (no bare `import game...`, no star import, no dynamic import, no
  `sys.modules`, no `exec` or `eval`);
- sessions: an expression is a session when it is a name or attribute called `session`, a name
  annotated `TableSession`/`JoinedSession`, what `game.tables` makes, or anything assigned from,
  or returned as, a session (names within their function, attributes and functions through the
  module, followed until nothing new is found). A session may only be: read or called by a name
  its protocol declares (`JoinedSession` in scenes/net, else `TableSession`), assigned (the
  target is a session from then on), compared, returned, or handed to a callee that takes it as
  a parameter named `session` (a scene's own function or class, whose body is then checked the
  same way), to one of the engine's functions in `GAME_TAKERS`, or to a screen that replays or
  reviews a finished game (`RECORD_TAKERS`, handed a session or a network game's playback: the
  one place a session goes under another name). Anything else is a bypass: a container, an
  f-string, a subscript, `getattr` by a name not declared, `vars`, `type`, a lambda holding it,
  a function of the session's handed a function.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from game.table_session import JoinedSession, TableSession, members

ROOT = Path(__file__).resolve().parent.parent

# What scenes may import from game/: rules' public faces, actions, words, files, the network's
# client side, and game.tables for sessions. Not game.session, game.net.remote, game.lesson_session,
# game.stream or a game's state module.
ALLOWED_GAME_MODULES = frozenset({
    "game.ai", "game.cards", "game.core", "game.describe", "game.earlier", "game.files", "game.lesson", "game.playback",
    "game.registry", "game.review", "game.rng", "game.sheet", "game.stats", "game.storage", "game.tables",
    "game.wording",
    "game.chains.rules", "game.chainchain.rules", "game.cubes.board", "game.cubes.rules", "game.linx.cards",
    "game.linx.chains", "game.linx.rules", "game.sovereign.actions", "game.sovereign.cards",
    "game.sovereign.describe", "game.sovereign.event_rules", "game.sovereign.phases", "game.sovereign.rules",
    "game.sovereign.solitaire",
    "game.net.client", "game.net.command", "game.net.discovery", "game.net.hosting", "game.net.joined",
    "game.net.server",
})
# What hands a scene a session: game.tables' factories, and a saved game loaded (game.storage).
FACTORIES = frozenset({"new_session", "session_from_save", "joined_session", "lesson_session", "load_game"})
SESSION_TYPES = frozenset({"TableSession", "JoinedSession"})
# The engine's functions a scene hands its session to (they are game/'s and may read it whole).
GAME_TAKERS = frozenset({"save_game", "archive_game", "save_named", "record_game", "record_seat",
                         "game_at_stake", "table_entry", "keep_seen_game", "open_room", "reopened"})
# A callee that makes a table scene class; the class is then called with (app, session, ...).
TABLE_MAKERS = frozenset({"table_class()", "networked()", "table_class"})
# The scenes that replay or review a finished game, handed a session or a network game's playback.
# They are handed either, as the game's record to replay from its start; the engine's Playback
# makes each position (game/playback.py), and a review is worked out by the engine from the save.
RECORD_TAKERS = frozenset({"Replay", "replay", "review"})
# Where a joined seat's own members may be used besides scenes/net: the network smoke run.
JOINED_PLACES = frozenset({"scenes/shell/netsmoke.py"})
WRITABLE = frozenset({"network"})  # the members a scene may assign
DYNAMIC = frozenset({"import_module", "__import__", "exec", "eval", "compile", "reload"})
TABLE_CLASS_LOADER = "scenes/shell/screens.py"  # imports the table scene module a descriptor names
PASS_THROUGH = (ast.IfExp, ast.BoolOp, ast.NamedExpr)  # a session still, checked where it goes


@lru_cache(maxsize=1)
def game_modules() -> frozenset[str]:
    return frozenset(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                     for path in (ROOT / "game").rglob("*.py"))


def declared_names(path: str) -> frozenset[str]:
    joined = Path(path).parts[1:2] == ("net",) or path in JOINED_PLACES
    return members(JoinedSession if joined else TableSession)


def callee_name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Call):
        return callee_name(func.func) + "()"
    return ""


# ---------------------------------------------------------------- the scenes' own callees


def scene_index(sources: dict[str, str | ast.AST]) -> dict[str, list[list[str]]]:
    """Each function or class name defined in scenes -> for each definition, its parameters as a
    call passes them (without `self`; a class's are its `__init__`'s, found through its bases);
    a parameter annotated as a session is named `session` here."""
    classes: dict[str, tuple[list[str], ast.ClassDef]] = {}
    functions: dict[str, list[list[str]]] = {}
    for source in sources.values():
        for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
            if isinstance(node, ast.ClassDef):
                classes[node.name] = ([callee_name(base) for base in node.bases], node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.setdefault(node.name, []).append(_parameters(node))
    index = dict(functions)
    for name in classes:
        init = _init_of(name, classes, set())
        index.setdefault(name, []).append(init if init is not None else ["?unknown"])
    return index


def _parameters(node) -> list[str]:
    args = node.args.posonlyargs + node.args.args
    names = ["session" if _annotated(arg) else arg.arg for arg in args]
    if names and names[0] in ("self", "cls"):
        names = names[1:]
    if node.args.vararg is not None:
        names.append("*" + node.args.vararg.arg)
    return names + ["session" if _annotated(arg) else arg.arg for arg in node.args.kwonlyargs]


def _annotated(arg: ast.arg) -> bool:
    return arg.annotation is not None and any(isinstance(n, ast.Name) and n.id in SESSION_TYPES
                                              for n in ast.walk(arg.annotation))


def _init_of(name: str, classes: dict, seen: set) -> list[str] | None:
    if name not in classes or name in seen:
        return None
    seen.add(name)
    bases, node = classes[name]
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
            return _parameters(item)
    for base in bases:
        found = _init_of(base, classes, seen)
        if found is not None:
            return found
    return None


def _takes_session(call: ast.Call, arg: ast.AST, index: dict) -> bool:
    """Whether `call` hands `arg` (one of its arguments) to a parameter named `session`."""
    name = callee_name(call.func)
    if name in GAME_TAKERS or name in TABLE_MAKERS or name in RECORD_TAKERS:
        return True
    if name == "write" and call.args and arg is not call.args[0]:  # App.write(save, *args): save(*args)
        return callee_name(call.args[0]) in GAME_TAKERS
    definitions = index.get(name)
    if not definitions:
        return False
    keyword = next((k.arg for k in call.keywords if k.value is arg), None)
    position = next((i for i, a in enumerate(call.args) if a is arg), None)
    bound = [keyword if keyword is not None else (params[position] if position is not None and position < len(params)
                                                  else None) for params in definitions]
    if isinstance(call.func, ast.Attribute) and callee_name(call.func.value) == "super()":
        return "session" in bound  # the base's own __init__, whichever base it is
    return all(name == "session" for name in bound)


# ---------------------------------------------------------------- one module


class ModuleCheck:
    def __init__(self, source: str, path: str, index: dict) -> None:
        self.tree = ast.parse(source)
        self.nodes = list(ast.walk(self.tree))
        self.allowed = declared_names(path)
        local = scene_index({path: self.tree})
        self.index = {**index, **local}  # a name defined in the module itself is that definition
        self.parents = {child: node for node in self.nodes for child in ast.iter_child_nodes(node)}
        self.names: dict[ast.AST, set[str]] = {self.tree: {"session"}}  # by scope: a function or the module
        self.attrs, self.calls = {"session"}, set(FACTORIES)
        self.found: list[str] = []
        self._scopes: dict[ast.AST, list[ast.AST]] = {}

    def typed(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return any(node.id in self.names.get(scope, ()) for scope in self.scopes(node))
        if isinstance(node, ast.Attribute):
            return node.attr in self.attrs
        if isinstance(node, ast.Call):
            name = callee_name(node.func)
            if name == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                return node.args[1].value in self.attrs
            return name in self.calls
        if isinstance(node, ast.IfExp):
            return self.typed(node.body) or self.typed(node.orelse)
        if isinstance(node, ast.BoolOp):
            return any(self.typed(value) for value in node.values)
        if isinstance(node, ast.NamedExpr):
            return self.typed(node.value)
        return False

    def scopes(self, node: ast.AST) -> list[ast.AST]:
        """The functions `node` is in, innermost first, then the module."""
        if node not in self._scopes:
            self._scopes[node] = self._enclosing(node)
        return self._scopes[node]

    def _enclosing(self, node: ast.AST) -> list[ast.AST]:
        found = []
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                found.append(node)
        return found + [self.tree]

    def _size(self) -> tuple:
        return sum(map(len, self.names.values())), len(self.attrs), len(self.calls)

    def learn(self) -> None:
        """Every name (in its function), attribute and function a session is assigned to or
        returned from, until nothing new is found."""
        for node in self.nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.names[node] = {arg.arg for arg in node.args.args + node.args.kwonlyargs if _annotated(arg)}
        while True:
            before = self._size()
            for node in self.nodes:
                if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
                    annotated = isinstance(node, ast.AnnAssign) and any(
                        isinstance(n, ast.Name) and n.id in SESSION_TYPES for n in ast.walk(node.annotation))
                    if annotated or self.typed(node.value):
                        for target in getattr(node, "targets", None) or [node.target]:
                            self._learn_target(target, self.scopes(node)[0])
                elif isinstance(node, ast.Return) and node.value is not None and self.typed(node.value):
                    self.calls.add(self._function_of(node))
            if self._size() == before:
                return

    def _learn_target(self, target: ast.AST, scope: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.names.setdefault(scope, set()).add(target.id)
        elif isinstance(target, ast.Attribute):
            self.attrs.add(target.attr)

    def _function_of(self, node: ast.AST) -> str:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node.name
        return ""

    def report(self, node: ast.AST, what: str) -> None:
        self.found.append(f"line {node.lineno}: {what}")

    def check_sessions(self) -> None:
        for node in self.nodes:
            if self.typed(node) and not (isinstance(node, ast.Attribute) and self._store(node)):
                self._check_use(node, self.parents.get(node))
            if isinstance(node, ast.Call) and callee_name(node.func) == "getattr" and len(node.args) >= 2 \
                    and self.typed(node.args[0]):
                name = node.args[1].value if isinstance(node.args[1], ast.Constant) else None
                if name not in self.allowed:
                    self.report(node, f"getattr(session, {ast.unparse(node.args[1])})")

    @staticmethod
    def _store(node: ast.Attribute) -> bool:
        return isinstance(node.ctx, (ast.Store, ast.Del))

    def _check_use(self, node: ast.AST, parent: ast.AST | None) -> None:
        if isinstance(parent, ast.Attribute):
            self._check_member(parent)
        elif isinstance(parent, ast.Call):
            self._check_call(node, parent)
        elif isinstance(parent, ast.keyword):
            call = self.parents[parent]
            if not _takes_session(call, node, self.index):
                self.report(node, f"hands the session to {callee_name(call.func) or 'a call'}()")
        elif isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and parent.value is not node:
            return  # a name or attribute the session is assigned to
        elif isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)):
            targets = getattr(parent, "targets", None) or [parent.target]
            if not all(isinstance(target, (ast.Name, ast.Attribute)) for target in targets):
                self.report(node, "stores the session in a container")
        elif isinstance(parent, (ast.Compare, ast.Return, ast.Expr) + PASS_THROUGH):
            return
        else:
            self.report(node, f"a session used in {type(parent).__name__ if parent else 'nothing'}")

    def _check_member(self, member: ast.Attribute) -> None:
        name = member.attr
        if name not in self.allowed:
            self.report(member, f"session.{name} (not declared by the table session's protocol)")
        elif self._store(member) and name not in WRITABLE:
            self.report(member, f"assigns session.{name}")
        call = self.parents.get(member)
        if isinstance(call, ast.Call) and call.func is member and any(
                isinstance(arg, (ast.Lambda,)) for arg in call.args + [k.value for k in call.keywords]):
            self.report(member, f"hands session.{name} a function")

    def _check_call(self, node: ast.AST, call: ast.Call) -> None:
        if node is call.func:
            self.report(node, "calls the session itself")
        elif callee_name(call.func) == "getattr" and node is call.args[0]:
            return  # checked as a member by name
        elif not _takes_session(call, node, self.index):
            self.report(node, f"hands the session to {callee_name(call.func) or 'a call'}()")

    def check_imports(self, path: str) -> None:
        known = game_modules()
        for node in self.nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "game" or alias.name.startswith("game."):
                        self.report(node, f"import {alias.name} (scenes import names from allowed game modules)")
            elif isinstance(node, ast.ImportFrom):
                self._check_from(node, known)
            elif isinstance(node, ast.Call) and callee_name(node.func) in DYNAMIC and not (
                    path == TABLE_CLASS_LOADER and callee_name(node.func) == "import_module"):
                self.report(node, f"{callee_name(node.func)}() (a dynamic import or code run from text)")
            elif isinstance(node, ast.Attribute) and node.attr == "modules" and isinstance(node.value, ast.Name) \
                    and node.value.id == "sys":
                self.report(node, "sys.modules")

    def _check_from(self, node: ast.ImportFrom, known: set[str]) -> None:
        module = node.module or ""
        if any(alias.name == "*" for alias in node.names):
            self.report(node, f"from {module} import * (a star import)")
            return
        if node.level or not (module == "game" or module.startswith("game.")):
            return
        for alias in node.names:
            target = f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
            if target not in ALLOWED_GAME_MODULES:
                self.report(node, f"from {module} import {alias.name} ({target} is not for scenes)")


def bypasses(source: str, path: str = "scenes/table/example.py", index: dict | None = None) -> list[str]:
    """Where `source` (a module at `path`, relative to the repository) reaches past what it may."""
    check = ModuleCheck(source, path, scene_index({path: source}) if index is None else index)
    check.learn()
    check.check_sessions()
    check.check_imports(path)
    return sorted(set(check.found), key=lambda line: int(line.split()[1].rstrip(":")))


def scene_sources() -> dict[str, str]:
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in sorted((ROOT / "scenes").rglob("*.py"))}
