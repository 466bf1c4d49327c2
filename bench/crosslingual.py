"""Cross-lingual passages: does a Chinese question asked without --en get the answering
passage (a child holding an annotated evidence sentence of the cited abstract) among the
first five children, with retrieval.multilingual on?

    python bench/crosslingual.py --work /tmp/essaylint-bench-dev-eval-ml

The questions are bench/data/zh_queries.jsonl (written by hand from dev-eval claims; rows
with "split" are the newer ones: "check" was looked at while working, "heldout" was not).
The English form of each question is asked in the same run, as the reference.
--with-gloss adds the CC-CEDICT gloss list (retrieve/glossary.py; retrieval.chinese_gloss,
off by default), to measure it.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from _common import DATA, DEV_EVAL

from essaylint.app.query import open_retriever
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.retrieve.records import QueryInputs

TOP = 5


def evidence(dev_eval: Path) -> dict[str, list[tuple[str, list[str]]]]:
    """query id → [(cited doc uid, rationale sentences)]."""
    out: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)
    for line in (dev_eval / "cases.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row["rationale_text"]:
            out[str(row["claim_id"])].append((row["cited_doc_id"], row["rationale_text"]))
    return out


def answered(hits: list, wanted: list[tuple[str, list[str]]]) -> bool:
    flat = " ".join
    for hit in hits[:TOP]:
        text = flat(hit.child.text.split())
        for doc_uid, rationale in wanted:
            if hit.doc_uid == doc_uid and any(flat(r.split())[:80] in text for r in rationale):
                return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="dev-eval repo, multilingual on")
    parser.add_argument("--dev-eval", type=Path, default=DEV_EVAL)
    parser.add_argument("--questions", type=Path, default=DATA / "zh_queries.jsonl")
    parser.add_argument("--skip", default="", help="a split to leave out (e.g. heldout)")
    parser.add_argument(
        "--with-gloss",
        action="store_true",
        help="add the bm25_gloss list (retrieval.chinese_gloss)",
    )
    args = parser.parse_args()
    project = Project(args.work)
    retriever = open_retriever(project, load_config(project.config_path))
    if args.with_gloss:
        retriever.params = replace(retriever.params, chinese_gloss=True)
    wanted = evidence(args.dev_eval)
    rows = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows:
        if row["query_id"] not in wanted:
            continue
        split = row.get("split", "first 30")
        if split == args.skip:
            continue
        zh = answered(retriever.search(QueryInputs(row["zh"])), wanted[row["query_id"]])
        en = answered(retriever.search(QueryInputs(row["en"])), wanted[row["query_id"]])
        counts[split][0] += zh
        counts[split][1] += en
        counts[split][2] += 1
        print(f"  {row['query_id']:>5} {split:9s} zh={int(zh)} en={int(en)} {row['zh']}")
    print(f"\n| questions | Chinese, no --en: answering passage in top {TOP} | English |")
    print("|---|---:|---:|")
    for split, (zh, en, n) in counts.items():
        print(f"| {split} ({n}) | {zh}/{n} | {en}/{n} |")


if __name__ == "__main__":
    main()
