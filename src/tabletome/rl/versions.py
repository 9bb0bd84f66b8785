"""Each game's environment version, and the behaviour it names.

A published result names its env id (``tabletome/SpiritLink-v1``, PettingZoo's
``tabletome_spirit_link_v1``): the version pins the game it was measured on. Each line records
a game's version with two hashes of what an agent meets there:

- the rules (with the heuristic, the default opponent, and every seat's view): the ``games`` part
  of ``python benchmarks/engine_identity.py`` (``ll_identity.py`` for Life & Legend), printed under
  ``"parts"``;
- the observations and masks: ``python benchmarks/rl_batch.py hash``.

``tests/rl/test_versions.py`` recomputes both for every game and compares them with the game's
newest line: when a game's behaviour changes, it fails (printing the line to add) until a new line
with the next version and the new hashes is added below (one line), and docs/rl.md's changelog
has that version's entry, with the same hashes, saying what changed. Lines are never edited or
removed: a published version keeps its hashes. A change to an adapter itself (rewards, truncation,
spaces) adds a line for every game the same way.
"""

# One line per game and version, the newest last:
#  game id                  version  rules (identity "games")  observations (rl_batch.py hash)
HISTORY = [
    ("spirit-link",             1, "de77da89936f7e78", "826ba901a7043e91"),
    ("life-siphon",             1, "23881bf5ed6e9acd", "c9a79cbba1660512"),
    ("bad-baby-lich-lords",     1, "79764a33060c5f8e", "5b1bfd51e5742921"),
    ("life-and-legend",         1, "7d94cf41f19cfb4e", "79aac96095df0db1"),
    ("bad-baby-lich-lords",     2, "79764a33060c5f8e", "30ba5e1d40c65349"),
]

# The newest line of each game: game id -> (version, rules hash, observations hash).
VERSIONS = {}
for _game, _version, _rules, _observations in HISTORY:
    if _game not in VERSIONS or _version > VERSIONS[_game][0]:
        VERSIONS[_game] = (_version, _rules, _observations)

# A game registered later (a plugin) that is not listed here starts at this version.
FIRST_VERSION = 1


def version(game_id: str) -> int:
    """The environment version of a game: its newest ``HISTORY`` line, ``FIRST_VERSION`` if unlisted."""
    entry = VERSIONS.get(game_id)
    return FIRST_VERSION if entry is None else entry[0]
