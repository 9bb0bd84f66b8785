"""The Learn page in Chromium, for every game: from the start page's "Learn" entry to lesson 1, its
wrong move explained, its illegal move answered with the rule, its moves to the end, then the next
lesson; a screenshot of each game's lesson in tests/server/artifacts/ (git-ignored)."""

import pytest

import tabletome
from tabletome.core.lessons import lessons

from .test_browser import browser, new_page, shot  # noqa: F401  (browser is a fixture)

GAMES = [g for g in tabletome.games() if lessons(tabletome.game(g))]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_in_the_browser(server, browser, game_id):  # noqa: F811
    every = lessons(tabletome.game(game_id))
    les = every[0]
    page = new_page(browser)
    page.goto(server.url + "/")
    page.locator(f'a[data-learn="{game_id}"]').click()
    page.wait_for_function(f"document.body && document.body.dataset.lesson === '{game_id}-1'")
    assert les.goal in page.locator("#lesson-goal").inner_text()
    assert les.section in page.locator("#lesson-quote").inner_text()
    assert page.locator("#board").inner_text().strip()          # the game's own board is drawn

    page.locator("#legal .action", has_text=les.wrong.move).first.click()
    page.locator("#verdict.verdict-wrong").wait_for()
    assert les.wrong.why[:40] in page.locator("#verdict").inner_text()

    page.fill("#typed-move", les.illegal.move)
    page.click("#typed button[type=submit]")
    page.locator("#verdict.verdict-illegal").wait_for()
    assert "The rule:" in page.locator("#verdict").inner_text()
    shot(page, f"learn-{game_id}")

    for i, move in enumerate(les.moves):
        page.locator(f'#legal .action[data-action="{move}"]').click()
        page.wait_for_function("document.querySelectorAll('#legal .action').length === 0 || "
                               "document.querySelector('#verdict.verdict-right, #verdict.verdict-done') !== null")
        page.locator("#verdict.verdict-right, #verdict.verdict-done").wait_for()
    page.wait_for_function("document.body && document.body.dataset.done === 'true'")
    assert les.done[:40] in page.locator("#verdict").inner_text()
    shot(page, f"learn-{game_id}-done")

    page.click("#next-btn")
    page.wait_for_function(f"document.body && document.body.dataset.lesson === '{game_id}-2'")
    assert every[1].title in page.locator("#lesson-title").inner_text()
    assert page.errors == []


def test_a_tap_on_a_term_shows_the_rulebooks_words(server, browser):  # noqa: F811
    from tabletome.core.glossary import lookup

    game = tabletome.game("life-and-legend")
    page = new_page(browser)
    page.goto(server.url + "/learn#game=life-and-legend&lesson=1")
    page.wait_for_function("document.body && document.body.dataset.lesson === 'life-and-legend-1'")
    page.locator("#board .term").first.wait_for()
    names = set(page.eval_on_selector_all("#board .term", "ns => ns.map(n => n.dataset.term)"))
    assert {"Trauma", "Completed Wander", "Life Story"} <= names, names
    page.locator('#board .term[data-term="Trauma"]').first.click()
    pop = page.locator("#popover")
    pop.wait_for()
    term = lookup(game, "Trauma")[0]
    assert term.text[:50] in pop.inner_text() and f"rulebook: {term.section}" in pop.inner_text()
    shot(page, "learn-term-popover")

    table = server.create("life-siphon", players=2, seats=[{"agent": "heuristic"}, {"agent": "heuristic"}], seed=3)
    page.goto(server.url + f"/table/{table['id']}#watch")
    page.locator("#board .term").first.wait_for()
    page.locator('#board .term[data-term="Battleground"]').first.click()
    assert "Only Familiars in the Battleground are able to attack and block." in page.locator("#popover").inner_text()
    assert page.errors == []


def test_the_start_page_offers_difficulty_levels(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server.url + "/")
    page.select_option("#game", "spirit-link")
    who = page.locator("[data-seat='1']")
    assert who.input_value() == "level:normal"
    assert "Computer: hard (ISMCTS search" in who.inner_text()
    page.select_option("[data-seat='0']", "you")
    page.select_option("[data-seat='1']", "level:hard")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.locator("#status").wait_for()
    table_id = page.url.split("/table/")[1].split("#")[0]
    seats = server.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["agent"] == "ismcts" and seats[0]["agent"] is None
    assert page.errors == []


