"""A board's words as a person reads them, in a real browser (Playwright, Debian's Chromium), on
a table of every game: no glossary term marked on a board (terms.js) swallows the space beside it
("Health24/30" in Spirit Link's bars), and no designed card's ✎ sits on its name (Bad Baby Lich
Lords' minions had it over their last letters); long names stay on a phone's screen."""

import pytest

from .test_browser import browser, new_page, shot  # noqa: F401 (the fixture)

# Text a flex or grid box lays out as items of its own loses the spaces at its ends: "Health" marked
# as a term, then " 24/30", read "Health24/30".
SPACES_LOST = """() => {
  const lost = [];
  const walk = document.createTreeWalker(document.querySelector('#board'), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const n = walk.currentNode;
    if (!/flex|grid/.test(getComputedStyle(n.parentElement).display)) continue;
    if ((/^\\s/.test(n.nodeValue) && n.previousSibling) || (/\\s$/.test(n.nodeValue) && n.nextSibling)) {
      lost.push(n.parentElement.textContent);
    }
  }
  return lost;
}"""

# Every designed card's ✎ and the rectangles its name's letters take: none may meet.
MARKS_ON_NAMES = """() => {
  const hit = [];
  for (const mark of document.querySelectorAll('#board .designed-mark')) {
    const name = mark.parentElement.querySelector('.card-name');
    if (!name) continue;
    const m = mark.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(name);
    for (const r of range.getClientRects()) {
      if (r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom) { hit.push(name.textContent); break; }
    }
  }
  return [document.querySelectorAll('#board .designed-mark').length, hit];
}"""


@pytest.mark.parametrize("game, players, options, seed", [
    ("spirit-link", 2, {}, 1),
    ("life-siphon", 2, {"familiars": "on", "vials": "on"}, 2),
    ("bad-baby-lich-lords", 2, {}, 7),
    ("bad-baby-lich-lords", 1, {"mode": "solitaire"}, 3),
    ("life-and-legend", 2, {}, 4),
])
@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_board_words_keep_their_spaces_and_designed_marks_stay_off_names(server, browser, game, players, options,
                                                                       seed, width, height):
    seats = [{"agent": None}] + [{"agent": "heuristic"}] * (players - 1)
    table = server.create(game, players=players, options=options, seed=seed, seats=seats)
    page = new_page(browser, width, height)
    page.goto(f"{server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.wait_for_selector("#board .term")         # the glossary's terms are marked
    assert page.evaluate(SPACES_LOST) == []
    marks, on_names = page.evaluate(MARKS_ON_NAMES)
    assert on_names == [], f"a ✎ covers part of these names: {on_names}"
    if game == "spirit-link":
        assert page.locator(".bar-health .bar-text").first.inner_text() == "Health 24/30"
    else:
        assert marks > 0                            # designed cards are on these boards
    shot(page, f"board-text-{game}-{players}-{width}")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("game, players, options", [
    ("spirit-link", 2, {}),
    ("life-siphon", 4, {}),
    ("bad-baby-lich-lords", 4, {"mode": "teams"}),
    ("life-and-legend", 4, {}),
])
def test_long_names_stay_on_a_phones_screen(server, browser, game, players, options):
    """Names of 24 letters without a space (the most the start page takes) pushed a seat's tags
    ("to move") and its life past the right edge of a 390 px screen."""
    name = "W" * 24
    table = server.create(game, players=players, options=options, seed=2,
                          seats=[{"agent": None, "name": name} for _ in range(players)])
    page = new_page(browser, 390, 844)
    page.goto(f"{server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.wait_for_selector("#board .term")
    assert page.locator("#board", has_text=name).count() == 1
    past = page.evaluate("[...document.querySelectorAll('#board *, .bar-top *')]"
                         ".filter((n) => n.getBoundingClientRect().right > 390).map((n) => n.className || n.tagName)")
    assert past == [] and page.evaluate("document.documentElement.scrollWidth") == 390
    shot(page, f"long-names-{game}-phone")
    assert page.errors == []
    page.context.close()
