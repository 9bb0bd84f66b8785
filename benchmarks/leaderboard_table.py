"""docs/rl.md's leaderboard table from a leaderboard.sh JSONL file (one arena report a line):

    python benchmarks/leaderboard_table.py benchmarks/results/leaderboard-spirit-link.jsonl

Each row an agent, each column an opponent: the row agent's win rate with its Wilson 95% interval
(the arena's), then wins-draws-losses of the games played. A report of A against B fills A's cell
against B and, where no report of B against A was made, B's cell against A (the same games seen
from B's side), so one arena run serves both cells.
"""

import json
import sys

COLUMNS = ("random", "heuristic", "ppo")


def cell(agent):
    low, high = agent["ci95"]
    return (f"{100 * agent['win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
            f"({agent['wins']}-{agent['draws']}-{agent['losses']} of {agent['games']})")


def table(path: str) -> str:
    cells, mirrored, rows = {}, {}, []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            report = json.loads(line)
            first, second = report["agents"][0], report["agents"][1]
            for agent in (first, second):
                if agent["spec"] not in rows and (agent is first or agent["spec"] in COLUMNS):
                    rows.append(agent["spec"])
            cells[first["spec"], second["spec"]] = cell(first)
            mirrored[second["spec"], first["spec"]] = cell(second)
    lines = ["| agent | " + " | ".join(f"vs {c}" for c in COLUMNS) + " |", "|---|" + "---|" * len(COLUMNS)]
    for row in rows:
        lines.append(f"| `{row}` | " + " | ".join(cells.get((row, c), mirrored.get((row, c), "")) for c in COLUMNS)
                     + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(sys.argv[1]))
