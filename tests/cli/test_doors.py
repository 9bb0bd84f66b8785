"""What users hand the terminal program (card files, records, typed words, Ctrl-C) is input: it
never takes over the terminal, never leaks what a seat may not see, and stops cleanly.

Driven through a pseudo-terminal, as a person would (tests/cli/term.py)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

import tabletome

from .term import PROMPT, finish, plain, spawn

SPIRIT_CARDS = Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml"
# the payload of issue 27: retitles the terminal, rings its bell, clears the screen, paints it red
PAYLOAD = "\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b[41m"
CONTROLS = ("\x07", "\x1b]", "\x1b[2J", "\x1b[41m", "\u202e", "\x9b")


def hostile_card_file(tmp_path, payload: str = "") -> Path:
    """Spirit Link's own cards, with the Fox's text and a spell's name made hostile: a bidi override
    and rich markup (a card file may hold them), and ``payload`` (control codes it may not)."""
    text = SPIRIT_CARDS.read_text()
    text = text.replace('text = "Fox (1/0)"', f'text = "Fox (1/0){payload} \\u202eevil"')
    text = text.replace('name = "Mana-Recovery"', 'name = "[red]x[/red] [link=http://e.test]y"')
    assert "evil" in text and "[red]x" in text
    path = tmp_path / "hostile.toml"
    path.write_text(text)
    return path


def test_a_card_file_with_control_codes_is_refused_and_its_refusal_is_safe(tmp_path):
    """Escape sequences (C0) or a C1 CSI in a card's text are refused when the file is read, naming
    the card and the field; the refusal itself reaches the terminal without them."""
    for payload in (PAYLOAD, "\\u009b31m"):
        cards = hostile_card_file(tmp_path, payload)
        child = spawn("play", "spirit-link", "--cards", str(cards), "--seed", "3", "--no-save")
        raw = finish(child, status=2)
        text = plain(raw)
        assert "'Fox'" in text and "'text'" in text and "control character" in text, text
        for code in CONTROLS:
            assert code not in raw, f"{code!r} reached the terminal"


def test_a_card_files_text_never_reaches_the_terminal_as_control_codes(tmp_path):
    cards = hostile_card_file(tmp_path)
    child = spawn("play", "spirit-link", "--cards", str(cards), "--seed", "3", "--seat", "human",
                  "--seat", "random", "--no-save")
    child.expect(PROMPT)
    child.sendline("info Fox")
    child.expect("Fox \\(1/0\\)")
    child.expect(PROMPT)
    child.sendline("info [red]x")
    child.expect(PROMPT)
    child.sendline("info")            # the list of every card name
    child.expect(PROMPT)
    child.sendline("zap [/bold] [link=http://e.test]y")     # typed markup is echoed, not obeyed
    child.expect("Not that: ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Leave the game now")
    child.sendline("y")
    raw = finish(child, status=0)
    for code in CONTROLS:
        assert code not in raw, f"{code!r} reached the terminal"
    text = plain(raw)
    assert "Fox (1/0) evil\n" in text            # the words stay, the bidi override goes
    # rich markup in a card's name is printed as written, never obeyed
    assert "[red]x[/red] [link=http://e.test]y" in text
    assert "\x1b]8;" not in raw                   # no hyperlink was made of it


def test_an_error_message_echoing_outside_text_is_made_safe(tmp_path):
    hostile = str(tmp_path / "\x1b]0;PWNED\x07\x1b[2J\u202erecord.json")   # a file name is outside text too
    child = spawn("replay", hostile)
    raw = finish(child, status=2)
    assert "no record file at" in raw and "record.json" in raw
    for code in CONTROLS:
        assert code not in raw, f"{code!r} reached the terminal"


# --- Ctrl-C ------------------------------------------------------------------------------------------
def interrupted_report(child, status=130) -> str:
    child.sendintr()                               # the terminal's Ctrl-C: SIGINT to the whole job
    raw = finish(child, status=status)
    text = plain(raw)
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-2000:]
    return text


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_the_arena_reports_the_games_that_finished(workers):
    child = spawn("arena", "spirit-link", "--seat", "heuristic", "--seat", "random", "--games", "100000",
                  "--workers", workers, timeout=90)
    child.expect(r"\b([1-9]\d*)/100000")          # the progress bar: some games finished
    text = interrupted_report(child)
    m = re.search(r"spirit-link: (\d+) games? of 100000 \(interrupted\)", text)
    assert m and int(m.group(1)) >= 1, text[-2000:]
    assert "win rate" in text and "95% CI" in text and "first seat wins" in text   # the end report's table


def test_ctrl_c_in_selfplay_reports_the_games_that_finished(tmp_path):
    child = spawn("selfplay", "spirit-link", "--seat", "heuristic", "--seat", "random", "--games", "100000",
                  "--save-dir", str(tmp_path), timeout=90)
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list(tmp_path.glob("*.json")), "no game finished"
    text = interrupted_report(child)
    m = re.search(r"Spirit Link: (\d+) of 100000 games\s+\(interrupted\)", text)
    assert m and int(m.group(1)) >= 2, text[-2000:]
    assert "win rate" in text and "draws:" in text


def test_ctrl_c_before_any_game_finished_says_so():
    child = spawn("selfplay", "life-siphon", "--players", "4", "--seat", "ismcts:iterations=100000",
                  "--games", "5", timeout=90)
    time.sleep(3)
    text = interrupted_report(child)
    assert "Interrupted before any of the 5 games finished." in text


# --- counting ----------------------------------------------------------------------------------------
def test_selfplay_and_the_arena_count_shared_wins_alike_and_say_so():
    """A Life & Legend tie for first is a win for each tied seat, in selfplay as in the arena, and
    both say how many wins were shared (the 10 heuristic games from seed 10 hold a tie: the seed is
    chosen for that, and moves when the game's rules change)."""
    import subprocess
    import sys

    def run(*args):
        out = subprocess.run([sys.executable, "-m", "tabletome.cli.main", *args], capture_output=True, text=True,
                             timeout=300, env={**__import__("os").environ, "COLUMNS": "200"})
        assert out.returncode == 0, out.stderr
        return out.stdout

    table = ["life-and-legend", "--players", "2", "--seat", "heuristic", "--seat", "heuristic", "--games", "10",
             "--seed", "10"]
    result = json.loads(run("selfplay", *table, "--json"))
    assert result["shared_wins"] >= 1
    assert sum(result["wins"]) == result["games"] - result["draws"] + result["shared_wins"]
    assert f"shared wins: {result['shared_wins']} (a game won by several seats counts as a win for each" \
        in run("selfplay", *table)
    arena = json.loads(run("arena", *table, "--workers", "1", "--json"))
    assert arena["shared_wins"] >= 1
    assert sum(a["wins"] for a in arena["agents"]) == arena["games"] - arena["draws"] + arena["shared_wins"]
    assert f"shared wins: {arena['shared_wins']} (a game won by several seats" in run("arena", *table, "--workers", "1")


def test_a_lost_solitaire_of_bad_baby_lich_lords_counts_the_cards_left_in_the_bone_piles(tmp_path):
    """"Once you score 5 noise, stop and count the number of cards left in each realm's bone pile
    and total their counts. That number is your score": a loss has no score, and the loss line
    counts the cards left as they are (it said 0 with about 60 left)."""
    import subprocess
    import sys

    path = tmp_path / "solo.json"
    out = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "play", "bad-baby-lich-lords", "--players", "1",
                          "--seat", "random", "--seed", "1", "--save", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    state = tabletome.replay(json.loads(path.read_text()))
    assert state.is_over and not state.winners
    left = sum(realm["bone_pile"]["size"] for realm in state.view(None)["realms"])
    assert left > 0
    assert f"Lost; cards left in the bone piles: {left} (a score only when you win)." in out.stdout
    replayed = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "replay", str(path)],
                              capture_output=True, text=True, timeout=120).stdout
    assert f"cards left in the bone piles: {left}" in replayed


