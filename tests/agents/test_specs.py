"""Agents are named by spec strings: ``random``, ``heuristic``, ``ismcts:iterations=800``..."""

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.agents import ISMCTSAgent


def test_every_agent_is_listed():
    assert {"random", "heuristic", "ismcts"} <= set(tabletome.agent_specs())


def test_ismcts_settings_are_parsed():
    bot = tabletome.agent("ismcts:iterations=50", seed=3)
    assert isinstance(bot, ISMCTSAgent)
    assert (bot.iterations, bot.seconds, bot.seed) == (50, None, 3)
    bot = tabletome.agent("ismcts:seconds=1.5")
    assert (bot.iterations, bot.seconds) == (None, 1.5)
    bot = tabletome.agent(" ISMCTS : iterations = 20 , c = 0.3 , policy = random , depth = 8 ")
    assert (bot.iterations, bot.c, bot.policy, bot.depth) == (20, 0.3, "random", 8)
    assert bot.spec == "ismcts:iterations=20,c=0.3,policy=random,depth=8"
    assert tabletome.agent(bot.spec).spec == bot.spec


def test_the_default_budget_is_one_second():
    bot = tabletome.agent("ismcts")
    assert (bot.iterations, bot.seconds, bot.policy) == (None, 1.0, "heuristic")
    assert bot.spec == "ismcts:seconds=1"


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=0", "ismcts:iterations=-5", "ismcts:iterations=many", "ismcts:iterations=1.5",
    "ismcts:seconds=0", "ismcts:seconds=-1", "ismcts:seconds=soon", "ismcts:seconds=inf",
    "ismcts:seconds=nan", "ismcts:c=-1", "ismcts:c=wide", "ismcts:policy=greedy",
    "ismcts:depth=-1", "ismcts:depth=deep", "ismcts:budget=3", "ismcts:iterations",
    "ismcts:=3", "mcts", "", "   ",
])
def test_bad_specs_are_refused(spec):
    with pytest.raises(IllegalAction):
        tabletome.agent(spec)


def test_a_refusal_names_the_setting():
    with pytest.raises(IllegalAction, match="policy"):
        tabletome.agent("ismcts:policy=greedy")
    with pytest.raises(IllegalAction, match="iterations"):
        tabletome.agent("ismcts:iterations=0")
    with pytest.raises(IllegalAction, match="settings are"):
        tabletome.agent("ismcts:budget=3")
