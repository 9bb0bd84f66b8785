"""Positions written by hand for Life Siphon tests, and small helpers to read views."""

import tabletome

G = tabletome.game("life-siphon")


def position(players=2, options=None, hands=None, river=None, discard=None, deck_top=None, **fields):
    """A snapshot dict: the given fields, every card placed once (the deck: ``deck_top`` first, then
    the rest with Slow Cast cards on top, so the draws of a test open no response window)."""
    options = dict(options or {})
    players, resolved = G.resolve_options(players, options)
    R = G.ruleset(players, resolved)
    names = R.cards.names
    hands = hands or {}
    if river is None:
        river = (["Unholy Haste", "Unholy Haste", "Whispers of Madness"] if resolved["mode"] == "madness"
                 else ["Lich's Grasp", "Lich's Grasp", "Whispers of Madness"])
    discard = discard or []
    deck_top = deck_top or []
    left = list(R.copies)
    for name in [n for h in hands.values() for n in h] + [n for n in river if n] + discard + deck_top:
        left[names.index(name)] -= 1
    assert all(n >= 0 for n in left), "a test position places too many copies of a card"
    speed = [c.speed == "slow" for c in R.cards.cards]
    rest = sorted((k for k in range(R.n) for _ in range(left[k])), key=lambda k: (not speed[k], k))
    snap = {"game": "life-siphon", "players": players, "options": options, "hands": hands,
            "river": river, "discard": discard, "deck": deck_top + [names[k] for k in rest]}
    snap.update(fields)
    return snap


def restore(**kw):
    return G.restore(position(**kw))


def play(state, *texts):
    for t in texts:
        state.apply(t)
    return state


def quad(state, name):
    return next(q for q in state.view(None)["quadrants"] if q["name"] == name)


def life(state, name):
    return quad(state, name)["life"]


def area(state, name, key):
    """The familiars' names in an area (None for empty spaces)."""
    return [s["familiar"] if s else None for s in quad(state, name)["areas"][key]]


def texts(state):
    return [str(a) for a in state.legal_actions()]
