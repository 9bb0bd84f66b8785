"""ISMCTS specifics: hints, the rollout policy and cut-off settings, the game's heuristic missing."""

import json

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.agents import Hint
from tabletome.core import Rng

from .helpers import CONFIGS, IDS, positions

SPIRIT_LINK = next(c for c in CONFIGS if c[0] == "spirit-link")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_analyse_changes_nothing_and_ranks_legal_actions(config):
    bot = tabletome.agent("ismcts:iterations=40", seed=2)
    for state in positions(config, seed=31, count=2):
        before = json.dumps(state.snapshot(), sort_keys=True)
        view = state.view(state.to_move)
        hints = bot.analyse(state, top=3)
        assert json.dumps(state.snapshot(), sort_keys=True) == before
        assert state.view(state.to_move) == view
        legal = state.legal_actions()
        assert 1 <= len(hints) <= min(3, len(legal))
        assert all(isinstance(h, Hint) and any(h.action is a for a in legal) for h in hints)
        assert all(0.0 <= h.win_chance <= 1.0 for h in hints)
        visits = [h.visits for h in hints]
        assert visits == sorted(visits, reverse=True) and sum(visits) <= 40


def test_the_best_hint_is_the_choice():
    for i, state in enumerate(positions(SPIRIT_LINK, seed=41, count=4)):
        choice = tabletome.agent("ismcts:iterations=60", seed=i).choose(state)
        hints = tabletome.agent("ismcts:iterations=60", seed=i).analyse(state, top=5)
        assert hints[0].action is choice


def test_every_legal_action_is_tried_and_the_budget_is_spent():
    state = positions(SPIRIT_LINK, seed=43, count=1)[0]
    bot = tabletome.agent("ismcts:iterations=200", seed=1)
    hints = bot.analyse(state, top=99)
    assert len(hints) == len(state.legal_actions())
    assert all(h.visits > 0 for h in hints)
    assert sum(h.visits for h in hints) == 200 == bot.last_search["iterations"]


def test_a_seconds_budget_stops_in_time():
    state = positions(SPIRIT_LINK, seed=47, count=1)[0]
    bot = tabletome.agent("ismcts:seconds=0.05", seed=1)
    bot.analyse(state)
    assert bot.last_search["iterations"] >= 1
    assert bot.last_search["seconds"] < 1.0  # generous: the check is after each iteration


def test_a_forced_move_costs_no_search():
    game = tabletome.game("spirit-link")
    state = game.new(seed=3)
    rng = Rng(3)
    while len(state.legal_actions()) != 1:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        if state.is_over:
            pytest.skip("no forced move in this game")
    bot = tabletome.agent("ismcts:iterations=50")
    assert bot.choose(state) is state.legal_actions()[0]
    assert bot.last_search["iterations"] == 0


def choices(spec, states, seed=5):
    return [tabletome.agent(spec, seed=seed).choose(s).id for s in states]


def test_without_a_heuristic_rollouts_are_random(monkeypatch):
    """A game whose rollout policy returns None gets uniformly random rollouts, exactly."""
    game = tabletome.game("spirit-link")
    states = positions(SPIRIT_LINK, seed=51, count=5)
    monkeypatch.setattr(game, "rollout_action", lambda state, rng: None)
    assert choices("ismcts:iterations=40", states) == choices("ismcts:iterations=40,policy=random", states)


def test_without_an_evaluation_there_is_no_cut_off(monkeypatch):
    game = tabletome.game("spirit-link")
    states = positions(SPIRIT_LINK, seed=53, count=5)
    monkeypatch.setattr(game, "evaluate", lambda state, seat: None)
    assert choices("ismcts:iterations=40,depth=3", states) == choices("ismcts:iterations=40", states)


def test_heuristic_rollouts_and_cut_offs_ask_the_game(monkeypatch):
    """With a rollout policy and an evaluation, rollouts follow the policy and stop at the depth.
    The game's own are used if it has them; otherwise simple stand-ins (first legal action, a
    coin-flip evaluation) show the agent calls them, on determinized copies only."""
    game = tabletome.game("spirit-link")
    state = positions(SPIRIT_LINK, seed=55, count=1)[0]
    seat = state.to_move
    own_heuristic, own_evaluate = game.rollout_action, game.evaluate
    probe = state.determinize(seat, Rng(0))
    if own_heuristic(probe, Rng(0)) is None:
        own_heuristic = lambda s, rng: s.legal_actions()[0]  # noqa: E731
    if own_evaluate(probe, seat) is None:
        own_evaluate = lambda s, p: 0.5  # noqa: E731
    seen, evaluated = [], []

    def heuristic(s, rng):
        seen.append(s)
        return own_heuristic(s, rng)

    def evaluate(s, p):
        evaluated.append(s)
        return own_evaluate(s, p)

    monkeypatch.setattr(game, "rollout_action", heuristic)
    monkeypatch.setattr(game, "evaluate", evaluate)
    # opponents=search: the heuristic is asked only in rollouts, at most ``depth`` times each
    bot = tabletome.agent("ismcts:iterations=30,depth=3,opponents=search", seed=1)
    action = bot.choose(state)
    assert any(action is a for a in state.legal_actions())
    assert seen and evaluated
    assert all(s is not state for s in seen + evaluated)
    assert len(seen) <= 3 * 30 and len(evaluated) <= 30 * state.players


