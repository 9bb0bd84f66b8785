"""Agents are named by spec strings: ``random``, ``heuristic``, ``ismcts:iterations=800``..."""

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.agents import ISMCTSAgent


def test_every_agent_is_listed():
    assert {"random", "heuristic", "ismcts"} <= set(tabletome.agent_specs())


def settings(spec, game_id="spirit-link"):
    return tabletome.agent(spec).settings_for(tabletome.game(game_id))


def test_ismcts_settings_are_parsed():
    bot = tabletome.agent("ismcts:iterations=50", seed=3)
    assert isinstance(bot, ISMCTSAgent) and bot.seed == 3
    assert bot.explicit == {"iterations": 50}
    s = settings("ismcts:iterations=50")
    assert (s["iterations"], s["seconds"]) == (50, None)
    s = settings("ismcts:seconds=1.5")
    assert (s["iterations"], s["seconds"]) == (None, 1.5)
    bot = tabletome.agent(" ISMCTS : iterations = 20 , c = 0.3 , policy = random , depth = 8 ")
    s = bot.settings_for(tabletome.game("spirit-link"))
    assert (s["iterations"], s["c"], s["policy"], s["depth"]) == (20, 0.3, "random", 8)
    assert bot.spec == "ismcts:iterations=20,c=0.3,policy=random,depth=8"
    assert tabletome.agent(bot.spec).spec == bot.spec


@pytest.mark.parametrize("game_id", tabletome.games())
def test_the_default_budget_is_the_games_and_at_most_one_second(game_id):
    game = tabletome.game(game_id)
    s = settings("ismcts", game_id)
    assert tabletome.agent("ismcts").spec == "ismcts"
    assert s["seconds"] is not None and 0 < s["seconds"] <= 1.0
    assert s["iterations"] == game.search_settings.get("iterations")
    for key in ("c", "policy", "depth"):
        if key in game.search_settings:
            assert s[key] == game.search_settings[key]
    # a budget in the spec replaces the game's whole budget; other settings override one by one
    s = settings("ismcts:seconds=0.2,policy=random", game_id)
    assert (s["iterations"], s["seconds"], s["policy"]) == (None, 0.2, "random")


@pytest.mark.parametrize("game_id", [g for g in tabletome.games() if 1 in tabletome.game(g).player_counts])
def test_a_solo_mode_searches_with_the_games_solo_settings(game_id):
    game = tabletome.game(game_id)
    bot = tabletome.agent("ismcts")
    own = game.search_settings_for(1)
    alone, together = bot.settings_for(game, 1), bot.settings_for(game, 2)
    assert alone["iterations"] == own.get("iterations")
    assert together["iterations"] == game.search_settings_for(2).get("iterations")
    assert tabletome.agent("ismcts:iterations=9").settings_for(game, 1)["iterations"] == 9


def test_bad_baby_lich_lords_solitaire_searches_longer_than_two_player():
    """Solitaire rewards winning fast and has no opponent in the tree: it gets the bigger budget."""
    game = tabletome.game("bad-baby-lich-lords")
    bot = tabletome.agent("ismcts")
    assert bot.settings_for(game, 1)["iterations"] > bot.settings_for(game, 2)["iterations"]
    assert bot.settings_for(game, 1)["seconds"] <= 1.0


def test_a_games_bad_search_settings_are_named(monkeypatch):
    game = tabletome.game("spirit-link")
    monkeypatch.setattr(game, "search_settings", {"policy": "greedy"})
    with pytest.raises(IllegalAction, match="spirit-link search setting 'policy'"):
        settings("ismcts")


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=0", "ismcts:iterations=-5", "ismcts:iterations=many", "ismcts:iterations=1.5",
    "ismcts:seconds=0", "ismcts:seconds=-1", "ismcts:seconds=soon", "ismcts:seconds=inf",
    "ismcts:seconds=nan", "ismcts:c=-1", "ismcts:c=wide", "ismcts:policy=greedy",
    "ismcts:depth=-1", "ismcts:depth=deep", "ismcts:epsilon=1.5", "ismcts:epsilon=-0.1",
    "ismcts:epsilon=often", "ismcts:opponents=everyone", "ismcts:budget=3", "ismcts:iterations",
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


@pytest.mark.parametrize("spec", ["ismcts:iterations=5,iterations=6", "ismcts:c=1, c=1", "policy:a.npz,path=b.npz"])
def test_a_setting_given_twice_is_refused_not_the_last_taken(spec):
    with pytest.raises(IllegalAction, match="is given twice"):
        tabletome.agent(spec)


def test_a_refusal_echoes_a_long_or_hostile_spec_short_and_escaped():
    """An agent spec comes from outside (a command line, a web form): its echo is bounded and
    shows control characters escaped."""
    for spec in ("x" * 100_000, "ismcts:" + "budget" * 10_000 + "=3", "\x1b[31mred\x1b[0m"):
        with pytest.raises(IllegalAction) as refused:
            tabletome.agent(spec)
        message = str(refused.value)
        assert len(message) < 400 and "\x1b" not in message, message[:200]


def test_action_text_that_names_nothing_is_echoed_short_and_escaped():
    state = tabletome.game("spirit-link").new(seed=1)
    for text in ("y" * 100_000, "\x1b[2Jwipe"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(text)
        assert "names no legal action" in str(refused.value) and "\x1b" not in str(refused.value)
        assert str(refused.value).index("names no legal action") < 70
