"""Every game folder's modules import one another without a circle: no sibling import inside a
function to break one (issue "One declarative state": "no import circles in any game folder").
A package's own ``__init__.py`` may load its display and encoder on first use (they bring rich and
numpy), so only its late imports are allowed.

Not yet Bad Baby Lich Lords: its frames.py declares the frame numbers and then imports the rules
mid-file (the rules push those numbers), and skills.py imports spells.py at its end (Cast plays a
spell; the spells perform skills). It is left out of these checks, by name, until its frames move
onto core's ``FrameIds`` as Spirit Link's and Life Siphon's did."""

import ast
import importlib
from pathlib import Path

import pytest

import tabletome

def package_of(game_id):
    module = importlib.import_module(type(tabletome.game(game_id)).__module__)
    name = module.__name__ if Path(module.__file__).name == "__init__.py" else module.__name__.rsplit(".", 1)[0]
    return importlib.import_module(name)


def sibling_imports(path: Path):
    """(module-level sibling imports, sibling imports inside a function or class) of one module."""
    tree = ast.parse(path.read_text(), str(path))
    top, late = set(), []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
        if node in tree.body:
            top.update(names)
        else:
            late.append((node.lineno, names))
    return top, late


NOT_YET = {"bad-baby-lich-lords"}
GAMES = sorted(set(tabletome.games()) - NOT_YET)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_module_imports_a_sibling_late(game_id):
    folder = Path(package_of(game_id).__file__).parent
    late = {p.name: found for p in folder.glob("*.py") if p.name != "__init__.py" and (found := sibling_imports(p)[1])}
    assert late == {}, f"imports inside functions (a circle broken late?): {late}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_modules_import_one_another_without_a_circle(game_id):
    folder = Path(package_of(game_id).__file__).parent
    graph = {p.stem: sibling_imports(p)[0] - {p.stem} for p in folder.glob("*.py")}
    graph.pop("__init__")
    done, path = set(), []

    def visit(module):
        if module in path:
            raise AssertionError(f"import circle: {' -> '.join(path[path.index(module):] + [module])}")
        if module in done or module not in graph:
            return
        path.append(module)
        for dep in sorted(graph[module]):
            visit(dep)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    assert {"frames", "state"} <= done
