"""Every game folder's modules import one another without a circle: no sibling import inside a
function to break one (issue "One declarative state": "no import circles in any game folder").
A package's own ``__init__.py`` may load its display and encoder on first use (they bring rich and
numpy), so only its late imports are allowed."""

import importlib
from pathlib import Path

import pytest

import tabletome

from .helpers import modules_without_a_circle, sibling_imports

def package_of(game_id):
    module = importlib.import_module(type(tabletome.game(game_id)).__module__)
    name = module.__name__ if Path(module.__file__).name == "__init__.py" else module.__name__.rsplit(".", 1)[0]
    return importlib.import_module(name)


GAMES = sorted(tabletome.games())


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_module_imports_a_sibling_late(game_id):
    folder = Path(package_of(game_id).__file__).parent
    late = {p.name: found for p in folder.glob("*.py") if p.name != "__init__.py" and (found := sibling_imports(p)[1])}
    assert late == {}, f"imports inside functions (a circle broken late?): {late}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_modules_import_one_another_without_a_circle(game_id):
    folder = Path(package_of(game_id).__file__).parent
    done = modules_without_a_circle(folder)
    assert {"frames", "state"} <= done