# --- every name the screen suggests for `info` resolves ----------------------------------------------
SUGGESTION = re.compile(r"\binfo ([A-Z][\w'’&,.\- ]*?)(?=\s*[:)·(]|\s*$)", re.M)


def screens(game, players, options, steps=90, every=30):
    """The text of the tables a person sees along one seeded random game: the deciding seat's and a
    spectator's view at each tightness, the rules reference, at every ``every``-th decision."""
    import io

    from rich.console import Console

    from tabletome.agents import agent

    state = game.new(players=players, seed=5, **options)
    bot = agent("random", seed=5)
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None, force_terminal=False)
    console.print(game.rules_summary(players, options), markup=False)
    for step in range(steps):
        if step % every == 0 or state.is_over:
            for seat in {None, state.to_move}:
                for compact in (0, 1, 2):
                    board = game.render(state.view(seat), seat, compact=compact, card_text=state.card_text)
                    if board is not None:
                        console.print(board)
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return out.getvalue()


@pytest.mark.parametrize("game_id", sorted(tabletome.games()))
def test_every_name_the_screen_suggests_for_info_resolves(game_id):
    """`info Golden` (the Golden Horse's table line) answered "could be: Golden Chalice, Golden Age,
    Golden Horse The Brave"; whatever a screen says to type after `info` must name one card."""
    from tabletome.cli.play import find_cards

    game = tabletome.game(game_id)
    everything = game.cards_info()
    suggested = set()
    seen_ai_cards = False
    for players, options in game.configurations():
        text = screens(game, players, options)
        seen_ai_cards |= "AI cards: " in text
        suggested |= {m.group(1).strip() for m in SUGGESTION.finditer(text)
                      if m.group(1).split()[0] not in ("NAME", "N")}       # "info NAME shows a card"
    for name in sorted(suggested):
        found = find_cards(everything, name)
        assert len(found) == 1, f"the screen suggests 'info {name}', which finds {[i['name'] for i in found]}"
    if game_id == "life-and-legend":
        assert seen_ai_cards      # the screens read include the AI cards' line (it suggested "info Golden")


