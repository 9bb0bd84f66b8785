"""The lobby in a real browser (Playwright, Debian's Chromium): Ann creates a public Spirit Link
table on the start page with one seat left to "a person"; Bob, in another browser, finds it in the
start page's lobby, types his name and takes the seat with one click; they play each other live
(twice on the same server, and on two server processes sharing PostgreSQL, Ann on one and Bob on
the other), chat, Ann asks to undo a move and Bob accepts, and Ann's tab in the background signals
her turn in its title. Ann, the host, removes a spectator from the seats panel; the table's clock
(20 seconds a move) runs out and the game is over; Ann deletes the table. A seat taken a moment
before a click on it says so. Screenshots in tests/server/artifacts/."""

import random

import pytest

from .test_browser import browser, click_once, fix_seed, new_page, shot, step_of  # noqa: F401 (the fixture)

CLICKS = 8


@pytest.fixture(params=["sqlite", "postgres"])
def two_servers(request, server):
    """Ann's server and Bob's: one process, or two processes on one PostgreSQL database."""
    if request.param == "sqlite":
        return server, server
    make = request.getfixturevalue("pg_servers")
    return make(), make()


def test_two_strangers_meet_in_the_lobby_and_play(two_servers, browser, request):
    ann_server, bob_server = two_servers
    ann = new_page(browser)
    fix_seed(ann, 3)            # the clicks below must find a move to take back: not a seed drawn at random
    ann.goto(ann_server.url + "/?game=spirit-link")
    ann.select_option("select[data-option=starting_hand]", "3")
    ann.select_option("[data-seat='0']", "you")
    ann.select_option("[data-seat='1']", "person")
    ann.fill("[data-name='0']", "Ann")
    ann.check("#public")
    # a turn-based clock of 20 seconds a move (the form offers days; a test cannot wait that long)
    ann.evaluate("document.getElementById('clock').add(new Option('20 s a move', 'turn:20'))")
    ann.select_option("#clock", "turn:20")
    ann.select_option("#on-timeout", "lose")
    ann.click("#create")
    ann.wait_for_function("document.body.dataset.step === '0'")
    table_id = ann.url.split("/table/")[1].split("#")[0]

    bob = new_page(browser)
    bob.goto(bob_server.url + "/")
    join = bob.locator(f"button.join[data-table='{table_id}']")
    join.wait_for()
    assert "Ann" in bob.locator("#lobby-list li", has=join).inner_text()
    shot(bob, f"lobby-{request.node.callspec.id}")
    bob.fill("#lobby-name", "Bob")
    join.click()
    bob.wait_for_function("document.body && document.body.dataset.step !== undefined && document.body.dataset.step !== ''")
    assert f"/table/{table_id}#seat=1&token=" in bob.url
    # Ann's page shows Bob sitting (and online), whichever process each is on
    ann.wait_for_function("document.querySelector(\".seat-line[data-seat='1'] .dot.on\") !== null")
    # the seat is taken: the lobby no longer offers it
    carol = new_page(browser)
    carol.goto(bob_server.url + "/")
    carol.wait_for_function("Number(document.getElementById('lobby-list')?.dataset.shown) >= 1")  # it has loaded
    assert carol.locator(f"button.join[data-table='{table_id}']").count() == 0

    # chat: text, never markup, on both pages (on either process)
    bob.fill("#chat-text", "hi Ann <img src=x onerror=alert(1)>")
    bob.press("#chat-text", "Enter")
    ann.wait_for_function("document.getElementById('chat-log').textContent.includes('hi Ann')")
    assert "South (Bob): hi Ann <img src=x onerror=alert(1)>" in ann.inner_text("#chat-log")
    assert ann.locator("#chat-log img").count() == 0

    # Ann's tab goes to the background: when it becomes her turn, its title says so
    ann.evaluate("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true})")
    rng = random.Random(3)
    pages = [ann, bob]
    clicks = 0
    def signalled():
        return int(ann.evaluate("document.body.dataset.signalled || '0'"))

    undone = False
    while clicks < CLICKS or not undone or (not signalled() and clicks < 80):
        mover = next((p for p in pages if p.evaluate("document.body.dataset.mine") == "true"), None)
        if mover is None:
            assert ann.evaluate("document.body.dataset.over") != "true", f"the game ended after {clicks} clicks"
            pages[0].wait_for_timeout(50)
            continue
        before = step_of(mover)
        click_once(mover, rng)
        clicks += 1
        for p in pages:             # both pages follow live
            p.wait_for_function(f"Number(document.body.dataset.step) >= {step_of(mover)}")
        if mover is ann and not undone and clicks < 60:
            # Ann asks to take her move back; Bob accepts (when the rule allows it: nothing revealed)
            ann.click("#undo-btn")
            ann.wait_for_function("!document.getElementById('banner').hidden"
                                  " || document.getElementById('status').textContent.includes('accept your undo')")
            if "accept your undo" in ann.inner_text("#status"):
                bob.locator("#undo-ask").wait_for(state="visible")
                assert "North asks to take back their last decision." in bob.inner_text("#undo-ask")
                bob.click("#undo-yes")
                for p in pages:
                    p.wait_for_function(f"document.body.dataset.step === '{before}'")
                clicks -= 1
                undone = True
            else:
                assert "cannot undo" in ann.inner_text("#banner").lower()
                ann.evaluate("document.getElementById('banner').hidden = true")
    assert undone
    assert step_of(ann) == step_of(bob) == clicks
    assert signalled() >= 1
    assert ann.evaluate("document.title").startswith("▶ Your turn — Spirit Link")
    ann.evaluate("Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
                 "document.dispatchEvent(new Event('visibilitychange'))")
    assert not ann.evaluate("document.title").startswith("▶")
    # from now on nobody moves: the seat to move now is the one whose clock will run out (read now,
    # while it runs: what follows may take longer than its 20 seconds on a busy machine)
    late = "North" if ann.evaluate("document.body.dataset.mine") == "true" else "South"
    assert ann.locator(".clock-seat.running").inner_text().startswith(late)

    # the host removes a spectator (watching on Bob's process) from the seats panel
    carol.goto(f"{bob_server.url}/table/{table_id}#watch")
    carol.wait_for_function(f"document.body.dataset.step === '{clicks}'")
    ann.click("#seats-btn")
    remove = ann.locator("button[data-spectator]")
    for _ in range(40):                       # the other process tells Ann's that Carol watches
        if remove.count() == 1:
            break
        ann.wait_for_timeout(250)
        ann.click("#seats-btn")
        ann.click("#seats-btn")
    assert remove.count() == 1
    shot(ann, f"host-tools-{request.node.callspec.id}")
    remove.click()
    carol.wait_for_function("document.getElementById('status').textContent.includes('host closed')")

    # nobody moved: the clock of the seat to move runs out, and the game is over on both pages
    for p in pages:
        p.wait_for_function("document.body.dataset.over === 'true'", timeout=60000)
        assert f"{late} ran out of time" in p.inner_text("#status")
    assert ann.locator("#resign-btn").is_hidden()

    # and deletes the table (two clicks, even with the panel drawn again between them): Bob's page is told
    ann.click("#delete-btn")
    assert ann.inner_text("#delete-btn") == "Really delete it?"
    ann.evaluate("document.getElementById('delete-btn').dataset.old = 'yes'")
    ann.click("#seats-btn")
    ann.click("#seats-btn")
    ann.wait_for_function("!document.getElementById('delete-btn').dataset.old")   # drawn again
    assert ann.inner_text("#delete-btn") == "Really delete it?"
    ann.click("#delete-btn")
    ann.wait_for_url(ann_server.url + "/")
    bob.wait_for_function("document.getElementById('status').textContent.includes('deleted')")
    assert bob_server.get(f"/api/tables/{table_id}").status_code == 404
    assert ann.errors == [] and bob.errors == [] and carol.errors == []


def test_a_seat_taken_a_moment_before_your_click_says_so(server, browser):
    """Bob's lobby still offers a seat Cleo has just taken: his click says why he is not seated, and
    the lobby drawn again without the table keeps saying it (it wiped the message at once, and the
    table just vanished under his click)."""
    table = server.create("spirit-link", seats=[{"agent": None, "name": "Ann"}, {"agent": None, "open": True}])
    server.post(f"/api/tables/{table['id']}/settings", {"host": table["host"], "public": True})
    bob, cleo = new_page(browser), new_page(browser)
    join = f".join[data-table='{table['id']}']"
    for page in (bob, cleo):
        page.goto(server.url + "/")
        page.locator(join).wait_for()
    cleo.click(join)
    cleo.wait_for_url("**/table/**")
    shown = int(bob.evaluate("document.getElementById('lobby-list').dataset.shown"))
    bob.click(join)
    bob.wait_for_function(f"Number(document.getElementById('lobby-list').dataset.shown) > {shown}")
    assert bob.locator(join).count() == 0 and bob.url == server.url + "/"
    said = bob.inner_text("#lobby-error")
    assert said == "You could not sit there: seat 1 (South) is not open any more: someone else sat down first"
    assert bob.errors == [] and cleo.errors == []
