"""How a finished game's result reads in a real browser (Playwright, Debian's Chromium): a solo
game ends with whether it was won and its score, in the words the terminal uses
(``Game.result_line``), on the table's status, in its choices panel and in "Your tables" on the
start page."""

import random

import httpx
import pytest

import tabletome

from .helpers import seat
from .test_browser import browser, new_page, play_to_the_end  # noqa: F401 (the fixture)


@pytest.mark.parametrize("game, options", [("bad-baby-lich-lords", {"mode": "solitaire"}),
                                           ("life-siphon", {"mode": "madness"})])
def test_a_solo_game_ends_saying_won_or_lost_and_its_score(server, browser, game, options):
    table = server.create(game, players=1, options=options, seats=[{"agent": None}], seed=5)
    tid, s, token = seat(table, 0)
    page = new_page(browser)
    page.goto(f"{server.url}/table/{tid}#seat={s}&token={token}")
    play_to_the_end(page, random.Random(5))
    record = httpx.get(f"{server.url}/api/tables/{tid}/record", timeout=30).json()
    state = tabletome.replay(record)
    said = state.game.result_line(state)
    assert said.startswith(("Won; ", "Lost; ")) and state.game.score_words(state) in said
    assert page.inner_text("#status") == f"Game over: {said}"
    assert page.inner_text("#legal") == said
    page.goto(server.url + "/")
    mine = page.locator("#mine-list li", has_text=state.game.name)
    mine.first.wait_for()
    assert said in mine.first.inner_text()
    assert page.errors == []