def test_why_not_at_a_live_table(server, browser):  # noqa: F811
    table = server.create("spirit-link", seed=3, seats=[{"agent": None}, {"agent": "heuristic"}])
    north = table["seats"][0]
    page = new_page(browser)
    page.goto(server.url + f"/table/{table['id']}#seat=0&token={north['token']}")
    page.wait_for_function("document.body && document.body.dataset.mine === 'true'")
    page.fill("#why-text", "play Foxfire")
    page.click("#why-form button[type=submit]")
    page.locator("#why-box.verdict-illegal").wait_for()
    shown = page.locator("#why-box").inner_text()
    assert "Not now: 'play Foxfire' is not legal now" in shown
    assert "(rulebook: Game cards, Information, phases, etc. - 2. Preperation phase)" in shown
    assert "The rule, ability card:" in shown
    shot(page, "why-not")
    page.locator('#board .card[data-card="Ice-Fangs"]').click()          # a greyed card: no action now
    page.locator("#popover button.why").click()
    page.wait_for_function("document.querySelector('#why-box').innerText.includes(\"Not now: 'Ice-Fangs'\")")
    shown = page.locator("#why-box").inner_text()
    assert "Not now: 'Ice-Fangs'" in shown and "The rule, ability card:" in shown
    assert page.errors == []


def test_our_rulings_in_the_decision_heading_and_why_not(server, browser):  # noqa: F811
    """The decision heading names the moment and its section, then the rulings of ours that apply
    (folded, each marked as ours with its id); "why not?" quotes the ruling on the move as ours."""
    table = server.create("spirit-link", seed=3, seats=[{"agent": None}, {"agent": "heuristic"}])
    north = table["seats"][0]
    page = new_page(browser)
    page.goto(server.url + f"/table/{table['id']}#seat=0&token={north['token']}")
    page.wait_for_function("document.body && document.body.dataset.mine === 'true'")
    page.locator("#choices details.rulings-ours").wait_for()
    prompt = page.locator("#prompt").inner_text()
    assert "2. Preparation phase" in prompt and "(rulebook: Game cards, Information, phases, etc. - 2. Preperation phase)" in prompt
    assert page.locator("#choices details.rulings-ours summary").inner_text().startswith("Ours (RULES.md, not printed): sl-2")
    page.locator("#choices details.rulings-ours summary").click()
    shown = page.locator("#choices details.rulings-ours").inner_text()
    assert "(our ruling sl-4, RULES.md — not printed)" in shown and "Must you transform?" in shown
    shot(page, "rulings-heading")
    page.locator("#choices details.rulings-ours summary").click()          # folded again
    page.fill("#why-text", "play Ice-Fangs")
    page.click("#why-form button[type=submit]")
    page.locator("#why-box .ruling-ours").first.wait_for()
    rulings = page.locator("#why-box .ruling-ours").all_inner_texts()
    assert [r.split("(our ruling ")[1].split(",")[0] for r in rulings] == ["sl-5", "sl-6"]
    assert all(r.startswith("Ours: ") and "not printed" in r for r in rulings)
    rulebook = " ".join(page.locator("#why-box .verdict-rule").all_inner_texts())
    assert "Nothing can be paid with mana you do not have" not in rulebook
    shot(page, "rulings-why-not")
    assert page.errors == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_learn_page_fits_a_phone(server, browser, game_id):  # noqa: F811
    """At 390 px nothing reaches past the screen's edge: the lesson list's longest title widened Life
    Siphon's and Life & Legend's pages to 480 px, to be scrolled sideways."""
    page = new_page(browser, 390, 844)
    page.goto(f"{server.url}/learn#game={game_id}&lesson=1")
    page.wait_for_function(f"document.body && document.body.dataset.lesson === '{game_id}-1'")
    page.locator("#board .term").first.wait_for()
    wide = page.evaluate("[...document.querySelectorAll('body *')].filter((n) => n.getBoundingClientRect().right > 390)"
                         ".map((n) => n.id || n.className || n.tagName)")
    assert wide == [] and page.evaluate("document.documentElement.scrollWidth") == 390
    assert page.locator("#learn-lesson").is_visible()
    shot(page, f"learn-{game_id}-phone")
    assert page.errors == []


def test_a_move_typed_before_the_lessons_have_come_stays_in_the_box(server, browser):  # noqa: F811
    """On a slow connection (here: the lessons held back), Enter in the move box sent the form as a
    page request: the page reloaded at the first game's first lesson, and the move was lost."""
    page = new_page(browser)
    held = []
    page.route("**/api/learn", lambda route: held.append(route))
    address = f"{server.url}/learn#game=life-siphon&lesson=3"
    page.goto(address)
    page.fill("#typed-move", "end turn")
    page.press("#typed-move", "Enter")
    assert held and page.url == address and page.input_value("#typed-move") == "end turn"
    held[0].continue_()
    page.wait_for_function("document.body && document.body.dataset.lesson === 'life-siphon-3'")
    assert page.errors == []
