"""Every agent, on every registered game and option set: a legal choice, the same choice for the
same seed, and no cheating (the same choice on the true state and on any re-dealt copy of it)."""

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.core import Rng

from .conftest import has_heuristic
from .helpers import CONFIGS, IDS, positions

# Small budgets keep the suite fast; every rollout, cut-off and opponent model is covered, and
# "ismcts:iterations=16" searches with each game's own settings (as "ismcts" does in play).
AGENTS = ["random", "heuristic", "ismcts:iterations=16",
          "ismcts:iterations=16,policy=random,opponents=search,depth=4,c=1.5",
          "ismcts:iterations=16,policy=heuristic,opponents=policy,depth=6,epsilon=0.3"]


def usable(spec, config):
    if spec == "heuristic" and not has_heuristic(config[0]):
        pytest.skip(f"{config[0]} has no heuristic (yet) for the heuristic agent")


@pytest.mark.parametrize("spec", AGENTS)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_choose_returns_a_legal_action(spec, config):
    usable(spec, config)
    bot = tabletome.agent(spec, seed=1)
    for state in positions(config, seed=11):
        legal = state.legal_actions()
        choice = bot.choose(state)
        assert any(choice is a for a in legal), f"{spec} chose {choice}, not one of {legal}"


@pytest.mark.parametrize("spec", AGENTS)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_no_cheating(spec, config):
    """``choose`` sees only what the seat may see: on the state and on ``determinize(seat, rng)``
    of it (same view, hidden cards re-dealt), fresh agents with the same seed choose the same."""
    usable(spec, config)
    for i, state in enumerate(positions(config, seed=21)):
        seat = state.to_move
        for k in range(2):
            copy = state.determinize(seat, Rng(1000 * i + k))
            assert copy.view(seat) == state.view(seat)
            on_state = tabletome.agent(spec, seed=7).choose(state)
            on_copy = tabletome.agent(spec, seed=7).choose(copy)
            assert on_state.id == on_copy.id, (
                f"{spec} chose {on_state} on the true state but {on_copy} on a re-dealt copy with the same view")


class SeesAll:
    """The true state, whose "determinizations" are exact copies: searching it is cheating."""

    def __init__(self, state):
        self._state = state

    def __getattr__(self, name):
        return getattr(self._state, name)

    def determinize(self, seat, rng):
        return self._state.clone()


def test_the_no_cheating_test_catches_a_peeking_agent():
    """The check above can fail: an ISMCTS searching the true position (it sees the opponent's
    hand) chooses differently on some re-dealt copy."""
    from tabletome.agents import ISMCTSAgent

    config = next(c for c in CONFIGS if c[0] == "spirit-link")
    caught = 0
    for i, state in enumerate(positions(config, seed=5, count=12, spacing=5)):
        copy = state.determinize(state.to_move, Rng(i))
        on_state = ISMCTSAgent(seed=7, iterations=60, policy="random").choose(SeesAll(state))
        on_copy = ISMCTSAgent(seed=7, iterations=60, policy="random").choose(SeesAll(copy))
        caught += on_state.id != on_copy.id
    assert caught, "a peeking agent passed the no-cheating check"


@pytest.mark.parametrize("spec", AGENTS)
def test_same_seed_same_decisions(spec):
    """A fixed seed and an iteration budget give the same whole game, decision by decision."""
    for game_id in tabletome.games():
        if spec == "heuristic" and not has_heuristic(game_id):
            continue
        game = tabletome.game(game_id)
        games = []
        for _ in range(2):
            state = game.new(seed=4)
            bots = [tabletome.agent(spec, seed=9 + s) for s in range(state.players)]
            for _ in range(16):
                if state.is_over:
                    break
                state.apply(bots[state.to_move].choose(state))
            games.append(state.record()["actions"])
        assert games[0] == games[1]


def test_choose_refuses_a_finished_game():
    game = tabletome.game("spirit-link")
    state = game.new(seed=1)
    rng = Rng(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    with pytest.raises(IllegalAction, match="over"):
        tabletome.agent("ismcts:iterations=5").choose(state)
    with pytest.raises(IllegalAction, match="over"):
        tabletome.agent("ismcts:iterations=5").analyse(state)
