"""Life & Legend's board in a real browser (Playwright driving Debian's Chromium, as test_browser.py).

A person picks Life & Legend on the start page (its modes and the AI opponents option are there,
with their help), sits against the heuristic and an AI opponent card, and plays by clicking the
board: World spaces, cards, the phase track. A solo War table is drawn and played the same way.
Screenshots of both, desktop and phone (375x667), go to tests/server/artifacts/.
"""

import random

from .test_browser import browser, fix_seed, new_page, shot, step_of, wait_turn_or_over  # noqa: F401 (fixture)

GAME = "life-and-legend"


def board_click(page, rng, choose=None) -> str:
    """One decision made on the board: a playable thing and an action in its popover. Returns
    the action's text; waits until the server answered."""
    before = step_of(page)
    playable = page.locator("#board .playable")
    assert playable.count(), "nothing on the board offers a choice"
    playable.nth(rng.randrange(playable.count())).click()
    options = page.locator("#popover .action")
    options.first.wait_for()
    texts = options.all_inner_texts()
    k = choose(texts) if choose else rng.randrange(len(texts))
    options.nth(k).click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    return texts[k]


def legal_texts(page):
    return page.locator("#legal .action").all_inner_texts()


def open_seat(server, page, table, seat=0):
    page.goto(f"{server.url}/table/{table['id']}#seat={seat}&token={table['seats'][seat]['token']}")
    page.wait_for_selector(".lal-board")


