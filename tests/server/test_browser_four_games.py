"""Two strangers play each of the four games to the end in real browsers (Playwright, Debian's
Chromium), on two server processes sharing one PostgreSQL database: Ann's public table waits in the
lobby (a clock of an hour each, her name on it); Bob, on the other process, finds it on the start
page, types his name and takes the open seat. Both names are on both boards and the clock runs;
Bob says hello in the chat; Ann makes her first moves by clicking the board and asks to take one
back, which Bob accepts where the rule allows it; then both pages click random legal choices, on the
board wherever the board offers them, until the game is over. At every decision each choice in the
list must also have its place on the board (the list's ``data-on-board``, set from the board's
binder). Short options keep each game to a few hundred moves."""

import re

import pytest

import tabletome
from tabletome.undo import undo_point

from .helpers import ServerProcess
from .test_browser import browser, click_once, new_page, shot, step_of  # noqa: F401 (the fixture)

# Each game with options that keep it short, the seed of its table and of the clicks, and the choices
# the clicks prefer (taking the game towards its end) or pass over (healing, trading cards, ending a
# turn early) while there are others. The seeds make short games (search_seeds below).
GAMES = {
    "spirit-link": {"options": {"starting_hand": 3}, "seed": 13, "prefer": [],
                    "avoid": ["^buy ", "^trade ", "^cast Life-Spring", "^no transformation"]},
    "life-siphon": {"options": {}, "seed": 5, "prefer": [],
                    "avoid": ["^end turn$", "^take no River", "to Summoning Area$", "to Movement Row$", "^pass$"]},
    "bad-baby-lich-lords": {"options": {}, "seed": 15, "prefer": [], "avoid": ["^end turn$", "^burn "]},
    "life-and-legend": {"options": {}, "seed": 7, "avoid": [],
                        "prefer": ["^draw the top Legend", "^wander on the top", "^fill space", "^end phase$", "^done$",
                                   "^decline$", "^pass$", "^no contest$"]},
}
FIRST = 4            # the first decisions are clicked with the mouse; then the pages click by themselves
BOARD = 0.5          # how often a choice is clicked on the board rather than in the list


