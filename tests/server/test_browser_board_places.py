"""Things seen in screenshots, checked in a real browser (Playwright, Debian's Chromium): every choice
that names no card ("pass", "buy 1 life", "end turn", "choose Boss"...) has a place on the board,
offered by the board's own binder; names typed on the start page are on the board; the log's heading
stays put while its entries scroll; in Life Siphon at 1280x800 your hand is in sight; on a phone the
choices sheet is one row high and your quadrant is in sight above it.

Positions are reached by playing random moves through the seats' WebSockets (tests/server/helpers.py),
then the seat to move opens its page."""

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .helpers import Client
from .test_browser import browser, new_page, shot, step_of  # noqa: F401 (the fixture)

# For each game, the choices that were only in the list, each as a pattern of its text (and, for the
# three-player Lich Lords, a skill chosen for a skeleton possessed on a bone pile: "bone pile N" decides).
NAMELESS = {
    ("spirit-link", 2, ()): ["^buy 1 life$", "^trade 3 for 2$", "^pass$", "^no transformation$", "^stop discarding$"],
    ("life-siphon", 2, (("familiars", "on"), ("vials", "on"))): [
        "^end turn$", "^take no River card$", "^pass$", "^equip Aspect of ", "^do not move$", "^end attacks$"],
    ("bad-baby-lich-lords", 2, ()): ["^end turn$", "^choose "],
    ("bad-baby-lich-lords", 3, ()): ["^choose "],
}
ON_BONE_PILE = {("bad-baby-lich-lords", 3, ())}


class Seats:
    """A table's seats through their WebSockets: random moves until a wanted choice is legal."""

    def __init__(self, server, game, players, options, seed):
        self.table = server.create(game, players=players, options=options, seed=seed,
                                   seats=[{"agent": None} for _ in range(players)])
        self.clients = {}
        for i, s in enumerate(self.table["seats"]):
            if s["token"]:
                self.clients[i] = Client(server)
                assert self.clients[i].hello(self.table["id"], i, s["token"])["type"] == "state"
        self.step = 0

    def state(self):
        for c in self.clients.values():
            c.at_step(self.step)
        return next(iter(self.clients.values())).state

    def play_until(self, wanted, rng, limit=1500):
        """Random moves until the seat to move may take an action ``wanted(state)`` accepts; its seat."""
        for _ in range(limit):
            st = self.state()
            if st["over"]:
                return None
            seat = st["to_move"]
            mine = self.clients[seat].state
            if wanted(mine):
                return seat
            self.clients[seat].send({"type": "move", "action": rng.choice(mine["legal"])["id"], "step": self.step})
            self.step += 1
        return None

    def link(self, server, seat):
        return f"{server.url}/table/{self.table['id']}#seat={seat}&token={self.table['seats'][seat]['token']}"

    def close(self):
        for c in self.clients.values():
            c.close()


FIND = """([pattern, where]) => {
  // tap each playable thing on the board (the binder's click) and read what its popover offers
  const wanted = new RegExp(pattern);
  for (const node of document.querySelectorAll('#board .playable')) {
    node.click();
    const offered = [...document.querySelectorAll('#popover .action')].map((a) => a.textContent);
    document.getElementById('popover').hidden = true;
    const hit = offered.find((t) => wanted.test(t));
    if (hit && (!where || node.matches(where))) {
      node.dataset.found = 'yes';
      return hit;
    }
  }
  return null;
}"""


@pytest.mark.parametrize("case", list(NAMELESS), ids=lambda c: f"{c[0]}-{c[1]}")
def test_every_choice_that_names_no_card_has_a_place_on_the_board(server, browser, case):
    game, players, options = case
    left = list(NAMELESS[case])
    bone_pile = case in ON_BONE_PILE
    where = "[data-bone-pile]" if bone_pile else ""
    page = new_page(browser)
    rng = random.Random(5)
    for seed in range(12):
        if not left:
            break
        seats = Seats(server, game, players, dict(options), seed)
        try:
            while left:
                def wanted(st):
                    texts = [a["text"] for a in st["legal"]]
                    decision = st["view"].get("decision") or {}
                    if bone_pile and not str(decision.get("card", "")).startswith("bone pile"):
                        return False
                    return any(re.search(p, t) for p in left for t in texts)
                seat = seats.play_until(wanted, rng)
                if seat is None:
                    break
                page.goto("about:blank")            # another seat of the same table: a new page, not a new hash
                page.goto(seats.link(server, seat))
                page.wait_for_function(f"document.body.dataset.step === '{seats.step}' && document.body.dataset.mine === 'true'")
                pattern = next(p for p in left if any(re.search(p, a["text"]) for a in seats.clients[seat].state["legal"]))
                # the choice is on the board: a tap on its place there offers it (with the mouse, as a person)
                text = page.evaluate(FIND, [pattern, where])
                listed = page.locator("#legal .action").all_inner_texts()
                assert text, f"no place on the {game} board offers '{pattern}' (the list offers {listed})"
                assert page.locator("#legal .action:not([data-on-board])").all_inner_texts() == []
                page.locator("#board [data-found='yes']").click()
                page.locator("#popover .action", has_text=re.compile(f"^{re.escape(text)}$")).click()
                page.wait_for_function(f"Number(document.body.dataset.step) > {seats.step}")
                seats.step += 1
                left.remove(pattern)
                if left == [] and game == "life-siphon":
                    shot(page, "life-siphon-controls")
        finally:
            seats.close()
    assert left == [], f"these choices were never legal in the games played: {left}"
    assert page.errors == []
    page.context.close()


