"""The folder's layout: the rules are modules of functions, and the modules import one another
without a circle (no import inside a function to break one)."""

import importlib
from pathlib import Path

from tabletome.core import State
from tabletome.games import life_siphon as package
from tests.conformance.helpers import modules_without_a_circle, sibling_imports

FOLDER = Path(package.__file__).parent


def test_no_module_imports_a_sibling_late():
    late = {p.name: found for p in FOLDER.glob("*.py") if (found := sibling_imports(p)[1])}
    assert late == {}, f"imports inside functions (a circle broken late?): {late}"


def test_the_modules_import_one_another_without_a_circle():
    done = modules_without_a_circle(FOLDER)
    assert {"turn", "combat", "spells", "steps", "frames", "state"} <= done


def test_every_module_imports_and_the_state_holds_no_rules():
    for p in FOLDER.glob("*.py"):
        importlib.import_module(f"{package.__name__}.{p.stem}" if p.stem != "__init__" else package.__name__)
    state_class = package.LifeSiphonState
    assert state_class.__bases__ == (State,)
    rules = {name for name, value in vars(state_class).items()
             if callable(value) and not isinstance(value, type) and not name.startswith("__")}
    # what core asks of a state, and nothing more
    assert rules <= {"setup", "clone", "outcome", "tempo", "check_invariants", "view_more", "seat_view", "_snapshot", "_restore",
                     "migrate_snapshot", "determinize"}, rules
