"""`tabletome play` driven through a pseudo-terminal, the way a person types: undo, resume, quit,
Ctrl-C, the thinking indicator with typed-ahead input, forgiving input, card explanations, the
rules reference and result lines that name their numbers."""

import json
import re

import pexpect
import pytest

from .term import PROMPT, finish, plain, spawn


def quit_game(child):
    child.sendline("quit")
    child.expect(r"Leave the game now\? \(y/n\)")
    child.sendline("y")
    return finish(child)


def record_of(path):
    return json.loads(path.read_text())


# --- help -------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [("play", "spirit-link", "--seed", "3"), ("learn", "spirit-link")],
                         ids=["play", "learn"])
def test_help_fits_80_columns_line_for_line(command, tmp_path):
    """``help`` at 80x24: every line of the help reads as written, none broken across two."""
    from tabletome.cli import learn, play
    text = (play if command[0] == "play" else learn).HELP
    prompt = PROMPT if command[0] == "play" else r"your move: "
    child = spawn(*command, cwd=tmp_path)
    child.expect(prompt)
    child.sendline("help")
    child.expect(prompt)
    shown = [line.rstrip() for line in plain(child.before).split("\n")]
    child.sendline("quit")
    if command[0] == "play":
        child.expect(r"Leave the game now\? \(y/n\)")
        child.sendline("y")
    finish(child)
    for line in text.split("\n"):
        assert line.rstrip() in shown, f"the help line {line!r} does not fit 80 columns:\n" + "\n".join(shown)


def test_the_help_hint_is_never_broken_across_lines(tmp_path):
    """The first line names the seed and the seats, then "(help: commands)": on that line when it
    fits in 80 columns, else on a line of its own (a 19-digit seed does not fit), the
    hint whole either way."""
    for args in (("spirit-link", "--seed", "3"), ("spirit-link", "--seed", "7763694606504719968"),
                 ("life-and-legend", "--players", "4", "--seed", "7763694606504719968")):
        child = spawn("play", *args, "--no-save", cwd=tmp_path)
        child.expect(PROMPT)
        lines = [line.rstrip() for line in plain(child.before).split("\n")]
        child.sendline("quit")
        child.expect(r"Leave the game now\? \(y/n\)")
        child.sendline("y")
        finish(child)
        hinted = [line for line in lines if "(help:" in line or "commands)" in line]
        assert len(hinted) == 1 and hinted[0].endswith("(help: commands)"), "\n".join(lines[:4])
        assert len(hinted[0]) <= 80


# --- undo -------------------------------------------------------------------------------------
def test_undo_takes_back_your_own_choice(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "3", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("buy 1 life")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(r"Undone: 'buy 1 life'")
    child.expect(PROMPT)
    quit_game(child)
    assert record_of(path)["actions"] == []


def test_undo_takes_back_the_computers_replies_too(tmp_path):
    """Try undo at every decision: refused ones say why; one that takes back only your choice is
    made again; until one takes back the computer's reply too."""
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "0", "--save", str(path))
    taken = None
    for _ in range(80):
        child.expect(PROMPT)
        child.sendline("undo")
        which = child.expect([r"Cannot undo: [^\r\n]+", r"Undone: ([^\r\n]+)\."])
        if which == 1:
            said = child.match.group(1)
            if "South's reply" in said:
                taken = said
                break
            child.expect(PROMPT)
            child.sendline("1")           # the same choice again, and on to the next decision
        child.expect(PROMPT)
        child.sendline("1")
    assert taken is not None, "no decision of North's was followed by an undoable reply"
    child.expect(PROMPT)
    quit_game(child)
    mine = re.match(r"'([^']+)'", taken).group(1)
    actions = record_of(path)["actions"]
    assert actions and actions[-1] != mine          # North's choice and South's reply are gone


