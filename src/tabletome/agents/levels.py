"""Named difficulty levels for people choosing an opponent: each is an agent spec. Their measured
strength (benchmarks/README.md, "Difficulty levels") is what ``tabletome play --help`` and the
browser's start page show beside them."""

LEVELS = {
    "easy": "random",
    "normal": "heuristic",
    "hard": "ismcts",
}

STRENGTH = {
    "easy": "random legal moves; normal beats it in 100 of 100 games (97 in Life & Legend)",
    "normal": "the heuristic: each game's rules of thumb, instant",
    "hard": "ISMCTS search, about a second a move; beats normal in 63-76% of games",
}


def level_spec(name: str) -> str:
    """The agent spec of difficulty ``name``; IllegalAction naming the levels otherwise."""
    from tabletome.core import IllegalAction

    key = str(name).strip().lower()
    if key not in LEVELS:
        raise IllegalAction(f"no difficulty {str(name)[:20]!r}; choose one of: {', '.join(LEVELS)}")
    return LEVELS[key]
