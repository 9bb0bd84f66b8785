"""The folder's layout (issue 29, "One idiom for each thing"): what a seat sees (views.py) and the
re-deal for search (hidden.py) are modules of functions, as in the other games; the state class
holds its zones and set-up, with core's State as its only parent."""

from tabletome.core import State
from tabletome.games.life_and_legend import hidden, views
from tabletome.games.life_and_legend.state import AITableState, LifeAndLegendState


def test_the_state_has_core_state_as_its_only_parent():
    assert LifeAndLegendState.__bases__ == (State,)
    assert AITableState.__bases__ == (LifeAndLegendState,)


def test_the_view_and_the_re_deal_are_the_modules_functions():
    assert LifeAndLegendState._view is views.view
    assert LifeAndLegendState.determinize is hidden.determinize
    on_the_class = {name for name in dir(LifeAndLegendState)} & {
        "seen", "knowers", "covered", "deck_known", "words_view", "pending_view", "contest_view", "limits_view",
        "prompts", "asks", "hidden_slots", "redraw_life", "_redraw_life"}
    assert on_the_class == set(), on_the_class
