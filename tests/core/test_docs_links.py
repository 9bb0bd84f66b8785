"""The docs point at files that exist: every relative Markdown link, every benchmark script named,
and every raw report cited from ``benchmarks/results/`` (which holds only what the docs cite)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
DOCS = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
        *sorted((ROOT / "src" / "tabletome" / "games").glob("*/*.md"))]


def test_relative_links_lead_to_files():
    broken = []
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text()):
            if re.match(r"[a-z]+:|#", target):
                continue
            if not (doc.parent / target.split("#")[0]).exists():
                broken.append(f"{doc.relative_to(ROOT)}: {target}")
    assert broken == []


def test_every_benchmark_script_named_exists():
    missing = []
    for doc in DOCS:
        for name in set(re.findall(r"benchmarks/([A-Za-z0-9_]+\.(?:py|sh))", doc.read_text())):
            if not (ROOT / "benchmarks" / name).is_file():
                missing.append(f"{doc.relative_to(ROOT)}: benchmarks/{name}")
    assert missing == []


def test_results_holds_exactly_the_reports_the_docs_cite():
    cited, missing = set(), []
    for doc in DOCS + [ROOT / "benchmarks" / "leaderboard.sh", ROOT / "benchmarks" / "leaderboard_table.py"]:
        for ref in set(re.findall(r"results/([A-Za-z0-9_.<>*-]+[A-Za-z0-9>*])", doc.read_text())):
            pattern = re.sub(r"<[^>]*>", "*", ref)
            found = {p.name for p in RESULTS.glob(pattern)}
            if not found:
                missing.append(f"{doc.relative_to(ROOT)}: results/{ref}")
            cited |= found
    assert missing == [], "cited but not in benchmarks/results/"
    assert {p.name for p in RESULTS.iterdir()} - cited == set(), "in benchmarks/results/ but cited nowhere"


def test_the_readme_links_the_engine_docs_and_names_every_part():
    text = (ROOT / "README.md").read_text()
    assert "(docs/engine.md)" in text and "(docs/game-template.md)" in text
    layout = text.split("- Layout:", 1)[1].split("\n- ", 1)[0]
    for part in ("core/", "games/", "agents/", "rl/", "server/", "lab/", "cli/"):
        assert f"src/tabletome/{part}" in layout, part
