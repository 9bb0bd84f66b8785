"""Each game's environment version, and the behaviour it names.

A published result names its env id (``tabletome/SpiritLink-v1``, PettingZoo's
``tabletome_spirit_link_v1``): the version pins the game it was measured on. Each line records
a game's version with two hashes of what an agent meets there:

- the rules (with the heuristic, the default opponent, and every seat's view): the ``games`` part
  of ``python benchmarks/engine_identity.py`` (``ll_identity.py`` for Life & Legend), printed under
  ``"parts"``;
- the observations and masks: ``python benchmarks/rl_batch.py hash``;
- what the adapters hand an agent (Gymnasium's env and vector env, PettingZoo's, OpenSpiel's:
  spaces, rewards, terminations and truncations, infos): ``python benchmarks/rl_batch.py adapters``.
  A line written before this hash was kept has none: ``ADAPTERS`` gives it for those versions.

``tests/rl/test_versions.py`` recomputes the three for every game and compares them with the
game's newest line: when a game's behaviour changes, it fails (printing the line to add) until a
new line with the next version and the new hashes is added below (one line), and docs/rl.md's
changelog has that version's entry, with the same hashes, saying what changed. Lines are never
edited or removed: a published version keeps its hashes. A change to an adapter alone (rewards,
truncation, spaces) changes every game's adapters hash, so it adds a line for every game.
"""

# One line per game and version, the newest last (a line from now on also ends with its adapters
# hash, rl_batch.py adapters):
#  game id                  version  rules (identity "games")  observations (rl_batch.py hash)
HISTORY = [
    ("spirit-link",             1, "de77da89936f7e78", "826ba901a7043e91"),
    ("life-siphon",             1, "23881bf5ed6e9acd", "c9a79cbba1660512"),
    ("bad-baby-lich-lords",     1, "79764a33060c5f8e", "5b1bfd51e5742921"),
    ("life-and-legend",         1, "7d94cf41f19cfb4e", "79aac96095df0db1"),
    ("bad-baby-lich-lords",     2, "79764a33060c5f8e", "30ba5e1d40c65349"),
    ("life-siphon",             2, "26dda9b7964143ee", "c1127b8c8d4d1640", "85c6d431e2efd411"),
    ("life-and-legend",         2, "6329f20ade1e2402", "ec52ab6c3e0d3f0a", "de8799d1ee5f05d7"),
    ("bad-baby-lich-lords",     3, "3360464f9644bba5", "b01109b8c368645e", "b145ea3aa35326f3"),
]

# The adapters hash of the lines above that have none (every version they name was published
# with the adapters as they were when this hash was first kept).
ADAPTERS = {
    "spirit-link":          "429d17df3f6321f4",
    "life-siphon":          "85c6d431e2efd411",
    "bad-baby-lich-lords":  "b145ea3aa35326f3",
    "life-and-legend":      "af6a2831e01ffd94",
}


def hashes(line) -> tuple[str, str, str | None]:
    """A ``HISTORY`` line's rules, observations and adapters hashes (``ADAPTERS``' for an older line)."""
    game_id, _, rules, observations, *adapters = line
    return rules, observations, adapters[0] if adapters else ADAPTERS.get(game_id)


# The newest line of each game: game id -> (version, rules hash, observations hash, adapters hash).
VERSIONS = {}
for _line in HISTORY:
    if _line[0] not in VERSIONS or _line[1] > VERSIONS[_line[0]][0]:
        VERSIONS[_line[0]] = (_line[1], *hashes(_line))

# A game registered later (a plugin) that is not listed here starts at this version.
FIRST_VERSION = 1


def version(game_id: str) -> int:
    """The environment version of a game: its newest ``HISTORY`` line, ``FIRST_VERSION`` if unlisted."""
    entry = VERSIONS.get(game_id)
    return FIRST_VERSION if entry is None else entry[0]
