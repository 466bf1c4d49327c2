"""The judgement benchmark: how often the claim, style and rubric audits are right on text
that nobody on the project wrote, with the data each figure was tuned on and reported on.

    python bench/judgement.py [claims] [style] [rubric] [--work DIR] [--sample N]

- claims: bench/judgement_claims.py (held-out papers of the cite-worthiness set, cross-domain;
  run bench/citeworth_train.py first: it writes the per-field fold models into --work);
- style: bench/judgement_style.py (findings per rule per 500 words on published prose, and
  per-rule precision from the hand-read verdicts in bench/data/style_verdicts.jsonl);
- rubric: bench/judgement_rubric.py (coverage verdicts on published Discussion sections against
  the reading recorded in bench/data/rubric_verdicts.jsonl).

Prints Markdown (the BENCHMARKS.md section "Judgement (claims, style, rubric)"). ``--sample N``
also writes N findings per rule to --work for reading. Data and licences: bench/data/README.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _common import WORK, log

PARTS = ("claims", "style", "rubric")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", choices=[*PARTS, []], default=list(PARTS))
    parser.add_argument("--work", type=Path, default=WORK)
    parser.add_argument("--sample", type=int, default=0, help="write N findings per rule to read")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    for part in args.parts or PARTS:
        started = time.perf_counter()
        if part == "claims":
            from judgement_claims import report
        elif part == "style":
            from judgement_style import report
        else:
            from judgement_rubric import report
        print(report(args.work, args.sample))
        print()
        log(f"{part}: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
