"""The my-tables link in a real browser (Playwright, Debian's Chromium): a person sits at a table,
makes their my-tables link on the start page, and opens it in another browser with nothing stored:
the start page lists the table and resumes the seat. The start page's buttons answer before the
games' catalogue has come."""

from .test_browser import browser, new_page, shot  # noqa: F401 (the fixture)


def test_my_tables_link_resumes_a_seat_in_another_browser(server, browser):
    first = new_page(browser)
    first.goto(server.url + "/?game=spirit-link")
    first.select_option("[data-seat='0']", "you")
    first.select_option("[data-seat='1']", "agent:heuristic")
    first.click("#create")
    first.wait_for_function("document.body && document.body.dataset.step !== undefined && document.body.dataset.step !== ''")
    table_id = first.url.split("/table/")[1].split("#")[0]
    first.goto(server.url + "/")
    first.click("#my-link-make")
    link = first.locator("#my-link")
    first.wait_for_function("document.getElementById('my-link').value.includes('#me=')")
    url = link.input_value()
    assert url.startswith(server.url + "/#me=")
    shot(first, "my-tables-link")

    other = new_page(browser)                  # another device: nothing in its storage
    other.goto(url)
    entry = other.locator(f"#mine-list a[href*='{table_id}']")
    entry.wait_for()
    assert "#me=" not in other.url            # the secret leaves the address bar
    entry.click()
    other.wait_for_url(f"**/table/{table_id}#*")
    other.wait_for_function("document.body && document.body.dataset.step !== undefined && document.body.dataset.step !== ''")
    assert "you are North" in other.inner_text("#title")
    other.wait_for_function("document.body.dataset.mine === 'true' || document.body.dataset.over === 'true'")
    assert other.errors == [] and first.errors == []

    # re-issued on the first browser: the old link lists nothing any more
    first.click("#my-link-reissue")
    first.wait_for_function(f"document.getElementById('my-link').value !== {url!r}")
    third = new_page(browser)
    third.goto(url)
    third.wait_for_function("document.getElementById('mine-list').textContent.length > 0")
    assert "does not work" in third.inner_text("#mine-list")


def test_the_start_pages_buttons_answer_before_the_games_catalogue_has_come(server, browser):
    """On a slow connection (here: the catalogue held back), "Make my tables link" did nothing when
    clicked before /api/games had answered, and "Create the table" sent the bare form to "/?"."""
    page = new_page(browser)
    held = []
    page.route("**/api/games", lambda route: held.append(route))
    page.goto(server.url + "/")
    page.click("#my-link-make")
    page.wait_for_function("document.getElementById('my-link').value.includes('#me=')")
    assert held and page.locator("#create").is_disabled()
    held[0].continue_()
    page.wait_for_function("!document.getElementById('create').disabled")
    assert page.locator("#game option").count() >= 4 and page.url == server.url + "/"
    assert page.errors == []
