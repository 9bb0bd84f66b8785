"""Small things seen in screenshots, checked in a real browser (Playwright, Debian's Chromium): the
icon is served, and an uploaded unfinished record says whose move it was rather than waiting for
an "open seat"."""

import tabletome

from .test_browser import browser, new_page  # noqa: F401 (the fixture)


def test_the_icon_and_an_unfinished_records_status(server, browser):
    r = server.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and b"<svg" in r.content
    state = tabletome.game("spirit-link").new(players=2, seed=3, starting_hand=3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    record = state.record()
    up = server.post("/api/records", record).json()
    assert not up["over"]
    page = new_page(browser)
    page.goto(f"{server.url}/table/{up['id']}#watch")
    page.wait_for_function("document.getElementById('status').textContent.includes('record')")
    status = page.inner_text("#status")
    assert status == f"An unfinished game's record: {state.seat_name(state.to_move)} was to move", status
    assert "open seat" not in page.inner_text("body")
    assert page.errors == []