def test_hints_for_the_seat_to_move():
    from tabletome.agents.hints import hints

    state = positions(SPIRIT_LINK, seed=57, count=1)[0]
    before = json.dumps(state.snapshot(), sort_keys=True)
    rows = hints(state, state.to_move, top=2, spec="ismcts:iterations=30")
    assert json.dumps(state.snapshot(), sort_keys=True) == before
    assert 1 <= len(rows) <= 2
    for action, chance, visits in rows:
        assert any(action is a for a in state.legal_actions()) and 0 <= chance <= 1 and visits > 0
    with pytest.raises(IllegalAction, match="seat to move"):
        hints(state, 1 - state.to_move, spec="ismcts:iterations=30")
    with pytest.raises(IllegalAction, match="ismcts"):
        hints(state, state.to_move, spec="random")


def test_iterations_per_second():
    from tabletome.agents.ismcts import iterations_per_second

    states = positions(SPIRIT_LINK, seed=59, count=2)
    assert iterations_per_second(states, seconds=0.1) > 0
    with pytest.raises(IllegalAction):
        iterations_per_second([], seconds=0.1)


def test_a_rollout_that_never_ends_is_cut_and_scored(monkeypatch):
    """Some games can cycle (Life Siphon has no turn limit): a rollout longer than ROLLOUT_LIMIT
    actions stops and is scored by the game's evaluation, even with no depth cut-off asked for."""
    import tabletome.agents.ismcts as ismcts

    game = tabletome.game("spirit-link")
    state = positions(SPIRIT_LINK, seed=57, count=1)[0]
    own_evaluate = game.evaluate
    evaluated = []

    def evaluate(s, p):
        evaluated.append(s)
        return own_evaluate(s, p)

    monkeypatch.setattr(ismcts, "ROLLOUT_LIMIT", 3)
    monkeypatch.setattr(game, "evaluate", evaluate)
    hints = tabletome.agent("ismcts:iterations=30,depth=0", seed=1).analyse(state, top=9)
    assert evaluated and all(s.to_move is not None for s in evaluated)
    assert all(0.0 <= h.win_chance <= 1.0 for h in hints)


def test_the_game_chooses_the_rollout_policy(monkeypatch):
    """``policy=heuristic`` rolls out with ``game.rollout_action`` (a game may offer one faster
    than its heuristic agent's lookahead, as Bad Baby Lich Lords does)."""
    game = tabletome.game("spirit-link")
    state = positions(SPIRIT_LINK, seed=59, count=1)[0]
    calls = []
    own = game.rollout_action

    def rollout(s, rng):
        calls.append(s)
        return own(s, rng)

    monkeypatch.setattr(game, "rollout_action", rollout)
    tabletome.agent("ismcts:iterations=20,policy=heuristic", seed=1).choose(state)
    assert calls
    calls.clear()
    tabletome.agent("ismcts:iterations=20,policy=random,opponents=search", seed=1).choose(state)
    assert not calls


def test_opponents_policy_keeps_only_this_seats_choices_in_the_tree():
    """With ``opponents=policy`` the other seats play the rollout policy inside the tree: every
    root child is this seat's action, and the search is as reproducible as ever."""
    state = positions(SPIRIT_LINK, seed=61, count=1)[0]
    a = tabletome.agent("ismcts:iterations=50,opponents=policy", seed=4)
    b = tabletome.agent("ismcts:iterations=50,opponents=policy", seed=4)
    ha, hb = a.analyse(state, top=9), b.analyse(state, top=9)
    assert [(h.action.id, h.visits) for h in ha] == [(h.action.id, h.visits) for h in hb]
    legal_ids = {x.id for x in state.legal_actions()}
    assert {h.action.id for h in ha} <= legal_ids and sum(h.visits for h in ha) == 50


def test_a_solo_search_does_not_depend_on_the_scale_of_the_score(monkeypatch):
    """Solo modes normalise rewards to the spread seen in the search: squeezing every outcome into
    an eighth of the range (a Madness round is worth only 1/40) leaves every visit count as it was."""
    game = tabletome.game("life-siphon")
    state = game.new(players=1, mode="madness", seed=5)
    rng = Rng(6)
    for _ in range(9):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert state.to_move == 0 and len(state.legal_actions()) > 1

    def visits():
        hints = tabletome.agent("ismcts:iterations=120", seed=3).analyse(state, top=99)
        return [(h.action.id, h.visits) for h in hints], [h.win_chance for h in hints]

    counts, chances = visits()
    outcome = type(state).outcome
    monkeypatch.setattr(type(state), "outcome", lambda self, seat: outcome(self, seat) / 8)
    squeezed, squeezed_chances = visits()
    assert squeezed == counts
    assert squeezed_chances == pytest.approx([x / 8 for x in chances])
