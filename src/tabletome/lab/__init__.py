"""The designer's lab: play many games, store them in DuckDB, report and compare them.

    >>> from tabletome.lab import make_study, run_study, Store
    >>> study = make_study("spirit-link", ["heuristic", "random"], games=200, seed=1)
    >>> with Store("sl.duckdb") as store:
    ...     run_study(study, store, workers=2)

``tabletome lab run|report|compare`` on the command line; docs/lab.md explains the tables, the
report and running on a Ray cluster. Needs the ``lab`` extra (DuckDB, scipy, matplotlib, Ray).
"""

from .runner import play_batch, run_study
from .store import Store
from .study import Study, make_study, parse_sweep

__all__ = ["Store", "Study", "make_study", "parse_sweep", "play_batch", "run_study"]
