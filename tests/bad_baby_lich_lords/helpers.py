"""Positions written by hand (snapshots, see RULES.md "Snapshots") and small readers of views."""

import pytest

import tabletome
from tabletome import IllegalAction

GAME = tabletome.game("bad-baby-lich-lords")

# the rulebook's "first learning game": realm 1 Freeple, realm 2 Noblins, realm 3 Zard
FNZ = "freeple-noblins-zard"


def position(players=2, options=None, **fields):
    """A state restored from a hand-written snapshot (fields as in RULES.md)."""
    opts = {"factions": FNZ} if options is None else dict(options)
    snap = {"game": GAME.id, "players": players, "options": opts}
    snap.update(fields)
    return GAME.restore(snap)


def realms(*entries):
    """Realm entries, realm 1 first; a missing one is an empty dict."""
    return [dict(e) for e in entries]


def legal(state):
    return [str(a) for a in state.legal_actions()]


def play(state, *texts):
    for text in texts:
        state.apply(text)
    return state


def side(state, realm, side_name, seat=None):
    """The cards on one side of a realm as '[skeleton: ]Name[ (acted)]' strings (from the view)."""
    out = []
    for card in state.view(seat)["realms"][realm - 1]["cards"][side_name]:
        text = card["name"] if card["up"] == "minion" else f"skeleton: {card['name']}"
        out.append(text + (" (acted)" if card["acted"] else ""))
    return out


def bone_top(state, realm):
    known = state.view(None)["realms"][realm - 1]["bone_pile"]["known"]
    return known[0]["name"] if known else None


def hand(state, seat):
    return state.view(seat)["hands"][seat]["spells"]


def refused(state, text):
    """The action is refused and the state is unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.snapshot() == before


def realm_pile(first):
    """The full realm pile of ``first``'s faction, with ``first`` on top (then file order)."""
    realm = GAME.cards.realm(first, "test")
    names = [r.name for r in GAME.cards.realms if r.faction == realm.faction and r.name != realm.name]
    return [realm.name] + names


def noise(state):
    return [s["noise"] for s in state.view(None)["sides"]]