class Clicks:
    """The random choices of one seat: a linear congruential generator that the page's script
    (AUTOPLAY) runs exactly the same way, so the whole game is known in advance (``expected``)."""

    def __init__(self, seed: int):
        self.s = seed & 0xFFFFFFFF

    def rand(self) -> float:
        self.s = (self.s * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.s / 4294967296

    def pick(self, texts, prefer, avoid) -> int:
        """The index of the choice among ``texts`` (then one draw for board or list, as the page does)."""
        pool = [i for i, t in enumerate(texts) if any(re.search(p, t) for p in prefer)]
        pool = pool or [i for i, t in enumerate(texts) if not any(re.search(a, t) for a in avoid)]
        pool = pool or list(range(len(texts)))
        k = pool[int(self.rand() * len(pool))]
        self.board = self.rand() < BOARD
        return k


def expected(game: str) -> list[str]:
    """The actions of the whole game as the two seats' clicks play it, Ann's first undo included."""
    cfg = GAMES[game]
    state = tabletome.game(game).new(players=2, seed=cfg["seed"], **cfg["options"])
    clicks = [Clicks(cfg["seed"] * 10), Clicks(cfg["seed"] * 10 + 1)]
    made, undone = 0, False
    while not state.is_over:
        seat = state.to_move
        legal = state.legal_actions()
        state.apply(legal[clicks[seat].pick([a.text for a in legal], cfg["prefer"], cfg["avoid"])])
        made += 1
        if seat == 0 and not undone and made <= FIRST and not state.is_over:
            point = undo_point(state, 0, {1}, set())
            if point.state is not None:
                state, undone = point.state, True
    return state.record()["actions"], undone


def search_seeds(game: str, seeds=range(40)) -> list:
    """The seeds that make the shortest games (run by hand to choose GAMES' seeds)."""
    lengths = []
    for seed in seeds:
        GAMES[game]["seed"] = seed
        actions, undone = expected(game)
        lengths.append((len(actions), undone, seed))
    return sorted(lengths)


# The same clicks in the page, by its own script, whenever it is this seat's turn until the game is
# over: the choice's place on the board, then the action in its popover (the nodes the board's binder
# made), or the list's button. Every list choice without a place on the board is noted.
AUTOPLAY = """({seed, prefer, avoid, board}) => {
  let s = seed >>> 0;
  const rand = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
  const res = window.autoplay = {moves: 0, unbound: [], errors: []};
  const first = prefer.map((a) => new RegExp(a));
  const skip = avoid.map((a) => new RegExp(a));
  let last = null;
  const tick = () => {
    const b = document.body.dataset;
    if (b.over === "true") return;
    try {
      if (b.mine === "true" && b.step !== last) {
        const buttons = [...document.querySelectorAll("#legal .action")];
        if (buttons.length && !buttons[0].disabled) {
          for (const x of buttons) if (!x.hasAttribute("data-on-board")) res.unbound.push(x.dataset.action);
          const texts = buttons.map((x) => x.dataset.action);
          let pool = texts.map((t, i) => i).filter((i) => first.some((r) => r.test(texts[i])));
          if (!pool.length) pool = texts.map((t, i) => i).filter((i) => !skip.some((r) => r.test(texts[i])));
          if (!pool.length) pool = texts.map((t, i) => i);
          const pick = buttons[pool[Math.floor(rand() * pool.length)]];
          const onBoard = rand() < board;
          const id = pick.dataset.actionId;
          const place = document.querySelector(`#board [data-offers~="${id}"]`);
          if (place && onBoard) {
            place.click();
            document.querySelector(`#popover .action[data-action-id="${id}"]`).click();
          } else pick.click();
          last = b.step; res.moves++;
        }
      }
    } catch (e) { res.errors.push(String(e)); }
    setTimeout(tick, 5);
  };
  tick();
  return s;
}"""


@pytest.fixture(scope="module")
def two_processes(postgres, tmp_path_factory):
    """Ann's process and Bob's, on one fresh PostgreSQL database."""
    db = postgres.new_database()
    logs = tmp_path_factory.mktemp("four-games")
    procs = [ServerProcess(db, "--rate", "2000", log=logs / f"server{i}.log").start() for i in range(2)]
    yield procs
    for p in procs:
        p.stop()


def try_undo(ann, bob, before) -> bool:
    """Ann asks to take back her last decision; Bob accepts. False when the rule refuses it."""
    ann.click("#undo-btn")
    ann.wait_for_function("!document.getElementById('banner').hidden"
                          " || document.getElementById('status').textContent.includes('accept your undo')")
    if "accept your undo" not in ann.inner_text("#status"):
        assert "cannot undo" in ann.inner_text("#banner").lower()
        ann.evaluate("document.getElementById('banner').hidden = true")
        return False
    bob.locator("#undo-ask").wait_for(state="visible")
    bob.click("#undo-yes")
    for p in (ann, bob):
        p.wait_for_function(f"document.body.dataset.step === '{before}'")
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_two_strangers_meet_in_the_lobby_and_play_a_whole_game_on_two_processes(game, two_processes, browser):
    ann_server, bob_server = two_processes
    cfg = GAMES[game]
    r = ann_server.post("/api/tables", {
        "game": game, "players": 2, "options": cfg["options"], "seed": cfg["seed"], "public": True,
        "seats": [{"agent": None, "name": "Ann"}, {"agent": None, "open": True}],
        "clock": {"minutes": 60, "increment": 0}, "on_timeout": "lose"})
    assert r.status_code == 200, r.text
    table = r.json()
    ann = new_page(browser)
    ann.goto(f"{ann_server.url}/table/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    ann.wait_for_function("document.body.dataset.step === '0'")

    bob = new_page(browser)
    bob.goto(bob_server.url + "/")
    join = bob.locator(f"button.join[data-table='{table['id']}']")
    join.wait_for()
    bob.fill("#lobby-name", "Bob")
    join.click()
    # the click takes the page to the table: while it goes there the document has no body yet
    bob.wait_for_function("document.body !== null && document.body.dataset.step === '0'")
    pages = [ann, bob]
    for p in pages:
        # each seat's name on the board, and the clock of each seat
        p.wait_for_function("['Ann', 'Bob'].every((n) => [...document.querySelectorAll('#board .player-who')]"
                            ".some((x) => x.textContent === n))")
        assert p.locator("#clock .clock-seat").count() == 2 and p.locator("#clock").is_visible()
        # Undo is offered only once a seat has decided something (try_undo clicks it after Ann's move)
        assert p.locator("#resign-btn").is_visible() and not p.locator("#undo-btn").is_visible()

    bob.fill("#chat-text", f"hello Ann, good luck at {game}")
    bob.press("#chat-text", "Enter")
    ann.wait_for_function(f"document.getElementById('chat-log').textContent.includes('good luck at {game}')")

    # the first decisions with the mouse, on the board or in the list; Ann takes one back (Bob accepts)
    # as soon as the rule allows it (nothing revealed, no chance used)
    clicks = [Clicks(cfg["seed"] * 10), Clicks(cfg["seed"] * 10 + 1)]
    made, undone = 0, False
    while made < FIRST:
        seat = int(ann.evaluate("document.body.dataset.toMove"))
        mover = pages[seat]
        mover.wait_for_function("document.body.dataset.mine === 'true'")
        before = step_of(mover)
        assert mover.locator("#legal .action:not([data-on-board])").all_inner_texts() == []
        buttons = mover.locator("#legal .action")
        texts = [b.get_attribute("data-action") for b in buttons.all()]
        k = clicks[seat].pick(texts, cfg["prefer"], cfg["avoid"])
        action_id = buttons.nth(k).get_attribute("data-action-id")
        if clicks[seat].board:
            mover.locator(f"#board [data-offers~='{action_id}']").first.click()
            mover.locator(f"#popover .action[data-action-id='{action_id}']").click()
        else:
            buttons.nth(k).click()
        made += 1
        for p in pages:
            p.wait_for_function(f"Number(document.body.dataset.step) > {before}")
        if ann.evaluate("document.body.dataset.over") == "true":
            break
        if seat == 0 and not undone:
            undone = try_undo(ann, bob, before)
    shot(ann, f"four-games-{game}")

    for seat, p in enumerate(pages):
        p.evaluate(AUTOPLAY, {"seed": clicks[seat].s, "prefer": cfg["prefer"], "avoid": cfg["avoid"], "board": BOARD})
    for p in pages:
        p.wait_for_function("document.body.dataset.over === 'true'", timeout=240_000)
    assert "Game over" in ann.inner_text("#status")
    assert ann.inner_text("#status") == bob.inner_text("#status")
    for p in pages:
        result = p.evaluate("window.autoplay")
        assert result["errors"] == [] and result["unbound"] == [], result
    assert ann.errors == [] and bob.errors == []
    # the game the pages played is the one their clicks choose: every click made exactly its move
    actions, should_undo = expected(game)
    assert undone == should_undo
    assert ann_server.get(f"/api/tables/{table['id']}/record").json()["actions"] == actions
    assert step_of(ann) == step_of(bob) == len(actions)
    if game in ("spirit-link", "life-siphon"):
        assert undone, "no decision of Ann's could be taken back"
    for p in pages:
        p.context.close()
