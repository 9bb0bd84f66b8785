"""`tabletome play life-and-legend` in an 80x24 pseudo-terminal, typed as a person would: every
screen fits, cards are explained where they are chosen and by `info`, `rules` names the mode and
the rulings, Interfere windows say which moment they are, and results name their numbers the way
`selfplay` does."""

import re

import pexpect

from .term import COLS, PROMPT, ROWS, finish, plain, spawn


def quit_game(child):
    child.sendline("quit")
    child.expect(r"Leave the game now\? \(y/n\)")
    child.sendline("y")
    return finish(child)


def screen_fits(text, where, first=False):
    """One screen: from the answer typed (the rest of its line) to the prompt, without the
    spinner's line (erased once the computer has chosen) and, at the start, the line naming the
    seats (it scrolls away above the table)."""
    lines = [line for line in plain(text).split("\n") if "is thinking…" not in line]
    if first:
        lines = lines[next(i for i, line in enumerate(lines) if "(help: commands)" in line) + 1:]
    else:
        lines = lines[1:]
    assert len(lines) <= ROWS, f"{where}: {len(lines)} lines:\n{plain(text)}"
    assert max(len(line) for line in lines) <= COLS, f"{where}: wider than {COLS}:\n{plain(text)}"


def last_choice(text):
    numbers = [int(n) for n in re.findall(r"(?m)^\s*(\d+)\. ", plain(text))]
    numbers += [int(n) for n in re.findall(r"(?:^|\s)(\d+)\) ", plain(text))]
    return str(max(numbers)) if numbers else "1"


def play_screens(args, decisions, where):
    """Play ``decisions`` decisions (the first choice, then the last: often 'end phase'), checking
    that each screen, from an answer to the next prompt, fits 80x24."""
    child = spawn("play", "life-and-legend", *args, "--no-save")
    screens = []
    for n in range(decisions):
        which = child.expect([PROMPT, pexpect.EOF])
        if which == 1:
            break
        screen_fits(child.before, f"{where}, decision {n}", first=n == 0)
        screens.append(plain(child.before))
        child.sendline("1" if n % 3 == 0 else last_choice(child.before))
    return child, screens


def test_two_players_every_screen_fits_and_cards_are_explained():
    child, screens = play_screens(["--seed", "1"], 14, "2 players")
    # the hand's cards and the choices carry what the card does
    assert "Your hand:" in screens[0] and "The World's Edge† Legends 3." in screens[0]
    assert re.search(r"1\. bring Warhorn into play — Slots 1\. Legends 1\. Once per turn", screens[0])
    child.expect(PROMPT)
    child.sendline("info warhorn")
    child.expect(PROMPT)
    shown = plain(child.before)
    assert "Warhorn  (Relic)  designed: not printed in the rulebook" in shown
    assert "Each opponent discards 1 card from hand." in shown
    child.sendline("info matathias")
    child.expect(PROMPT)
    shown = " ".join(plain(child.before).split())
    assert "Matathias The Jongleur (AI opponent card)" in shown and "1. Phase 1: bring every Relic" in shown
    quit_game(child)


def test_four_seats_with_the_ai_cards_fit_80_by_24():
    child, screens = play_screens(["--players", "4", "--option", "ai=matathias+golden-horse+geoffrey",
                                   "--seed", "2"], 12, "4 seats")
    assert any("East (AI matathias)" in s for s in screens)
    assert any("AI cards: East plays Matathias The Jongleur†" in s for s in screens)
    quit_game(child)


def test_a_solitaire_mode_fits_and_rules_name_the_mode_and_rulings():
    child, screens = play_screens(["--option", "mode=lore", "--seed", "3"], 10, "Lore")
    assert any("Lore: " in s for s in screens)           # the three Backgrounds to acquire
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect(PROMPT)
    shown = plain(child.before)
    assert "Life & Legend (lore, 1 player) — quick reference" in shown
    assert "Solitaire Lore: acquire (activate) the three Backgrounds set aside." in shown
    assert "Our rulings that apply (RULES.md, not the rulebook):" in shown
    assert "Interfere (our ruling ll-interfere, RULES.md — not printed) Windows open at two moments" \
        in " ".join(shown.split())
    assert "Lore:" in shown
    quit_game(child)


