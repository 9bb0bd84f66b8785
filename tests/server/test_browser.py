"""The pages in a real browser: Playwright driving Debian's Chromium against a real server.

A person creates a Spirit Link table against the heuristic on the start page and plays it to the
end by clicking (cards on the board when one offers a choice, else the list of choices), reloading
the page once mid-game; two browser contexts play each other at Bad Baby Lich Lords; a Life Siphon
table with an agent seat finishes. Each game's board is saved as a screenshot in
tests/server/artifacts/ (git-ignored), with a phone-sized one too.
"""

import json
import random
import shutil
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).with_name("artifacts")
MAX_CLICKS = 600


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM}: apt-get install -y chromium "
                    "(the README's test command, tests/run, installs it); they never skip")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def new_page(browser, width=1280, height=900):
    # bypass_csp: Playwright evaluates its waits as strings, which the pages' CSP forbids
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.set_default_timeout(20000)
    return page


def fix_seed(page, seed):
    """The tables the start page creates in ``page``'s browser context get ``seed``: the form's own
    request to /api/tables, with ``"seed"`` added on its way (the form offers no seed, and a test
    whose clicks follow the game must not depend on the one the server would draw at random)."""

    def add_seed(route, request):
        if request.method != "POST":
            return route.continue_()
        body = json.loads(request.post_data)
        body["seed"] = seed
        route.continue_(post_data=json.dumps(body))

    page.context.route("**/api/tables", add_seed)


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def step_of(page) -> int:
    return int(page.evaluate("document.body.dataset.step || '-1'"))


def wait_turn_or_over(page, timeout=30000):
    page.wait_for_function("document.body.dataset.mine === 'true' || document.body.dataset.over === 'true'",
                           timeout=timeout)
    return page.evaluate("document.body.dataset.over") == "true"


def click_once(page, rng, prefer_board=True) -> None:
    """One decision by clicking: a playable card or place on the board and an action in its
    popover, or a button in the list of choices. Waits until the server answered."""
    before = step_of(page)
    playable = page.locator("#board .playable")
    if prefer_board and playable.count() and rng.random() < 0.6:
        playable.nth(rng.randrange(playable.count())).click()
        options = page.locator("#popover .action")
        options.first.wait_for()
        options.nth(rng.randrange(options.count())).click()
    else:
        buttons = page.locator("#legal .action")
        buttons.first.wait_for()
        buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")


def play_to_the_end(page, rng, on_click=None):
    clicks = 0
    while not wait_turn_or_over(page):
        click_once(page, rng)
        clicks += 1
        if on_click:
            on_click(clicks)
        assert clicks < MAX_CLICKS, "the game did not end"
    return clicks


def test_a_person_plays_spirit_link_against_the_heuristic_to_the_end(server, browser):
    page = new_page(browser)
    fix_seed(page, 1)            # the clicks follow the game: its seed is fixed, not drawn at random
    page.goto(server.url + "/")
    page.select_option("#game", "spirit-link")
    page.select_option("select[data-option=starting_hand]", "3")
    page.select_option("[data-seat='0']", "you")
    page.select_option("[data-seat='1']", "agent:heuristic")
    shot(page, "start-page")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector(".sl-board")
    assert page.locator(".sl-player.mine .hand .card").count() >= 3      # the hand, as cards
    assert page.locator(".sl-player:not(.mine) .hand .card.back").count() >= 3
    # card text on hover (title) and on tap (popover)
    first = page.locator(".sl-player.mine .hand .card").first
    assert first.get_attribute("title")
    rng = random.Random(3)
    state = {}

    def maybe_reload(clicks):
        if clicks == 4:
            # the heuristic may still be answering the click: wait until nothing moves but this page
            wait_turn_or_over(page)
            state["before"] = (step_of(page), page.locator("#log li").count(), page.inner_text(".sl-player.mine .hand"))
            shot(page, "spirit-link-board")
            page.reload()
            page.wait_for_selector(".sl-board")
            page.wait_for_function(f"Number(document.body.dataset.step) >= {state['before'][0]}")
            after = (step_of(page), page.locator("#log li").count(), page.inner_text(".sl-player.mine .hand"))
            state["after"] = after

    clicks = play_to_the_end(page, rng, maybe_reload)
    assert state["after"] == state["before"], "the reload did not resume exactly"
    assert clicks > 5
    assert "Game over" in page.inner_text("#status")
    assert page.locator("#record-link").is_visible()
    assert page.locator("#rematch-btn").is_visible()
    shot(page, "spirit-link-over")
    # the replay slider steps through the finished game
    page.locator("#replay-prev").click()
    page.wait_for_function("document.getElementById('replay-info').textContent.startsWith('Step')")
    assert "Step" in page.inner_text("#replay-info")
    assert page.locator(".sl-board").count() == 1
    assert page.errors == []


BROWSER_CLICKS = 16       # the two browsers play this many moves by clicking; sockets finish the game


