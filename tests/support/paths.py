"""Where the test material is: tests/data/ (it travels with the repository)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
CORPUS = DATA / "corpus"
SAMPLE = DATA / "sample-essay"
DEV_EVAL_CASES = DATA / "dev-eval" / "cases.jsonl"
NC_PAPER = CORPUS / "sundstrom2014_ipg_stressful_life_events_dementia.pdf"
NC_REASON = "the CC BY-NC-SA paper is not in this copy (it is left out of the sdist)"

BENCH = Path(__file__).resolve().parents[2] / "bench"


@contextmanager
def bench_on_path() -> Iterator[None]:
    """The bench scripts importable by their bare names, as they import one another."""
    sys.path.insert(0, str(BENCH))
    try:
        yield
    finally:
        sys.path.remove(str(BENCH))