# --- replays show what a seat saw --------------------------------------------------------------------
def hot_seat_record(tmp_path, finish_game=False):
    """A Spirit Link hot-seat game: both seats have drawn and chosen face down; unfinished unless
    ``finish_game``."""
    from tabletome.agents import agent

    state = tabletome.game("spirit-link").new(seed=12)
    bot = agent("random", seed=2)

    def private():
        return [text for who, text in state.snapshot()["log"] if who is not None]

    while not state.is_over and (finish_game or not any("face down" in t for t in private())):
        state.apply(bot.choose(state))
    path = tmp_path / "hot.json"
    path.write_text(json.dumps({**state.record(), "seats": ["human", "human"]}))
    return path, state


def replay_lines(*args):
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "replay", *args], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_an_unfinished_hot_seat_replay_shows_a_spectators_view_by_default(tmp_path):
    path, state = hot_seat_record(tmp_path)
    private = [text for who, text in state.snapshot()["log"] if who is not None]
    assert any("face down" in t for t in private) and any(t.startswith("North draws ") for t in private)
    lines = replay_lines(str(path))
    assert "as a spectator saw it" in lines[0]
    assert lines[1:-1] == state.visible_log(None)
    assert not set(private) & set(lines), "a hand or a draw was shown"


@pytest.mark.parametrize("seat", ["1", "south", "South"])
def test_seat_shows_what_that_seat_saw(tmp_path, seat):
    path, state = hot_seat_record(tmp_path)
    lines = replay_lines(str(path), "--seat", seat)
    assert "as South saw it" in lines[0]
    assert lines[1:-1] == state.visible_log(1)
    assert lines[1:-1] != state.visible_log(0)


def test_reveal_and_a_finished_game_show_every_line_marked_with_its_seat(tmp_path):
    path, state = hot_seat_record(tmp_path)
    full = [text if who is None else f"({state.seat_name(who)}) {text}" for who, text in state.snapshot()["log"]]
    lines = replay_lines(str(path), "--reveal")
    assert lines[1:-1] == full and any(line.startswith("(North) North draws ") for line in full)
    path, state = hot_seat_record(tmp_path, finish_game=True)
    assert state.is_over
    lines = replay_lines(str(path))
    assert "the whole log" in lines[0] and len(lines[1:-1]) == len(state.log)


def test_a_bad_seat_for_replay_is_refused_naming_the_seats(tmp_path, capsys):
    from tabletome.cli.main import main
    path, _ = hot_seat_record(tmp_path)
    assert main(["replay", str(path), "--seat", "west"]) == 2
    assert "seats are 0 (North), 1 (South)" in capsys.readouterr().err
    assert main(["replay", str(path), "--seat", "0", "--reveal"]) == 2
    assert "give one of them" in capsys.readouterr().err