def test_interfere_windows_say_which_moment_they_are():
    child = spawn("play", "life-and-legend", "--seed", "6", "--no-save")
    for _ in range(6):
        child.expect(PROMPT)
        if "Response window" in plain(child.before):
            break
        child.sendline("1")
    screen = " ".join(plain(child.before).split())
    assert "Response window — after South uses Seeker's Map (Disrupt it or pass) · a: auto-pass the rest of this turn" \
        in screen, screen[-600:]
    assert re.search(r"1\. interfere with Change of Heart — ", screen)
    child.sendline("a")
    child.expect(PROMPT)
    assert "Auto-passing response windows for the rest of this turn." in plain(child.before)
    quit_game(child)


def test_results_name_their_numbers():
    out = plain(finish(spawn("play", "life-and-legend", "--seat", "heuristic", "--seat", "random",
                             "--seed", "4", "--no-save"), 0))
    assert re.search(r"(North wins|South wins|North and South win); Legends: North \d+, South \d+\.", out), out[-300:]
    out = plain(finish(spawn("play", "life-and-legend", "--option", "mode=treasury", "--seat", "heuristic",
                             "--seed", "4", "--no-save"), 0))
    assert re.search(r"(Won|Lost); Legends \(goal 10\): \d+\.", out), out[-300:]


def test_selfplay_reports_a_solitaire_mode_as_play_does():
    out = " ".join(plain(finish(spawn("selfplay", "life-and-legend", "--option", "mode=treasury",
                                      "--games", "2"), 0)).split())
    assert re.search(r"won \d+ .*lost \d+", out) and "Legends (goal 10): mean" in out and "draw" not in out, out


def test_a_loaded_card_file_is_the_one_the_table_shows(tmp_path):
    """With ``--cards FILE`` the table, its hand lines included, shows that file's card texts."""
    import importlib
    from pathlib import Path
    folder = Path(importlib.import_module("tabletome.games.life_and_legend").__file__).parent
    own = (folder / "cards.toml").read_text(encoding="utf-8")
    ours = 'text = "Slots 1. Legends 1. Once per turn: Each opponent discards 1 card from hand."'
    assert ours in own
    mine = tmp_path / "cards.toml"
    mine.write_text(own.replace(ours, 'text = "Slots 1. Legends 1. Loudly: each opponent discards 1 card from hand."'),
                    encoding="utf-8")
    child = spawn("play", "life-and-legend", "--seed", "1", "--cards", str(mine), "--no-save")
    child.expect(PROMPT)
    first = " ".join(plain(child.before).split())
    assert "Your hand:" in first and "Warhorn† Slots 1. Legends 1. Loudly: each opponent" in first
    quit_game(child)


def test_the_banner_names_the_ai_card_that_plays_a_seat():
    """A seat an AI opponent card plays is named by its card in the opening line, not by the agent
    spec the seat would have had ("South: heuristic" before)."""
    child = spawn("play", "life-and-legend", "--seed", "3", "--option", "ai=golden-horse", "--no-save")
    child.expect(PROMPT)
    opening = plain(child.before)
    assert "South: the AI card Golden Horse The Brave" in opening
    assert "South: heuristic" not in opening
    quit_game(child)


def test_the_setup_relic_step_is_headed_as_the_setup_not_as_phase_1():
    # seed 0: North holds a Relic before the first turn ("6. Play Relics: Players may bring
    # Relics into play now if they choose.")
    child = spawn("play", "life-and-legend", "--seed", "0", "--no-save")
    child.expect(PROMPT)
    heading = next(line for line in plain(child.before).split("\n") if "Life & Legend (" in line)
    assert "turn 0 · North: before the first turn" in heading and "Contemplation" not in heading
    child.sendline("done")
    child.expect(PROMPT)
    heading = next(line for line in plain(child.before).split("\n") if "Life & Legend (" in line)
    assert "turn 1 · " in heading
    quit_game(child)
