"""Two versions of essaylint side by side on the same essay: cold ingest, no-op re-ingest,
query, and the commit-time audit (`hook run`) unchanged and after a one-paragraph edit.

Each version gets its own copy of one essay repo (4 corpus PDFs, the sample essay grown to
~3,000 words) and runs as its own process; the two run in turn, A B A B …, and the table gives
each one's median wall time and the median of the pairwise ratios A/B, so that a comparison
holds when the shared machine's speed drifts.

    python bench/versions.py --old /path/to/old-venv/bin/essaylint [--runs 5]

A is the essaylint beside this Python (this checkout); B is --old, e.g. a venv with an
earlier commit installed (`git worktree add /tmp/old COMMIT && python3 -m venv /tmp/old-venv
&& /tmp/old-venv/bin/pip install -e '/tmp/old[local]'`).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

from _common import ROOT, grown_essay, log, median, run

CORPUS = ROOT / "tests" / "data" / "corpus"
SAMPLE = ROOT / "tests" / "data" / "sample-essay" / "essay.md"
PDFS = ("agyemanduah2014", "tully2010", "datta2010", "sundstrom2014")
QUESTION = "What barriers limit quality improvement in low-income hospitals?"
SWAPS = (
    {},
    {"hospital": "clinic", "staff": "workers", "patients": "service users"},
    {"improve": "raise", "care": "treatment", "evidence": "findings"},
    {"barriers": "obstacles", "health": "healthcare", "initiatives": "projects"},
)


def long_draft(words: int = 3000) -> str:
    """The sample essay's body repeated with word swaps (so sentences differ) to ~words."""
    return grown_essay(SAMPLE.read_text(), SWAPS, words)


def prepare(exe: str, root: Path) -> Path:
    shutil.rmtree(root, ignore_errors=True)
    run(root.parent, exe, "new", root.name)
    for pdf in sorted(CORPUS.glob("*.pdf")):
        if pdf.name.startswith(PDFS):
            shutil.copyfile(pdf, root / "raw" / "evidence" / pdf.name)
    (root / "drafts" / "essay.md").write_text(long_draft())
    run(root, exe, "ingest", check=False)
    return root


def edit_paragraph(root: Path, n: int) -> None:
    draft = root / "drafts" / "essay.md"
    paragraphs = draft.read_text().split("\n\n")
    cited = [i for i, p in enumerate(paragraphs) if len(p.split()) > 60 and "{#doc_" in p]
    i = cited[n % len(cited)]
    extra = f" In ward {n + 1}, staff training causes markedly better outcomes than audits."
    paragraphs[i] = paragraphs[i].rstrip() + extra
    draft.write_text("\n\n".join(paragraphs))


def clear_derived(root: Path) -> None:
    for name in ("index", "parsed", "chunks", ".essaylint"):
        shutil.rmtree(root / name, ignore_errors=True)


def timed(root: Path, exe: str, *args: str) -> float:
    start = time.perf_counter()
    run(root, exe, *args, check=False)
    return time.perf_counter() - start


def paired(
    runs: int, a: Callable[[int], float], b: Callable[[int], float]
) -> tuple[float, float, float]:
    times_a, times_b, ratios = [], [], []
    for n in range(runs):
        times_a.append(a(n))
        times_b.append(b(n))
        ratios.append(times_a[-1] / times_b[-1])
    return median(times_a), median(times_b), median(ratios)


def cases(new: str, old: str, roots: dict[str, Path]) -> dict[str, tuple]:
    a, b = roots["new"], roots["old"]

    def cold_ingest(exe: str, root: Path) -> Callable[[int], float]:
        return lambda n: (clear_derived(root), timed(root, exe, "ingest"))[1]

    def edited_hook(exe: str, root: Path) -> Callable[[int], float]:
        return lambda n: (edit_paragraph(root, n), timed(root, exe, "hook", "run", DRAFT))[1]

    def same(exe: str, root: Path, *args: str) -> Callable[[int], float]:
        return lambda n: timed(root, exe, *args)

    return {
        "cold ingest (4 PDFs, model load, embed)": (
            cold_ingest(new, a),
            cold_ingest(old, b),
            "essaylint ingest",
        ),
        "no-op re-ingest": (same(new, a, "ingest"), same(old, b, "ingest"), "essaylint ingest"),
        "query": (
            same(new, a, "query", QUESTION, "--json"),
            same(old, b, "query", QUESTION, "--json"),
            "essaylint query Q --json",
        ),
        "hook run, draft unchanged": (
            same(new, a, "hook", "run", DRAFT),
            same(old, b, "hook", "run", DRAFT),
            f"essaylint hook run {DRAFT}",
        ),
        "hook run, one paragraph edited": (
            edited_hook(new, a),
            edited_hook(old, b),
            f"essaylint hook run {DRAFT}",
        ),
    }


DRAFT = "drafts/essay.md"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, help="the other version's essaylint executable")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ingest-runs", type=int, default=3)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/essaylint-bench-versions"))
    args = parser.parse_args()
    new = str(Path(sys.executable).parent / "essaylint")
    args.workdir.mkdir(parents=True, exist_ok=True)
    log("preparing both essay repos (one ingest each) …")
    roots = {
        "new": prepare(new, args.workdir / "new"),
        "old": prepare(args.old, args.workdir / "old"),
    }
    load = os.getloadavg()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, load average at start {load[0]:.1f}"
    )
    print("\n| case | command | A: this checkout (s) | B: --old (s) | A/B (median of pairs) |")
    print("|---|---|---|---|---|")
    for label, (a, b, command) in cases(new, args.old, roots).items():
        runs = args.ingest_runs if label.startswith("cold") else args.runs
        log(f"{label}: {runs} pairs")
        ta, tb, ratio = paired(runs, a, b)
        print(f"| {label} | `{command}` | {ta:.2f} | {tb:.2f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