def test_names_typed_on_the_start_page_are_on_the_board(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/?game=bad-baby-lich-lords")
    page.select_option("#players", "3")
    page.select_option("[data-seat='0']", "you")
    page.select_option("[data-seat='1']", "person")
    page.select_option("[data-seat='2']", "agent:random")
    page.fill("[data-name='0']", "Ann <b>")
    page.fill("[data-name='1']", "Bob")
    page.click("#create")
    page.wait_for_selector(".realms")
    tracks = page.locator(".noise-tracks")
    assert page.locator(".track", has_text="North (you)").locator(".player-who").inner_text() == "Ann <b>"
    assert "Bob" in tracks.inner_text() and "computer" in tracks.inner_text()
    assert page.locator("#board b").count() == 0                 # text, never markup
    assert page.errors == []
    page.context.close()


def test_the_log_scrolls_under_a_heading_that_stays_put(server, browser):
    seats = Seats(server, "spirit-link", 2, {"starting_hand": 3}, 4)
    try:
        seats.play_until(lambda st: False, random.Random(1), limit=40)
        page = new_page(browser, 1280, 800)
        page.goto(seats.link(server, 0))
        page.wait_for_function(f"document.body.dataset.step === '{seats.step}'")
    finally:
        seats.close()
    assert page.locator("#log li").count() > 40
    heading = page.locator(".log-panel h2")
    top = heading.bounding_box()["y"]
    # scroll the log to its middle: the heading does not move, and no entry shows over or above it
    page.evaluate("""() => { for (const n of [document.getElementById('log'), document.querySelector('.log-panel')]) {
        n.scrollTop = n.scrollHeight / 2; } }""")
    page.wait_for_timeout(100)
    assert heading.bounding_box()["y"] == top
    # every point of the panel from its top down to the heading's bottom shows the panel or the heading
    shown_above = page.evaluate("""() => {
        const panel = document.querySelector('.log-panel').getBoundingClientRect();
        const h = document.querySelector('.log-panel h2').getBoundingClientRect();
        const seen = new Set();
        for (let y = panel.top + 1; y < h.bottom; y += 1) {
          for (const x of [panel.left + 12, panel.left + 40, (panel.left + panel.right) / 2, panel.right - 12]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest('#log')) seen.add(hit.closest('li') ? hit.closest('li').textContent : 'the list');
          }
        }
        return [...seen];
    }""")
    assert shown_above == [], f"log entries show at the heading: {shown_above}"
    assert page.locator("#log li").last.is_visible()
    page.context.close()


def assert_in_sight(cards, height=800):
    """Every one of ``cards`` (at least one) lies in the window and takes a click at its middle."""
    assert cards.count() >= 1
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, f"a hand card is below the fold: {box}"
        assert cards.nth(i).evaluate("(n) => { const r = n.getBoundingClientRect();"
                                     " const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                                     " return n.contains(hit); }")


@pytest.mark.parametrize("game, options, seed, seat, board, hand", [
    ("life-siphon", {"familiars": "on", "vials": "on"}, 6, 2, ".ls-board", ".ls-player.mine .hand .card"),
    # the World, three other seats and your own seat below them
    ("life-and-legend", {}, 3, 1, ".lal-board", ".lal-area.hand.mine .card"),
])
def test_at_1280x800_your_hand_is_in_sight_without_scrolling(server, browser, game, options, seed, seat, board, hand):
    """Four seats of people: your hand stays in sight at the bottom of the window and takes clicks there."""
    table = server.create(game, players=4, options=options, seed=seed, seats=[{"agent": None} for _ in range(4)])
    page = new_page(browser, 1280, 800)
    page.goto(f"{server.url}/table/{table['id']}#seat={seat}&token={table['seats'][seat]['token']}")
    page.wait_for_selector(board)
    assert_in_sight(page.locator(hand))
    shot(page, f"{game}-4-hand")
    page.context.close()


def test_on_a_phone_the_choices_sheet_leaves_your_quadrant_in_sight(server, browser):
    seats = Seats(server, "life-siphon", 2, {}, 3)
    try:
        seat = seats.play_until(lambda st: st["to_move"] == 1 and len(st["legal"]) > 3, random.Random(2))
        assert seat == 1
        page = new_page(browser, 390, 844)
        page.goto(seats.link(server, 1))
        page.wait_for_function(f"document.body.dataset.step === '{seats.step}' && document.body.dataset.mine === 'true'")
    finally:
        seats.close()
    sheet = page.locator("#choices").bounding_box()
    assert sheet["height"] <= 844 / 6, f"the choices sheet is {sheet['height']}px high"
    # your quadrant's head is what a tap at it hits, once the page has laid itself out (fonts and
    # the sheet settle after the first draw: asked again until then, at most 5 s)
    try:
        page.wait_for_function("() => { const n = document.querySelector('.quadrant.mine .quad-head');"
                               " if (!n) return false; const r = n.getBoundingClientRect();"
                               " const hit = document.elementFromPoint(r.left + 20, r.top + r.height / 2);"
                               " return hit !== null && n.closest('.quadrant').contains(hit); }", timeout=5000)
    except PlaywrightTimeout:
        raise AssertionError("your quadrant is hidden") from None
    shot(page, "life-siphon-phone-sheet")
    # every choice is one tap away in the sheet's row, and "More" opens the whole panel
    first = page.locator("#legal .action").first
    assert first.is_visible()
    page.click("#sheet-toggle")
    assert page.locator("#why-form").is_visible()
    assert page.locator("#choices").bounding_box()["height"] > sheet["height"]
    before = step_of(page)
    first.click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    assert page.errors == []
    page.context.close()
