"""Server edges in a real browser (Playwright driving Debian's Chromium, as test_browser.py): a
link to a table that does not exist says so, and the start page offers only player counts and
options the game accepts together, each of which creates a table; a spectator link to a table
closed to spectators says so."""

from .test_browser import browser, new_page, shot  # noqa: F401 (fixture)


def test_a_link_to_a_table_that_does_not_exist_says_so(server, browser):
    page = new_page(browser)
    for bad in ("nosuchtable", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "x" * 60):
        response = page.goto(f"{server.url}/table/{bad}#seat=0&token=abc")
        assert response.status == 404
        text = page.inner_text("body")
        assert "does not exist" in text and "Connecting" not in text, text
    page.goto(f"{server.url}/table/%3Cb%3Ebold%3C%2Fb%3E")
    assert "<b>bold</b>" in page.inner_text("#missing")          # shown as text, never as HTML
    shot(page, "missing-table")
    assert not page.errors
    page.context.close()


def offered(page, selector):
    return [o for o in page.locator(f"{selector} option").evaluate_all("os => os.map(o => o.value)")]


def test_the_start_page_offers_only_combinations_that_create_a_table(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    combos = []                      # what the form offers: (game, players, first option, value)
    for game in offered(page, "#game"):
        page.goto(f"{server.url}/?game={game}")
        page.wait_for_selector("#players option", state="attached")
        first = page.locator("#options select").first
        name = first.get_attribute("data-option") if first.count() else None
        for players in offered(page, "#players"):
            page.select_option("#players", players)
            values = offered(page, f"select[data-option={name}]") if name else [None]
            assert values, f"{game} with {players} players offers no {name}"
            combos += [(game, players, name, value) for value in values]
    for game, players, name, value in combos:
        page.goto(f"{server.url}/?game={game}")
        page.wait_for_selector("#players option", state="attached")
        page.select_option("#players", players)
        if name:
            page.select_option(f"select[data-option={name}]", value)
        with page.expect_response(lambda r: r.url.endswith("/api/tables")) as answer:
            page.click("#create")
        assert answer.value.status == 200, (game, players, name, value, answer.value.text())
        page.wait_for_url("**/table/**")
    created = len(combos)
    assert created >= 20
    assert not page.errors
    page.context.close()


def test_a_stored_table_that_no_longer_replays_says_so(fresh_server, browser, tmp_path):
    import sqlite3
    db = tmp_path / "broken.sqlite3"
    server = fresh_server(db=db)
    t = server.create("spirit-link", seats=[{"agent": None}, {"agent": None}], seed=1)
    server.stop()
    with sqlite3.connect(db) as conn:            # a database edited by hand: a move no rule allows
        conn.execute("INSERT INTO actions (table_id, step, seat, text, at) VALUES (?, 0, 0, 'fly to the moon', 0)",
                     (t["id"],))
    server = fresh_server(db=db)
    page = new_page(browser)
    page.goto(f"{server.url}/table/{t['id']}#seat=0&token={t['seats'][0]['token']}")
    page.wait_for_function("document.getElementById('status').textContent.includes('can no longer be replayed')")
    page.wait_for_timeout(1000)                  # and it does not go back to "Connecting…"
    assert "Connecting" not in page.inner_text("#status")
    page.context.close()


def test_a_spectator_link_to_a_table_closed_to_spectators_says_so(server, browser):
    """The page said "Connecting…" for good once the banner with the reason had gone."""
    table = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}])
    assert server.post(f"/api/tables/{table['id']}/settings", {"host": table["host"], "spectators": False}).status_code == 200
    page = new_page(browser)
    page.goto(f"{server.url}/table/{table['id']}#watch")
    page.wait_for_function("document.getElementById('status').classList.contains('status-bad')")
    assert page.inner_text("#status") == "the host does not let anyone watch this table"
    assert page.evaluate("document.body.dataset.step") is None            # nothing of the game was sent
    assert not page.errors
    page.context.close()
