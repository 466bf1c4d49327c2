"""Pick the support rules' fixtures (tests/data/support-fixtures/cases.jsonl.gz) from real
published text: claims citing abstracts, where the gold label and the shipped judge agree.

    python bench/support_fixtures.py [--work /tmp/essaylint-bench-support]

The cases are examples of behaviour, not a measurement (the held-out precision is
bench/judgement_support.py's): for each support rule, claims it must flag (their gold label
says the source does not support them) and supported claims it must leave alone. They come
first from the SciFact dev-eval claims, which no fit has seen, then from Check-COVID's test
split, in file order, so a refit that changes the judge's verdicts changes the picks only
where it must.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from _common import ROOT
from support_sets import DEFAULT_WORK, Row, load_rows, read_set, set_path

from essaylint.audit.citations.calibration import load_model

OUT = ROOT / "tests" / "data" / "support-fixtures" / "cases.jsonl.gz"
SOURCES = ("scifact_deveval", "checkcovid")
# rule → (gold labels, the outcome that fires it); each also gets supported claims it spares.
RULES = {
    "citation/contradicted": (("CONTRADICTED",), "contradicted"),
    "citation/weak-support": (("UNRELATED", "NEI"), "weak"),
    "citation/uncertain-support": (("NEI",), "uncertain"),
}
FIRING, SPARED = 3, 2


def candidates(work: Path) -> list[tuple[Row, dict, str]]:
    """(row with features, its set record, the shipped judge's outcome), in pick order."""
    model = load_model()
    out = []
    for name in SOURCES:
        records = {r["id"]: r for r in read_set(set_path(name))}
        for row in load_rows(name, work):
            record = records[row.id]
            if row.features is None or record.get("split", "test") != "test":
                continue
            out.append((row, record, model.outcome(row.features)))
    return out


def pick(pool: list[tuple[Row, dict, str]]) -> list[dict]:
    cases: list[dict] = []
    used: set[str] = set()
    for rule, (gold, outcome) in RULES.items():
        wanted = [(gold, outcome, True, FIRING), (("SUPPORTED",), "supported", False, SPARED)]
        for labels, verdict, fires, count in wanted:
            chosen = [
                (row, record)
                for row, record, judged in pool
                if row.label in labels and judged == verdict and row.id not in used
            ][:count]
            for row, record in chosen:
                used.add(row.id)
                cases.append(_case(rule, fires, row, record))
    return cases


def _case(rule: str, fires: bool, row: Row, record: dict) -> dict:
    return {
        "id": row.id,
        "rule": rule,
        "fires": fires,
        "gold": row.label,
        "set": row.set,
        "claim": row.claim,
        "doc_id": f"{row.set}_{record['doc_id']}",
        "title": record["title"],
        "doc_sentences": record["doc_sentences"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK)
    args = parser.parse_args()
    cases = pick(candidates(args.work))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(OUT, "wb", mtime=0) as raw:
        for case in cases:
            raw.write((json.dumps(case, ensure_ascii=False) + "\n").encode("utf-8"))
    print(f"{len(cases)} cases → {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
