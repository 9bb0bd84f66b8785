"""Two people at one screen: after each hand-over, nothing of the other seat's hidden cards is on
the terminal (nor in its scrollback: the stream is cleared), and every screen fits 80x24."""

import json
import re

import pexpect
import pytest

import tabletome

from .term import CLEAR_ALL, COLS, PROMPT, ROWS, plain, spawn

TABLES = [
    ("spirit-link", ["--seed", "3"]),
    ("life-siphon", ["--seed", "2"]),
    ("bad-baby-lich-lords", ["--seed", "4"]),
    ("life-and-legend", ["--seed", "1"]),
]


def leaves(value, skip=("log", "catalogue")):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from leaves(v, skip)
    elif isinstance(value, list):
        for v in value:
            yield from leaves(v, skip)


def visible(state, seat):
    """Everything ``seat`` may see in ``state``: its view, its choices, and the text of every card
    it sees (a card's text may name another card)."""
    cards = state.game.cards_info(state.card_text)
    seen = json.dumps({k: v for k, v in state.view(seat).items() if k != "catalogue"})
    seen += " ".join(str(a) for a in state.legal_actions()) if state.to_move == seat else ""
    seen += " ".join(c["short"] + " " + c["text"] for c in cards if c["name"] in seen)
    return seen


def secrets(state, prev, nxt):
    """Card names in ``prev``'s view that ``nxt`` may not see (its hand, mostly)."""
    names = {c["name"] for c in state.game.cards_info(state.card_text)}
    seen = visible(state, nxt)
    return {s for s in leaves(state.view(prev)) if s in names and s not in seen}


def squash(text):
    return "".join(ch for ch in text if ch.isalnum())


def last_choice(child):
    """The number of the last choice on the screen (often "end turn" or "pass": more hand-overs)."""
    numbers = [int(n) for n in re.findall(r"(?m)^\s*(\d+)\. ", plain(child.before))]
    return str(max(numbers)) if numbers else "1"


def play_hot_seat(tmp_path, game, extra, decisions, log=False):
    record = tmp_path / "hot.json"
    child = spawn("play", game, "--seat", "human", "--seat", "human", *extra, "--save", str(record))
    made = 0
    while True:
        which = child.expect([r"press Enter when ready", PROMPT])
        if which == 0:
            child.sendline("")
        elif made < decisions:
            answer = last_choice(child) if made % 2 else "1"
            if log:                      # the log command too shows only this seat's lines
                child.sendline("log")
                child.expect(PROMPT)
            child.sendline(answer)
            made += 1
        else:
            break
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    return child.logfile_read.raw, json.loads(record.read_text())


@pytest.mark.parametrize("game, extra", TABLES)
def test_after_each_hand_over_no_hidden_card_of_the_other_seat_is_shown(tmp_path, game, extra):
    raw, record = play_hot_seat(tmp_path, game, extra, decisions=14, log=True)
    parts = raw.split(CLEAR_ALL)
    # header | pass to A | A's screen | pass to B | B's screen | ...
    screens = parts[2::2]
    assert len(screens) >= 3, "the screen was not cleared at each hand-over"
    # who decided in turn, and the states during each seat's run of decisions
    state = tabletome.replay({**record, "actions": []})
    runs = []          # (seat, [states during its run])
    for text in record["actions"] + [None]:
        seat = state.to_move
        if not runs or runs[-1][0] != seat:
            runs.append((seat, []))
        runs[-1][1].append(state.clone())
        if text is None:
            break
        state.apply(text)
    checked = 0
    for (seat, states), screen in zip(runs, screens):
        text = plain(screen)
        name = states[0].seat_name(seat)
        # the screen is drawn for the seat at it: "(you)" and "your spells (...)" name only it
        for who in re.findall(r"([A-Z][\w-]*) \(you\)", text) + re.findall(r"your spells \(([\w-]+)\)", text):
            assert who == name, f"{game}: {name}'s screen is drawn as {who}'s"
            checked += 1
        shown = squash(text)
        others = [p for p in range(state.players) if p != seat]
        # a name another copy of which the seat sees at some point of its run is not a secret
        seen = " ".join(visible(s, seat) for s in states)
        for s in states:
            for other in others:
                for secret in secrets(s, other, seat):
                    if secret in seen:
                        continue
                    assert squash(secret) not in shown, \
                        f"{game}: {s.seat_name(seat)}'s screen shows {secret!r} of {s.seat_name(other)}"
                    checked += 1
    assert checked > 0, "no hidden card was ever at stake: choose a longer game"


@pytest.mark.parametrize("game, extra", TABLES)
def test_every_screen_fits_80_by_24(tmp_path, game, extra):
    raw, _ = play_hot_seat(tmp_path, game, extra, decisions=8)
    for screen in raw.split(CLEAR_ALL)[2::2]:
        # one screen: from the hand-over to the first prompt
        first = plain(screen).split(PROMPT)[0]
        lines = first.split("\n")
        assert len(lines) <= ROWS, f"{game}: {len(lines)} lines:\n{first}"
        assert max(len(line) for line in lines) <= COLS