def test_two_browsers_play_bad_baby_lich_lords(server, browser):
    """Two people at two browsers play each other live; after BROWSER_CLICKS moves by clicking, the
    rest of the game is played through the same seats' WebSockets (a long game clicked to its end
    would take most of a minute), and both pages follow it live to "Game over"."""
    north = new_page(browser)
    fix_seed(north, 1)           # the clicks follow the game: its seed is fixed, not drawn at random
    north.goto(server.url + "/?game=bad-baby-lich-lords")
    north.select_option("#players", "2")
    north.select_option("[data-seat='0']", "you")
    north.select_option("[data-seat='1']", "person")
    north.fill("[data-name='0']", "<img src=x onerror=1>")
    north.click("#create")
    north.wait_for_selector(".realms")
    north.click("#seats-btn")
    link = north.locator(".seat-line[data-seat='1'] input.invite").input_value()
    assert "#seat=1&token=" in link
    # what a user typed is shown as text, never as markup
    assert "<img src=x onerror=1>" in north.inner_text("#seats-panel")
    assert north.locator("#seats-panel img").count() == 0
    south = new_page(browser)
    south.goto(link)
    south.wait_for_selector(".realms")
    north.wait_for_function("document.querySelector(\".seat-line[data-seat='1'] .dot.on\") !== null")
    rng = random.Random(8)
    pages = [north, south]
    clicks = 0
    while clicks < BROWSER_CLICKS and not all(p.evaluate("document.body.dataset.over") == "true" for p in pages):
        mover = next((p for p in pages if p.evaluate("document.body.dataset.mine") == "true"), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        click_once(mover, rng)
        clicks += 1
        for p in pages:             # both pages follow live
            p.wait_for_function(f"Number(document.body.dataset.step) >= {step_of(mover)}")
        if clicks == 12:
            shot(north, "bad-baby-lich-lords-board")
    assert clicks == BROWSER_CLICKS, "the game ended before the browsers made their moves"
    finish_through_the_seats(server, north, link, rng)
    for p in pages:
        p.wait_for_function("document.body.dataset.over === 'true'")
    assert "Game over" in north.inner_text("#status") and "Game over" in south.inner_text("#status")
    assert north.inner_text("#status") == south.inner_text("#status")
    assert step_of(north) == step_of(south) > BROWSER_CLICKS
    assert north.errors == [] and south.errors == []


def finish_through_the_seats(server, page, invite, rng):
    """Play the table of ``page`` to its end through WebSockets holding the two seats' tokens."""
    from urllib.parse import parse_qs

    from .helpers import Client

    table_id = page.url.split("/table/")[1].split("#")[0].split("?")[0]
    tokens = {}
    for text in (page.url, invite):
        fragment = parse_qs(text.split("#", 1)[1]) if "#" in text else {}
        if "seat" in fragment and "token" in fragment:
            tokens[int(fragment["seat"][0])] = fragment["token"][0]
    assert set(tokens) == {0, 1} and all(tokens.values()), f"the seats' tokens were not found: {tokens}"
    seats = {s: Client(server) for s in tokens}
    try:
        for s, client in seats.items():
            assert client.hello(table_id, s, tokens[s])["type"] == "state"
        step = max(c.state["step"] for c in seats.values())
        for _ in range(5000):
            for c in seats.values():
                c.at_step(step)
            if any(c.state["over"] for c in seats.values()):
                return
            mover = next(c for s, c in seats.items() if c.state["to_move"] == s)
            mover.send({"type": "move", "action": rng.choice(mover.state["legal"])["id"], "step": step})
            step += 1
        raise AssertionError("the game did not end")
    finally:
        for c in seats.values():
            c.close()


def test_a_life_siphon_table_with_an_agent_finishes(server, browser):
    table = server.create("life-siphon", players=2, options={"familiars": "on", "vials": "on"}, seed=6,
                          seats=[{"agent": None}, {"agent": "heuristic"}])
    page = new_page(browser)
    token = table["seats"][0]["token"]
    page.goto(f"{server.url}/table/{table['id']}#seat=0&token={token}")
    page.wait_for_selector(".ls-board")
    assert page.locator(".quadrant").count() == 2
    rng = random.Random(2)

    def pictures(clicks):
        if clicks == 8:
            shot(page, "life-siphon-board")
            phone = new_page(page.context.browser, 390, 844)
            phone.goto(f"{server.url}/table/{table['id']}#watch")
            phone.wait_for_selector(".ls-board")
            shot(phone, "life-siphon-phone")
            phone.context.close()

    play_to_the_end(page, rng, pictures)
    assert "Game over" in page.inner_text("#status")
    assert page.errors == []


def test_a_game_without_its_own_board_is_drawn_by_the_generic_board(server, browser):
    """A game registered later gets the generic board at once: here Spirit Link's view drawn by it."""
    table = server.create("spirit-link", options={"starting_hand": 3}, seed=2,
                          seats=[{"agent": None}, {"agent": "heuristic"}])
    page = new_page(browser, 390, 844)
    page.goto(f"{server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.wait_for_selector(".sl-board")
    page.evaluate("""async () => {
        const m = await import('/static/js/boards/generic.js');
        const root = document.getElementById('board');
        root.replaceChildren();
        m.render(root, {view: {game: 'x', phase: 'one', players: [{name: 'A', hand: ['Wolf', 'Sheep']}]},
                        seat: 0, legal: [], seats: [], info: () => null, bind: (n) => n});
    }""")
    assert page.locator("#board .card").count() == 2
    shot(page, "generic-board-phone")
