"""Playing by keyboard in a real browser (Playwright, Debian's Chromium): the table page's first Tab
stop leads to the choices (the board's cards and glossary terms came first: 35 Tabs to the first
choice), and a choice made with Enter keeps the focus in the choices for the next one (it fell
back to the top of the page after every move); a card's or a game term's popover takes the focus
and Escape gives it back; all a Tab reaches on a board is announced as a button."""

from .helpers import seat
from .test_browser import browser, new_page  # noqa: F401 (the fixture)

FOCUS = "(() => { const a = document.activeElement; return a.id || a.className; })()"


def north_at_spirit_link(server, browser):
    """North's page at a Spirit Link table against the heuristic, once North is to move."""
    table = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}], seed=4)
    tid, s, token = seat(table, 0)
    page = new_page(browser)
    page.goto(f"{server.url}/table/{tid}#seat={s}&token={token}")
    page.wait_for_function("document.body.dataset.mine === 'true'")
    page.locator("#board .term").first.wait_for()
    return page


def test_a_person_plays_by_keyboard_from_the_first_tab_stop(server, browser):
    page = north_at_spirit_link(server, browser)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS) == "skip-choices" and page.locator("#skip-choices").is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('#legal .action')")
    moves = 0
    while moves < 6:
        before = int(page.evaluate("document.body.dataset.step"))
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.step) > {before} && "
                               "(document.body.dataset.mine === 'true' || document.body.dataset.over === 'true')")
        if page.evaluate("document.body.dataset.over") == "true":
            break
        moves += 1
        # the next choice has the focus, so Enter makes the next move
        assert page.evaluate("document.activeElement.matches('#legal .action:not([disabled])')"), page.evaluate(FOCUS)
    assert moves == 6
    assert page.errors == []


def test_a_cards_popover_is_reached_and_left_by_keyboard(server, browser):
    """Enter on a card opened its popover, but Tab went on to the next card: what it offered could
    not be reached. Its first choice now takes the focus, Escape gives it back to the card, and a
    game term's popover does the same."""
    page = north_at_spirit_link(server, browser)
    card = page.locator("#board .card.playable").first
    name = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("Enter")
    assert page.locator("#popover").is_visible()
    assert page.evaluate("document.activeElement.matches('#popover .action')")
    page.keyboard.press("Escape")
    assert page.locator("#popover").is_hidden()
    assert page.evaluate("document.activeElement.dataset.card") == name
    term = page.locator("#board .term").first
    term.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('#popover button.close')")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.classList.contains('term')")
    card.focus()
    page.keyboard.press("Enter")
    before = int(page.evaluate("document.body.dataset.step"))
    page.keyboard.press("Enter")                               # the popover's first choice
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    assert page.errors == []


def test_whatever_the_keyboard_reaches_on_a_board_says_it_is_a_button(server, browser):
    """Cards, places and game terms a Tab reaches open a popover: screen readers announced them as
    plain text, not as something to press."""
    for game, players in (("spirit-link", 2), ("life-siphon", 2), ("bad-baby-lich-lords", 2), ("life-and-legend", 2)):
        table = server.create(game, players=players, seats=[{"agent": None}, {"agent": "heuristic"}], seed=2)
        tid, s, token = seat(table, 0)
        page = new_page(browser)
        page.goto(f"{server.url}/table/{tid}#seat={s}&token={token}")
        page.wait_for_function("document.body.dataset.mine === 'true'")
        page.locator("#board .term").first.wait_for()
        reached = page.evaluate("[...document.querySelectorAll('#board [tabindex=\"0\"]')]"
                                ".map((n) => [n.getAttribute('role'), n.getAttribute('aria-haspopup') || ''])")
        assert reached and all(r == ["button", "dialog"] for r in reached), (game, reached)
        assert page.errors == []
        page.context.close()