def test_the_start_page_offers_life_and_legend_modes_and_ai_opponents(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/?game=" + GAME)
    page.wait_for_selector("select[data-option=mode]")
    modes = page.locator("select[data-option=mode] option").all_inner_texts()
    for mode in ("standard (default)", "farwander", "eternal", "coop"):
        assert mode in modes
    assert "war" not in modes and "lore" not in modes     # no Solitaire mode is offered to two players
    ais = page.locator("select[data-option=ai] option").all_inner_texts()
    assert ais[0] == "none (default)" and "golden-horse" in ais
    assert "matathias+geoffrey" not in ais            # two AI cards need three seats
    assert "AI opponents taking the last seats" in page.inner_text("#options")
    page.select_option("#players", "3")
    assert "matathias+geoffrey" in page.locator("select[data-option=ai] option").all_inner_texts()
    assert "1 (solo)" in page.locator("#players option").all_inner_texts()
    # one player: the Solitaire modes, and no mode the game plays with more
    page.select_option("#players", "1")
    modes = page.locator("select[data-option=mode] option").all_inner_texts()
    for mode in ("war", "lore", "arbiter", "treasury", "campaign", "legacy"):
        assert mode in modes
    assert "standard (default)" not in modes and "coop" not in modes
    page.context.close()


def test_a_person_plays_life_and_legend_against_the_heuristic_by_clicking_the_board(server, browser):
    page = new_page(browser)
    fix_seed(page, 5)            # the moves below follow the game: not a seed drawn at random
    page.goto(server.url + "/?game=" + GAME)
    page.select_option("#players", "3")
    page.select_option("select[data-option=ai]", "golden-horse")
    page.select_option("select[data-option=first]", "north")
    page.select_option("[data-seat='0']", "you")
    page.select_option("[data-seat='1']", "agent:heuristic")
    # the AI card's seat is the game's: shown taken, nobody to choose
    page.wait_for_function("document.querySelector(\"select[data-seat='2']\").disabled")
    shot(page, "life-and-legend-start-page")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector(".lal-board")
    # the World: two rows of two spaces, covered at the start
    assert page.locator(".lal-world .world-space").count() == 4
    assert page.locator(".lal-world .card.back").count() == 4
    # the seats: mine with my hand as cards, the others' hands covered, the AI card with its steps
    mine = page.locator(".lal-seat.mine")
    assert mine.count() == 1 and "North (you)" in mine.inner_text()
    # (your hand is in its own box at the bottom, kept in sight)
    assert page.locator(".lal-mine .lal-area.hand .card:not(.back)").count() + mine.locator(".lal-area.relics .card").count() >= 4
    assert page.locator(".lal-seat[data-seat='1'] .lal-area.hand .card.back").count() >= 1
    ai = page.locator(".lal-seat[data-seat='2'] .lal-ai-card")
    assert "Golden Horse The Brave" in ai.inner_text() and ai.locator(".designed-tag").count() == 1
    assert ai.locator(".ai-steps li").count() >= 5
    for label in ("Relics", "Trait-Cards", "Traumas", "Backgrounds", "Completed Wanders", "Completed Adventures"):
        assert label.upper() in mine.inner_text().upper()
    assert "/4" in mine.locator(".lal-area.relics .limit").inner_text()       # the Rule of Four
    assert page.locator(".lal-decks [data-deck=legend] .deck-count").inner_text().isdigit()
    # card text on hover (title) and tap (popover), designed cards marked
    a_card = page.locator(".lal-mine .card.lal-card").first          # (a card in your hand)
    assert a_card.get_attribute("title")
    assert page.locator("#board .card.designed .designed-mark").count() >= 1

    rng = random.Random(5)
    board_moves, world_moves = [], 0
    while len(board_moves) < 5 or not world_moves:
        assert len(board_moves) < 30, "no World move was offered"
        assert not wait_turn_or_over(page), "the game ended before the test made its moves"
        legal = legal_texts(page)
        spaces = [t.rsplit(" ", 1)[1] for t in legal if t.startswith(("uncover space ", "wander on space "))]
        if spaces and not world_moves:
            # a World space on the board offers exactly the list's choices that name that space
            k = spaces[0]
            page.locator(f".world-space[data-space='{k}'] .playable").click()
            offered = page.locator("#popover .action").all_inner_texts()
            assert set(offered) == {t for t in legal if t.endswith(f" space {k}") or t == f"fill space {k} from the Legend Deck"}
            before = step_of(page)
            page.locator("#popover .action").first.click()
            page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
            board_moves.append(offered[0])
            world_moves, world_space = world_moves + 1, k
            continue
        phase = page.locator(".lal-phase.now.playable")
        if not world_moves and phase.count() and ("end phase" in legal or "done" in legal):
            # on to the World phase by the phase track (Relics before the first turn end with done)
            before = step_of(page)
            phase.click()
            page.locator("#popover .action", has_text="end phase" if "end phase" in legal else "done").click()
            page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
            board_moves.append("end phase")
        elif page.locator("#board .playable").count():
            board_moves.append(board_click(page, rng))
        else:
            before = step_of(page)
            page.locator("#legal .action").first.click()      # the full list is always reachable
            page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
        if len(board_moves) == 3:
            shot(page, "life-and-legend-board")
    assert world_moves == 1
    # the log tells the World move (how many lines the other moves give depends on the game: some give none)
    page.wait_for_function(f"[...document.querySelectorAll('#log li')].some(li => li.textContent.startsWith('North ') "
                           f"&& li.textContent.includes('space {world_space}'))")
    assert page.locator("#log li").first.inner_text() == "North goes first."
    # the phone-sized page shows the same table: the World, the hand, the choices at hand
    phone = new_page(browser, 375, 667)
    phone.goto(page.url)
    phone.wait_for_selector(".lal-board")
    assert phone.locator(".lal-world .world-space").count() == 4
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 380, f"the phone page scrolls sideways ({width}px)"
    assert phone.locator("#choices").is_visible()
    shot(phone, "life-and-legend-phone")
    phone.context.close()
    assert page.errors == []
    page.context.close()


def test_a_solo_war_table_is_drawn_and_played_on_the_board(server, browser):
    table = server.create(GAME, players=1, options={"mode": "war"}, seed=11, seats=[{"agent": None}])
    page = new_page(browser)
    open_seat(server, page, table)
    assert "War (Solitaire)" in page.inner_text(".board-status")
    # "The Event, War is placed uncovered somewhere in the World": the Atmosphere is marked
    atmosphere = page.locator(".world-space.is-atmosphere")
    assert atmosphere.count() == 1 and "War" in atmosphere.inner_text() and "Atmosphere" in atmosphere.inner_text()
    assert page.locator(".lal-others").count() == 0 and page.locator(".lal-seat.mine").count() == 1
    rng = random.Random(2)
    made = 0
    while made < 4:
        if wait_turn_or_over(page):
            break
        if page.locator("#board .playable").count():
            board_click(page, rng)
        else:
            before = step_of(page)
            page.locator("#legal .action").first.click()
            page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
        made += 1
    assert made == 4
    # the phase track offers "end phase" on the current Phase when it is legal
    if "end phase" in legal_texts(page):
        assert page.locator(".lal-phase.now.playable").count() == 1
    shot(page, "life-and-legend-war")
    phone = new_page(browser, 375, 667)
    open_seat(server, phone, table)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 380
    shot(phone, "life-and-legend-war-phone")
    phone.context.close()
    assert page.errors == []
    page.context.close()


def test_an_ai_card_seat_is_shown_taken_and_no_person_or_agent_sits_there(server, browser):
    """The seat an AI opponent card plays is the game's own (``game.rule_seats``): the start page
    shows it taken, the server gives it neither a token nor an agent, and the table plays on."""
    page = new_page(browser)
    page.goto(server.url + "/?game=" + GAME)
    page.wait_for_selector("select[data-option=ai]")
    page.select_option("#players", "3")
    page.select_option("select[data-option=ai]", "golden-horse")
    page.wait_for_function("document.querySelector(\"select[data-seat='2']\").disabled")
    assert page.locator("select[data-seat='2'] option").all_inner_texts() == ["Played by the AI card Golden Horse The Brave"]
    assert not page.locator("select[data-seat='1']").is_disabled()
    page.select_option("select[data-option=ai]", "none")       # back to three places to fill
    page.wait_for_function("!document.querySelector(\"select[data-seat='2']\").disabled")
    page.context.close()
    # whatever a client asks for that seat, the game plays it
    seats = [{"agent": None}, {"agent": "heuristic"}, {"agent": None, "name": "Mallory"}]
    table = server.create(GAME, players=3, options={"ai": "golden-horse"}, seats=seats, seed=4)
    assert table["seats"][2]["token"] is None and table["seats"][2]["agent"] == "card"
    assert server.post("/api/seats", {"game": GAME, "players": 3, "options": {"ai": "golden-horse"}}).json() == \
        {"players": 3, "seats": {"2": "the AI card Golden Horse The Brave"}}
    assert server.post("/api/seats", {"game": "spirit-link", "players": 2}).json()["seats"] == {}
    assert server.post("/api/seats", {"game": GAME, "options": "x"}).status_code == 400
    info = server.get(f"/api/tables/{table['id']}").json()
    assert info["seats"][2]["agent"] == "card" and not info["seats"][2]["open"]
    # the table page names the AI card that plays the seat (not an agent spec)
    page = new_page(browser)
    open_seat(server, page, table, 0)
    page.click("#seats-btn")
    page.wait_for_selector("#seats-panel strong")
    shot(page, "ll-ai-card-seat")
    assert "South\nplayed by the AI card Golden Horse The Brave" in page.inner_text("#seats-panel")
    page.context.close()


def test_before_the_first_turn_the_board_shows_the_setup_relic_step_not_phase_1(server, browser):
    # seed 0: North holds a Relic before the first turn ("6. Play Relics: Players may bring Relics
    # into play now if they choose."), a step of the setup, not Phase 1 of a turn
    table = server.create(GAME, players=2, seats=[{"agent": None}, {"agent": "heuristic"}], seed=0)
    page = new_page(browser)
    open_seat(server, page, table, 0)
    assert "done" in legal_texts(page)
    assert "before the first turn" in page.inner_text(".board-status")
    assert "Contemplation Phase" not in page.inner_text(".board-status")
    # and the choices name the setup's step as their moment, not Phase 1 (glossary.toml "Setup")
    page.wait_for_function("document.getElementById('choices').textContent.includes('Setup, step 6: Play Relics')")
    assert "Phase 1: Contemplation" not in page.inner_text("#choices")
    now = page.locator(".lal-phase.now")
    assert now.count() == 1 and now.get_attribute("data-phase") == "Setup"
    before = step_of(page)
    now.click()
    page.locator("#popover .action", has_text="done").click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    page.wait_for_function("document.querySelector('.lal-phase.now')?.dataset.phase !== 'Setup'")
    assert "turn 1" in page.inner_text(".board-status")
    page.context.close()