def test_undo_is_refused_with_the_reason_once_something_was_revealed(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "0", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("1")                       # a face-down transformation; South's is revealed
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(r"Cannot undo: South's reply showed you something you could not\s+see before")
    child.expect(PROMPT)
    quit_game(child)
    assert len(record_of(path)["actions"]) == 2


def test_undo_is_refused_after_a_draw(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "3", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("trade 3 for 2")
    for _ in range(3):                        # discard three cards, then two are drawn
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(r"Cannot undo: your choice '[^']+' showed you something you could not")
    quit_game(child)


# --- quit, resume, Ctrl-C ------------------------------------------------------------------------
def test_quit_asks_first_says_where_the_record_is_and_resume_goes_on(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "3", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("transform Deer")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Leave the game now\? \(y/n\)")
    said = " ".join(plain(child.before).split())
    assert f"The record will be saved to {path}; go on later with: tabletome play --resume {path}" in said
    child.sendline("n")                       # changed my mind: still playing
    child.expect(PROMPT)
    out = quit_game(child)
    assert "--resume" in plain(out)
    first = record_of(path)
    assert first["actions"][0] == "transform Deer" and first["seats"] == ["human", "heuristic"]

    child = spawn("play", "--resume", str(path))
    child.expect(r"resumed")
    child.expect(PROMPT)
    child.sendline("pass")
    child.expect(PROMPT)
    quit_game(child)
    second = record_of(path)
    assert second["actions"][:len(first["actions"])] == first["actions"]
    assert second["actions"][len(first["actions"])] == "pass"


def test_resume_refuses_a_finished_game(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seat", "random", "--seat", "random", "--seed", "2", "--save", str(path))
    finish(child, 0)
    child = spawn("play", "--resume", str(path))
    out = plain(finish(child, 2))
    assert "is over" in out and "tabletome replay" in out


def test_ctrl_c_exits_non_zero_and_saves_the_record(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "3", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("transform Deer")
    child.expect(PROMPT)
    child.sendintr()
    out = plain(finish(child, 130))
    assert "Interrupted" in out and "--resume" in out
    assert record_of(path)["actions"][0] == "transform Deer"


def test_ctrl_c_works_when_started_with_sigint_ignored():
    """A background job of a script starts with SIGINT ignored (Python then installs no handler):
    Ctrl-C at the table still stops the game with status 130."""
    import signal

    child = spawn("play", "spirit-link", "--seed", "3", "--no-save",
                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    child.expect(PROMPT)
    child.sendintr()
    out = plain(finish(child, 130))
    assert "Interrupted" in out


# --- flow ----------------------------------------------------------------------------------------
def test_thinking_indicator_and_input_typed_meanwhile_is_kept(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "3", "--seat", "human", "--seat", "ismcts:seconds=1.0",
                  "--save", str(path))
    child.expect(PROMPT)
    child.send("transform Deer\r")
    child.expect("South is thinking")
    child.send("pa")                          # typed while South thinks...
    child.send("ss\r")
    child.expect(r"your choice: pass")        # ...and taken as the next answer
    child.expect(PROMPT)
    quit_game(child)
    actions = record_of(path)["actions"]
    assert actions[0] == "transform Deer" and actions[2] == "pass"


# --- input ---------------------------------------------------------------------------------------
def test_a_prefix_names_the_choices_it_could_be_or_takes_the_only_one(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "3", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("transform")
    child.expect(r"'transform' could be: transform Deer, transform Bear, transform\s+Tiger")
    child.expect(PROMPT)
    child.sendline("buy")
    child.expect(PROMPT)
    quit_game(child)
    assert record_of(path)["actions"] == ["buy 1 life"]


def test_each_choice_says_what_its_card_does_and_info_prints_the_card(tmp_path):
    child = spawn("play", "life-siphon", "--seed", "3", "--no-save")
    child.expect(PROMPT)
    screen = plain(child.before)
    # "take Bone Shield from the River — fast, 1 life: Increase the defense..."
    assert re.search(r"1\. take Bone Shield from the River — fast, 1 life: Increase", screen), screen
    child.sendline("info 1")
    child.expect(PROMPT)
    shown = plain(child.before)
    assert "Bone Shield" in shown and "designed: not printed in the rulebook" in shown
    assert "Increase the defense of any one Familiar by 2 until end of turn." in shown
    child.sendline("info dread")
    child.expect(PROMPT)
    shown = plain(child.before)
    assert "Dread Knight" in shown and "attack 5, defense 3" in shown and "printed in the rulebook" in shown
    child.sendline("info nothing-like-it")
    child.expect(PROMPT)
    assert "No card is named 'nothing-like-it'" in plain(child.before)
    quit_game(child)


def test_rules_prints_the_turn_the_mode_and_the_rulings(tmp_path):
    child = spawn("play", "life-siphon", "--option", "mode=madness", "--seed", "3", "--no-save")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect(PROMPT)
    shown = plain(child.before)
    assert "Madness Mode" in shown and "A turn:" in shown and "Our rulings that apply" in shown
    assert "The deck running out" in shown
    quit_game(child)


# --- results -------------------------------------------------------------------------------------
def test_the_last_line_names_what_the_numbers_are():
    child = spawn("play", "spirit-link", "--seat", "heuristic", "--seat", "random", "--seed", "5", "--no-save")
    out = plain(finish(child, 0))
    assert re.search(r"(North|South) wins; health: North -?\d+, South -?\d+\.", out), out[-400:]


def test_play_and_selfplay_report_a_solo_mode_in_the_same_words():
    child = spawn("play", "life-siphon", "--option", "mode=madness", "--seat", "heuristic", "--seed", "1", "--no-save")
    out = plain(finish(child, 0))
    assert re.search(r"Lost; round reached: \d+\.", out), out[-300:]
    child = spawn("selfplay", "life-siphon", "--option", "mode=madness", "--games", "3")
    out = plain(finish(child, 0))
    assert "won 0" in out and "lost 3" in out and "round reached: mean" in out and "draw" not in out


# --- arguments -----------------------------------------------------------------------------------
def test_clear_messages_for_bad_arguments():
    cases = [
        (["arena", "nosuchgame"], "there is no game 'nosuchgame'"),
        (["play", "spirit-link", "--seat", "ismcts:iterations=many"], "must be a whole number, not 'many'"),
        (["play", "bad-baby-lich-lords", "--option", "factions=x"],
         "3 to 4 of zard, noblins, freeple, ghoulies joined by '-' in any order"),
    ]
    for argv, message in cases:
        child = spawn(*argv)
        out = " ".join(plain(finish(child, 2)).split())
        assert message in out, (argv, out)


def test_a_solo_mode_implies_one_player():
    child = spawn("play", "life-siphon", "--option", "mode=madness", "--seat", "random", "--seed", "2", "--no-save")
    out = plain(finish(child, 0))
    assert "North: random" in out and "round reached" in out


def test_a_status_line_goes_once_what_it_announces_has_happened():
    """"1 Firebolt hit(s) at settlement" is shown until settlement, not after it."""
    child = spawn("play", "spirit-link", "--seed", "0", "--no-save")
    settled = 0
    for _ in range(60):
        child.expect(PROMPT)
        screen = plain(child.before)
        header = screen[screen.rfind("Spirit Link · turn"):]
        if "settlement phase" in header:
            assert "Firebolt hit(s) at settlement" not in header
            settled += "casts Eternal-Firebolt (3 damage at settlement)" in screen
        found = re.search(r"(\d+)\. cast Eternal-Firebolt", header)
        child.sendline(found.group(1) if found else "1")
        if settled:
            break
    assert settled, "no Firebolt was cast before a settlement"
    quit_game(child)


def test_targets_inside_a_chain_name_the_card_they_touch():
    """"befriend realm 2 north 1 — Cricket Drummer† (North's minion: Raise,Leave)"."""
    child = spawn("play", "bad-baby-lich-lords", "--seed", "4", "--no-save")
    named = None
    for _ in range(40):
        child.expect(PROMPT)
        named = re.search(r"\d+\. (fight|boss|possess|raise|befriend|move|burn) realm \d \w+ \d — "
                          r"[A-Z][^(\n]+ \((North|South)'s (minion|skeleton): [A-Z]", plain(child.before))
        if named and "before action" not in plain(child.before):
            break
        child.sendline("1")
    assert named, "no chain target was offered"
    quit_game(child)


def test_games_lists_options_with_many_values_readably():
    raw = plain(finish(spawn("games"), 0))
    lines = raw.splitlines()
    assert all(len(line) <= 80 and line == line.rstrip() for line in lines), [ln for ln in lines if ln != ln.rstrip()]
    out = " ".join(raw.split())
    assert "--option factions= random, or 3 to 4 of zard, noblins, freeple, ghoulies joined by '-'" in out
    assert "zard-freeple-noblins" not in out
    assert ("--option ai= none, or 1 to 3 of matathias, golden-horse, geoffrey, emptiness joined by '+' "
            "in this order (e.g. matathias+golden-horse)") in out
    assert "--option mode= standard, farwander, eternal, war, lore, arbiter, treasury, campaign, legacy, coop" in out



def test_at_a_hot_seat_undo_never_reaches_past_the_other_players_decision(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seat", "human", "--seat", "human", "--seed", "3", "--save", str(path))

    def to_prompt():
        while child.expect([r"press Enter when ready", PROMPT]) == 0:
            child.sendline("")

    to_prompt()
    child.sendline("transform Deer")          # North; the screen goes to South
    to_prompt()
    child.sendline("undo")
    child.expect(r"Cannot undo: you have made no decision yet")
    child.expect(PROMPT)
    child.sendline("buy 1 life")              # South, then South places
    to_prompt()
    child.sendline("transform Fox")
    to_prompt()
    child.sendline("undo")                    # North again: South has decided since
    child.expect(r"Cannot undo: South has decided since")
    child.expect(PROMPT)
    quit_game(child)
    assert record_of(path)["actions"][:3] == ["transform Deer", "buy 1 life", "transform Fox"]


def test_response_windows_name_their_moment_and_pass_for_the_turn_or_the_game(tmp_path):
    path = tmp_path / "g.json"
    child = spawn("play", "life-siphon", "--seed", "0", "--save", str(path))
    for _ in range(10):
        child.expect(PROMPT)
        assert "Response window" not in plain(child.before)
        child.sendline("1")
    child.expect(PROMPT)
    screen = " ".join(plain(child.before).split())
    # the moment in words, naming whose turn it is (not the window's own name "main phase begins")
    assert "Response window — as South's main phase begins · a: auto-pass the rest of this turn" in screen
    child.sendline("a")           # pass now and for the rest of this turn: the end-of-turn window
    child.expect(PROMPT)
    screen = plain(child.before)
    assert "Auto-passing response windows for the rest of this turn." in screen
    assert "Response window" not in screen.split("Auto-passing")[1]
    child.sendline("autopass")    # and for the rest of the game: said once
    child.expect(PROMPT)
    said = plain(child.before)
    child.sendline("1")
    child.expect(PROMPT)
    said += plain(child.before)
    assert said.count("Auto-passing every response window for the rest of the game") == 1, said
    child.sendline("1")
    for _ in range(45):
        child.expect([PROMPT, pexpect.EOF])
        if child.after is pexpect.EOF:
            break
        assert "Response window —" not in plain(child.before)
        child.sendline("1")
    if child.isalive():
        quit_game(child)
    import tabletome
    record = record_of(path)
    state = tabletome.replay({**record, "actions": []})
    passed = 0
    for text in record["actions"]:
        info = state.decision_info()
        if state.to_move == 0 and info and info["window"] and passed >= 0:
            passed += text == "pass"
        state.apply(text)
    assert passed >= 5, "North's windows were passed for it"


@pytest.mark.parametrize("game_id, folder, label", [
    ("spirit-link", "spirit_link", "health"), ("life-siphon", "life_siphon", "life"),
    ("bad-baby-lich-lords", "bad_baby_lich_lords", "noise"), ("life-and-legend", "life_and_legend", "Legends")])
def test_the_games_own_card_file_is_accepted_by_cards(game_id, folder, label):
    from pathlib import Path

    import tabletome
    own = Path(tabletome.__file__).parent / "games" / folder / "cards.toml"
    child = spawn("play", game_id, "--cards", str(own), "--seat", "random", "--seat", "random",
                  "--seed", "1", "--no-save")
    out = plain(finish(child, 0))
    assert re.search(rf"((North|South) wins|North and South win|A draw); {label}: North -?\d+, South -?\d+\.", out), out[-300:]


def test_info_n_says_what_a_choice_touches_and_shows_that_card():
    """"draw from realm 4" names no card; info 2 names the top of the bone pile and shows it."""
    child = spawn("play", "bad-baby-lich-lords", "--players", "4", "--seed", "4", "--no-save")
    child.expect(PROMPT)
    child.sendline("info 2")
    child.expect(PROMPT)
    shown = " ".join(plain(child.before).split())
    assert "2. draw from realm 4 — top of bone pile 4: Grub Groupie† Friendship/Raise" in shown
    assert "Grub Groupie (Noblins minion) designed: not printed in the rulebook" in shown, shown
    quit_game(child)


def test_choices_that_do_not_fit_come_in_pages_that_more_shows(tmp_path):
    """A late Life Siphon 2 Player Variant position (resumed from its record) has more choices
    than 80x24 holds: the screen says so, 'more' shows the rest, numbered on, and any number works."""
    import tabletome

    game = tabletome.game("life-siphon")
    state = game.new(players=2, seed=2, mode="two-player-variant")
    agent = tabletome.agent("random", seed=2)
    for _ in range(139):
        state.apply(agent.choose(state))
    legal = state.legal_actions()
    assert state.to_move == 0 and len(legal) == 22
    path = tmp_path / "late.json"
    tabletome.save_record({**state.record(), "seats": ["human", "random"]}, path)
    child = spawn("play", "--resume", str(path), "--no-save")
    child.expect(PROMPT)
    first = plain(child.before)
    found = re.search(r"… (\d+) more choices \((\d+)-22\): type 'more'", first)
    assert found, first
    child.sendline("more")
    child.expect(PROMPT)
    second = plain(child.before)
    start = int(found.group(2))
    assert f"(choices {start}-" in second and re.search(rf"(^|\s){start}\) ", second), second
    pages = [first, second]
    while "more choices" in pages[-1] and len(pages) < 4:      # numbered on, page after page
        child.sendline("more")
        child.expect(PROMPT)
        pages.append(plain(child.before))
    assert re.search(r"(^|\s)22\) ", "".join(pages))
    child.sendline("22")
    child.expect([PROMPT, pexpect.EOF])
    if child.isalive():
        quit_game(child)
