"""What we show as the rulebook's words is the rulebook's words: every glossary entry's text and
every lesson's quote is found word for word in the game's rulebook (spaces and the rulebook's bullet
marks aside; " ... " joins passages). The rulebooks live beside the
repository (../shared/rules/, from its root), not in it."""

import re
import tomllib
from pathlib import Path

import pytest

import tabletome

HERE = Path(__file__).resolve()
GAMES = {"spirit-link": "spirit_link", "life-siphon": "life_siphon", "bad-baby-lich-lords": "bad_baby_lich_lords",
         "life-and-legend": "life_and_legend"}


def rulebook(folder: str) -> Path:
    for root in (HERE.parents[3], HERE.parents[2], Path("/work")):
        path = root / "shared" / "rules" / f"{folder}.txt"
        if path.exists():
            return path
    return HERE.parents[3] / "shared" / "rules" / "missing"



def not_in(quote: str, book: str) -> list[str]:
    """The parts of a quotation (" ... " joins passages) not found word for word in ``book``."""
    return [part for part in re.split(r"\s*(?:\.\.\.|…)\s*", " ".join(quote.split())) if part and part not in book]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_what_we_show_as_the_rulebooks_words_is_its_words(game_id):
    path = rulebook(GAMES[game_id])
    if not path.exists():
        pytest.skip("the rulebook is not beside the repository")
    book = " ".join(path.read_text().replace("•", " ").split())
    folder = Path(tabletome.__file__).parent / "games" / GAMES[game_id]
    misquoted = []
    for term in tomllib.loads((folder / "glossary.toml").read_text()).get("term", []):
        misquoted += [("glossary", term["name"], part) for part in not_in(term["text"], book)]
    for les in tomllib.loads((folder / "lessons.toml").read_text()).get("lesson", []):
        misquoted += [("lesson", les["title"], part) for part in not_in(les["quote"], book)]
    assert misquoted == []
