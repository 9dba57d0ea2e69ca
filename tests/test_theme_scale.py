"""Every layout in scenes/ draws with named sizes: a step of theme's type or spacing scale, or a
constant of its own module that says what the measure is. A bare number handed to `px` (or
`card_px`) is a size nobody can find again when the scale changes."""

import ast
import pathlib

from scenes.ui import theme

SCENES = pathlib.Path(__file__).resolve().parent.parent / "scenes"
SCALING = {"px", "card_px"}
TEXT_STEPS = {name for name in vars(theme) if name.startswith("TEXT_")}
SPACE_STEPS = {name for name in vars(theme) if name == "SPACE" or name.startswith("SPACE_")}


def scaling_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in SCALING:
                yield node


def scaling_calls_in_order(tree: ast.AST) -> list[ast.Call]:
    return sorted(scaling_calls(tree), key=lambda call: (call.lineno, call.col_offset))


def is_number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)


def module_constants(tree: ast.Module) -> set[str]:
    """The upper-case names the module defines (at its top or in a class) or imports by name."""
    names = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            names |= {name.id for target in node.targets for name in ast.walk(target) if isinstance(name, ast.Name)}
    return {name for name in names if name.isupper()}


def sized_numbers(node: ast.AST):
    """The numbers in `node` that stand for a size: the whole of it, either side of a choice (`a if
    c else b`), a term of a sum or a difference, an argument of min or max; a number that scales a
    size (`GAP * 2`, `W / 3`) is a factor, not a size."""
    if is_number(node):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from sized_numbers(node.body)
        yield from sized_numbers(node.orelse)
    elif isinstance(node, ast.BinOp):
        for side in (node.left, node.right):
            if isinstance(node.op, (ast.Add, ast.Sub)) or not is_number(side):
                yield from sized_numbers(side)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
        for arg in node.args:
            yield from sized_numbers(arg)


def bare_numbers(source: str, where: str) -> list[str]:
    return [f"{where}:{call.lineno}: {ast.unparse(call)}" for call in scaling_calls_in_order(ast.parse(source))
            if any(sized_numbers(call.args[0]))]


def unknown_names(source: str, where: str) -> list[str]:
    """A name handed to px that is neither a scale step nor one of the module's own constants."""
    tree = ast.parse(source)
    constants, found = module_constants(tree), []
    for call in scaling_calls_in_order(tree):
        arg = call.args[0]
        if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == "theme":
            if arg.attr not in TEXT_STEPS | SPACE_STEPS:
                found.append(f"{where}:{call.lineno}: {ast.unparse(call)}")
        elif isinstance(arg, ast.Name) and arg.id.isupper() and arg.id not in constants:
            found.append(f"{where}:{call.lineno}: {ast.unparse(call)}")
    return found


def scene_sources():
    for path in sorted(SCENES.rglob("*.py")):
        yield path.read_text(encoding="utf-8"), str(path.relative_to(SCENES.parent))


def test_no_layout_hands_px_a_bare_number():
    found = [line for source, where in scene_sources() for line in bare_numbers(source, where)]
    assert not found, "sizes with no name (use a theme step or a module constant):\n" + "\n".join(found)


def test_a_bare_number_inside_an_expression_is_found_and_a_factor_is_not():
    source = ("def lay(self, big):\n    return (self.px(36 if big else 26) + self.px(GAP + 4) + self.px(max(GAP, 12))"
              " + self.px(GAP * 2) + self.px(W / 3 - GAP))\n")
    assert bare_numbers(source, "x.py") == ["x.py:2: self.px(36 if big else 26)", "x.py:2: self.px(GAP + 4)",
                                            "x.py:2: self.px(max(GAP, 12))"]


def test_a_bare_number_put_back_is_found():
    source = "from scenes.ui import theme\nGAP = 3\n\ndef lay(self):\n    return self.px(GAP) + self.px(theme.SPACE) + self.px(8) + px(-4) + self.card_px(92)\n"
    assert bare_numbers(source, "x.py") == ["x.py:5: self.px(8)", "x.py:5: px(-4)", "x.py:5: self.card_px(92)"]


def test_every_name_handed_to_px_is_a_step_or_a_constant_of_its_module():
    found = [line for source, where in scene_sources() for line in unknown_names(source, where)]
    assert not found, "sizes named neither in theme's scales nor in their module:\n" + "\n".join(found)


def test_an_unknown_step_or_a_constant_of_another_module_is_found():
    source = "from scenes.ui import theme\nGAP = 3\n\ndef lay(px):\n    return px(GAP) + px(theme.SPACE_HUGE) + px(OTHER) + px(theme.GOLD)\n"
    assert unknown_names(source, "x.py") == ["x.py:5: px(theme.SPACE_HUGE)", "x.py:5: px(OTHER)", "x.py:5: px(theme.GOLD)"]


def test_the_scales_rise_step_by_step_and_are_few():
    ordered_text = ["TEXT_FINE", "TEXT_CAPTION", "TEXT_SMALL", "TEXT_BODY", "TEXT_NOTE", "TEXT_LABEL", "TEXT_EMPHASIS",
                    "TEXT_CONTROL", "TEXT_BUTTON", "TEXT_LEAD", "TEXT_HEADING", "TEXT_PANEL_TITLE", "TEXT_TITLE"]
    ordered_space = ["SPACE_HAIR", "SPACE_TIGHT", "SPACE_SNUG", "SPACE_SMALL", "SPACE_NARROW", "SPACE_CLOSE", "SPACE",
                     "SPACE_WIDE", "SPACE_LARGE", "SPACE_XLARGE", "SPACE_SECTION"]
    assert set(ordered_text) == TEXT_STEPS and set(ordered_space) == SPACE_STEPS
    for ordered in (ordered_text, ordered_space):
        values = [getattr(theme, name) for name in ordered]
        assert values == sorted(set(values)), ordered
