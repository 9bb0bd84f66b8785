"""Clocks and resigning in a real browser (Playwright, Debian's Chromium): a table created on the
start page with a clock shows each seat's time, the running one counting down, until the person
resigns (two clicks); a clock that runs out ends the game on the page ("ran out of time") and
shows that seat with no time left; where the computer then plays for it, its clock says so."""

import re

from .helpers import seat
from .test_browser import browser, new_page, shot  # noqa: F401 (the fixture)


def test_the_clock_counts_down_and_runs_out(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/?game=spirit-link")
    page.select_option("[data-seat='0']", "you")
    page.select_option("[data-seat='1']", "agent:heuristic")
    # what happens when a clock runs out is asked only once there is a clock
    assert page.locator("#on-timeout").is_hidden()
    page.select_option("#clock", "rt:5:5")
    assert page.locator("#on-timeout").is_visible()
    page.click("#create")
    running = page.locator(".clock-seat.running")
    running.wait_for()
    first = running.inner_text()
    # North's five minutes, counting down since the table was made (a busy machine may take a while
    # to draw the page: a minute's slack)
    assert re.match(r"North (5:00|4:[0-5]\d)", first), first
    page.wait_for_function(f"document.querySelector('.clock-seat.running').textContent !== {first!r}")
    assert page.locator(".clock-seat[data-clock='1']").inner_text() == "South 5:00"
    shot(page, "clock")
    page.click("#resign-btn")                             # resigning takes two clicks
    assert page.inner_text("#resign-btn") == "Really resign?"
    page.click("#resign-btn")
    page.wait_for_function("document.body.dataset.over === 'true'")
    assert "North resigned: South wins." in page.inner_text("#status")
    assert page.locator("#resign-btn").is_hidden() and page.locator("#clock .running").count() == 0

    r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": None}, {"agent": None}],
                                    "clock": {"minutes": 0.05}, "on_timeout": "lose"})
    table = r.json()
    other = new_page(browser)
    tid, s, token = seat(table, 1)
    other.goto(f"{server.url}/table/{tid}#seat={s}&token={token}")
    short = new_page(browser)
    tid, s, token = seat(table, 0)
    short.goto(f"{server.url}/table/{tid}#seat={s}&token={token}")
    short.wait_for_function("document.body.dataset.over === 'true'", timeout=30000)
    assert "North ran out of time: South wins." in short.inner_text("#status")
    # the finished table's clock says so too: no time left for North (it showed the 0:03 it started with)
    assert short.locator(".clock-seat[data-clock='0']").inner_text() == "North 0:00"
    assert short.locator(".clock-seat[data-clock='1']").inner_text() == "South 0:03"
    assert page.errors == [] and short.errors == [] and other.errors == []


def test_a_seat_out_of_time_at_a_table_where_the_computer_plays_on_says_so(server, browser):
    """With "the computer plays their move", a seat whose clock ran out saw its moves made at once
    with nothing saying why: its clock now says the computer plays for it."""
    table = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": None}, {"agent": None}],
                                        "clock": {"minutes": 0.05}, "on_timeout": "agent"}).json()
    pages = []
    for i in (0, 1):
        page = new_page(browser)
        tid, s, token = seat(table, i)
        page.goto(f"{server.url}/table/{tid}#seat={s}&token={token}")
        pages.append(page)
    north = pages[0]
    north.wait_for_function("document.querySelector(\".clock-seat[data-clock='0']\")"
                            " && document.querySelector(\".clock-seat[data-clock='0']\").textContent.includes('out of time')",
                            timeout=30000)
    assert north.inner_text(".clock-seat[data-clock='0']") == "North: out of time, the computer plays"
    assert int(north.evaluate("document.body.dataset.step")) >= 1 and north.evaluate("document.body.dataset.over") == "false"
    shot(north, "clock-out-of-time-agent")
    assert north.errors == [] and pages[1].errors == []
