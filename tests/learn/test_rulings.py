"""Every ruling in each game's RULES.md is addressable (issue 30, item 3): its rulings.toml names
it by an id, with the moments and moves it applies to, and the moments it names are the game's
own (glossary.toml); at a decision a ruling applies to, the game's screens show it as ours."""

import re
from pathlib import Path

import pytest

import tabletome
from tabletome.core.glossary import glossary, moment_of
from tabletome.core.rulings import applying, rulings

GAMES = Path(tabletome.__file__).parent / "games"

# sections of RULES.md that describe our formats, not rulings
FORMATS = {"Card file", "Card files", "Frames", "Snapshot", "Snapshots", "Glossary", "Seats, sides",
           "The decision stack", "AI opponents", "The designed cards", "Options", "Components", "Setup",
           "Playing the cards", "World", "Victory and the end", "Eternal Mode", "Solitaire"}


def headings(text, level):
    return re.findall(rf"(?m)^{'#' * level} (.+)$", text)


def candidates(game_id) -> list[str]:
    """The rulings RULES.md holds, as a person reads it: Spirit Link's and Life Siphon's '###'
    headings under "Rulings" (and Life Siphon's modes), Bad Baby Lich Lords' sections and the
    bold-named skills, Life & Legend's bold-named rulings and its mode sections."""
    text = (GAMES / game_id.replace("-", "_") / "RULES.md").read_text(encoding="utf-8")
    sections = re.split(r"(?m)^## ", text)
    out = []
    for sec in sections[1:]:
        title, _, body = sec.partition("\n")
        if game_id in ("spirit-link", "life-siphon"):
            if title.strip() == "Rulings":
                out += headings(body, 3)
            elif game_id == "life-siphon" and not any(title.startswith(f) for f in FORMATS | {"The designed"}):
                out.append(title.strip())
        elif game_id == "bad-baby-lich-lords":
            if not any(title.startswith(f) for f in FORMATS - {"Solitaire"}) and not title.startswith("Skills"):
                out.append(title.strip())
            if title.startswith("Skills"):
                out += [m.rstrip(".") for m in re.findall(r"(?m)^- \*\*([^*]+?)\*\*", body)]
        else:
            if not any(title.startswith(f) for f in FORMATS) or title.startswith("Eternal"):
                if title.startswith(("Farwander", "Relic trading")):
                    out.append(title.strip())
            out += [m.rstrip(".") for m in re.findall(r"(?m)^(?:- )?\*\*([^*]+?)\*\*", body)]
    return out


def addressed(game, name) -> bool:
    key = name.lower().rstrip(".")
    for r in rulings(game):
        said = (r.heading or r.name).lower().rstrip(".").strip('"')
        if key.startswith(said) or key.strip('"').startswith(said) or r.title.lower().startswith(key[:20]):
            return True
    return False


@pytest.mark.parametrize("game_id", ["spirit-link", "life-siphon", "bad-baby-lich-lords", "life-and-legend"])
def test_every_ruling_has_an_id_and_names_real_moments(game_id):
    game = tabletome.game(game_id)
    every = rulings(game)
    found = candidates(game_id)
    assert len(found) >= 10, found
    missing = [name for name in found if not addressed(game, name)]
    assert not missing, f"{game_id}: RULES.md rulings with no id in rulings.toml: {missing}"
    moments = {t.name for t in glossary(game) if t.moment}
    for r in every:
        assert r.text and r.title, r.id
        assert set(r.moments) <= moments, f"{r.id}: {set(r.moments) - moments} is not a moment of {game_id}"
        assert r.scope == "game" or r.moments or r.actions or r.cards, r.id


@pytest.mark.parametrize("game_id,players", [("spirit-link", 2), ("life-siphon", 4),
                                             ("bad-baby-lich-lords", 2), ("life-and-legend", 3)])
def test_random_games_reach_decisions_their_rulings_apply_to(game_id, players):
    """Each game's decision rulings apply somewhere in a few random games (none is dead data)."""
    game = tabletome.game(game_id)
    met = set()
    for seed in range(3):
        state = game.new(players=players, seed=seed)
        chooser = tabletome.agent("random", seed=seed)
        n = 0
        while not state.is_over and n < 600:
            legal = state.legal_actions()
            met |= {r.id for r in applying(game, moment_of(game, state.view(state.to_move)), legal)}
            state.apply(chooser.choose(state))
            n += 1
    assert len(met) >= 4, met


def test_a_ruling_on_a_card_applies_to_the_moves_that_name_it():
    """A ruling that lists ``cards`` applies where a move names one of them (in any case and
    spacing), and not to moves that do not; one listing ``actions`` applies by a move's first
    word, whatever else is offered beside it."""
    game = tabletome.game("life-siphon")
    ids = lambda moves: {r.id for r in applying(game, None, moves)}   # noqa: E731
    assert "ls-void" in ids(["play Void  bringer to slot 3", "end turn"])
    assert "ls-void" not in ids(["play Void Walker to slot 3", "end turn"])
    cast = next(r for r in rulings(game) if "cast" in r.actions and not r.cards and not r.moments)
    assert cast.id in ids(["end turn", "Cast Firestorm"]) and cast.id not in ids(["end turn"])
