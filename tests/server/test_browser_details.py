"""Small things seen in screenshots, checked in a real browser (Playwright, Debian's Chromium): the
icon is served, and an uploaded unfinished record says whose move it was rather than waiting for
an "open seat"; a chat message that could not be sent says so; the start page's seat choices are
wide enough to read; a hint names its choices and what its numbers are."""

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


def test_a_chat_message_sent_while_the_connection_is_lost_says_so_and_is_kept(fresh_server, browser):
    """It vanished without a word: the box kept it, but nothing said it was not sent."""
    server = fresh_server()
    table = server.create("spirit-link", seats=[{"agent": None}, {"agent": None}])
    page = new_page(browser)
    page.goto(f"{server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.wait_for_function("document.body.dataset.step === '0'")
    server.kill()
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Connection lost')")
    page.fill("#chat-text", "are you there?")
    page.press("#chat-text", "Enter")
    assert page.locator("#banner").is_visible()
    assert page.inner_text("#banner").startswith("Not connected; your message was not sent")
    assert page.input_value("#chat-text") == "are you there?" and page.locator("#chat-log li").count() == 0
    assert page.errors == []


def test_the_start_pages_seat_choice_shows_the_computers_level(server, browser):
    """Beside the name box, a 300 px column cut "Computer: normal" to "Computer: nc"."""
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(browser, width, height)
        page.goto(server.url + "/?game=life-siphon")
        page.select_option("#players", "4")
        page.locator("select[data-seat='3']").wait_for()
        room = page.evaluate("""() => [...document.querySelectorAll('select[data-seat]')].map((s) => {
          const text = s.options[s.selectedIndex].text.split(' (')[0];       // "Computer: normal"
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = getComputedStyle(s).font;
          return [text, s.clientWidth - 30 - ctx.measureText(text).width];    // 30 px: padding and arrow
        })""")
        assert [t for t, _ in room] == ["You", "Computer: normal", "Computer: normal", "Computer: normal"]
        assert all(left >= 0 for _, left in room), (width, room)
        assert page.errors == []
        page.context.close()


def test_a_hint_names_choices_with_their_chances_and_a_solo_hint_says_what_its_number_is(server, browser):
    """A solo game's hint said "expected score" over numbers shown as percentages; the terminal says
    "expected score (0-100%)"."""
    for players, options, measure in ((2, {}, "win chance"), (1, {"mode": "madness"}, "expected score (0-100%)")):
        table = server.create("life-siphon", players=players, options=options, seed=3,
                              seats=[{"agent": None}] + [{"agent": "heuristic"}] * (players - 1))
        page = new_page(browser)
        page.goto(f"{server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
        page.wait_for_function("document.body.dataset.mine === 'true'")
        page.click("#hint-btn")
        page.locator(".hint-row").first.wait_for(timeout=60000)
        assert f"The computer's best choices ({measure}; it sees only what you see):" in page.inner_text("#hint-box")
        legal = set(page.locator("#legal .action").all_inner_texts())
        for row in page.locator(".hint-row").all():
            text, chance = row.locator("span").all_inner_texts()
            assert text in legal and chance.endswith("%") and 0 <= int(chance[:-1]) <= 100
        assert page.locator("#legal .action.hinted").count() == page.locator(".hint-row").count()
        assert page.errors == []
        page.context.close()


def test_chat_messages_refused_as_too_many_at_once_come_back_to_the_box(fresh_server, browser):
    """Past the chat's burst the server refuses a message (at most 5 at once, then one every 2 s):
    the ones refused came back nowhere, lost; they are put back in the box, in the order sent."""
    server = fresh_server()
    table = server.create("spirit-link", seats=[{"agent": None}, {"agent": None}])
    page = new_page(browser)
    page.goto(f"{server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.wait_for_function("document.body.dataset.step === '0'")
    # seven messages sent before any answer can come (a refusal arriving while the next is typed
    # would be typed over, as it would be under a person's fingers)
    page.evaluate("""() => {
      const form = document.getElementById('chat-form'), box = document.getElementById('chat-text');
      for (let i = 1; i <= 7; i++) { box.value = 'm' + i; form.requestSubmit(); }
    }""")
    page.wait_for_function("document.getElementById('chat-text').value === 'm6 m7'")
    page.wait_for_function("document.querySelectorAll('#chat-log li').length === 5")
    assert "m5" in page.inner_text("#chat-log") and "m6" not in page.inner_text("#chat-log")
    assert page.inner_text("#banner").startswith("too many chat messages")
    assert "your message is back in the box" in page.inner_text("#banner")
    assert page.errors == []
