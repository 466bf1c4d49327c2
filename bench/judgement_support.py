"""Judgement bench, citation support: the four outcomes of the product's judge on labelled
claim-evidence sets nobody on the project wrote, every figure on a domain not used to tune
the figure's judge.

    python bench/judgement_support.py [--work /tmp/essaylint-bench-support] \\
        [--extra PATH.jsonl.gz ...] [--verdicts FILE.jsonl] [--json FILE.json]

- SciFact, Check-COVID, WiCE (bench/data/support/): each judged by a judge fitted on the
  other two, its thresholds chosen by cross-domain validation inside those two
  (bench/support_judge.py): leave-one-domain-out.
- SciFact dev-eval (the 60 claims of ../shared/dev-eval): judged by a judge fitted on
  Check-COVID + WiCE only, since its abstracts are SciFact's.
- ``--extra``: evaluation-only sets in the same format (Climate-FEVER, Citation-Integrity:
  no licence to redistribute, never committed; bench/data/README.md), judged by the
  shipped judge (fitted on all three training sets).

Features come from the product's own judge in a real ingested repo per set
(bench/support_sets.py; cached in --work). ``--verdicts`` writes every `contradicted`
verdict with its quote, for reading.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from support_judge import Judge, evaluate, train, usable
from support_sets import CHECK_SETS, DEFAULT_WORK, TRAINING_SETS, Row, load_rows, set_name

from essaylint.audit.citations.calibration import load_model

FOLD_TRAINING = {"scifact_deveval": ("checkcovid", "wice")}


def judged_sets(work: Path, extras: list[str]) -> list[tuple[str, str, Judge, list[Row]]]:
    """(held-out set, what its judge was tuned on, the judge, the set's rows)."""
    training = {name: usable(load_rows(name, work)) for name in TRAINING_SETS}
    out = []
    for held in TRAINING_SETS:
        tuned = tuple(d for d in TRAINING_SETS if d != held)
        out.append(
            (held, " + ".join(tuned), train({d: training[d] for d in tuned}), training[held])
        )
    for name in CHECK_SETS:
        tuned = FOLD_TRAINING[name]
        judge = train({d: training[d] for d in tuned})
        out.append((name, " + ".join(tuned), judge, load_rows(name, work)))
    if extras:
        shipped = train(training)
        _check_shipped(shipped)
        for path in extras:
            out.append(
                (set_name(Path(path)), "all three (shipped)", shipped, load_rows(path, work))
            )
    return out


def _check_shipped(judge: Judge) -> None:
    shipped = load_model()
    same = shipped.weights == judge.fit.weights and math.isclose(
        shipped.warn_below, judge.warn_below, abs_tol=1e-9
    )
    if not same:
        print(
            "\n> note: the shipped model differs from a fit on the current data: run "
            "bench/fit_support.py\n"
        )


def _f(value: float) -> str:
    return "–" if value is None or value != value else f"{value:.2f}"


def main_table(results: list[tuple[str, str, dict]]) -> str:
    head = (
        "| held-out set | tuned on | rows | AUC sup/rest | AUC sup/(NEI+ref) | F1 sup vs unrelated "
        "| supported warned | NEI warned | refuted warned | NEI+ref warned | unrelated warned "
        "| contradicted caught | contradicted precision (n) |\n" + "|---" * 13 + "|\n"
    )
    lines = [
        f"| {name} | {tuned} | {r['n']} | {_f(r['auc_supported_vs_rest'])} "
        f"| {_f(r['auc_supported_vs_nei_refuted'])} | {_f(r['f1_supported_vs_unrelated'])} "
        f"| {_f(r['supported_warned'])} | {_f(r['nei_warned'])} | {_f(r['refuted_warned'])} "
        f"| {_f(r['nei_refuted_warned'])} | {_f(r['unrelated_warned'])} "
        f"| {_f(r['contradicted_caught'])} | {_f(r['contradicted_precision'])} "
        f"({r['contradicted_n']}) |"
        for name, tuned, r in results
    ]
    return head + "\n".join(lines) + "\n"


def outcome_table(results: list[tuple[str, str, dict]]) -> str:
    head = (
        "| held-out set | supported P / R | contradicted P / R | weak P / R | weak P, cited only "
        "| uncertain: share of S / NEI / refuted / unrelated |\n" + "|---" * 6 + "|\n"
    )
    lines = []
    for name, _, r in results:
        uncertain = " / ".join(
            _f(r[f"share_{lab}_uncertain"])
            for lab in ("SUPPORTED", "NEI", "CONTRADICTED", "UNRELATED")
        )
        lines.append(
            f"| {name} | {_f(r['supported_precision'])} / {_f(r['supported_recall'])} "
            f"| {_f(r['contradicted_precision'])} / {_f(r['contradicted_recall'])} "
            f"| {_f(r['weak_precision'])} / {_f(r['weak_recall'])} "
            f"| {_f(r.get('weak_precision_cited', math.nan))} | {uncertain} |"
        )
    return head + "\n".join(lines) + "\n"


def targets(results: list[tuple[str, str, dict]]) -> str:
    by = {name: r for name, _, r in results}
    others = [n for n in by if not n.startswith("scifact")]
    sup = ", ".join(f"{n} {_f(by[n]['supported_warned'])}" for n in others)
    bad = ", ".join(f"{n} {_f(by[n]['nei_refuted_warned'])}" for n in others)
    caught = ", ".join(
        f"{n} {_f(by[n]['contradicted_caught'])}"
        for n in by
        if by[n]["contradicted_caught"] == by[n]["contradicted_caught"]
    )
    f1 = _f(by["scifact"]["f1_supported_vs_unrelated"])
    return (
        "| target | held-out result |\n|---|---|\n"
        f"| supported vs unrelated F1 ≥ 0.90 on SciFact | {f1}"
        + (
            f" (dev-eval {_f(by['scifact_deveval']['f1_supported_vs_unrelated'])})"
            if "scifact_deveval" in by
            else ""
        )
        + " |\n"
        f"| contradicted caught ≥ 0.60 | {caught} |\n"
        f"| other domains: supported warned ≤ 0.25 | {sup} |\n"
        f"| other domains: refuted + NEI warned ≥ 0.70 | {bad} |\n"
    )


# The shipped rule and two broader ones the research compared (bench/data/README.md).
RULES = {
    "shipped: reversal at the best sentence or its window": ("c_sdirw",),
    "+ a negation at the best sentence": ("c_sdirw", "c_sneg1"),
    "+ a reversal at any of the 3 closest": ("c_sdirw", "c_sneg1", "c_sdir3"),
}


def rule_table(judged: list[tuple[str, str, Judge, list[Row]]]) -> str:
    """Each contradiction rule at each set's own cosine: verdicts / precision / caught."""
    head = "| held-out set | cosine | " + " | ".join(RULES) + " |\n" + "|---" * (len(RULES) + 2)
    lines = []
    for name, _, judge, rows in judged:
        kept = [r for r in usable(rows)]
        refuted = sum(r.label == "CONTRADICTED" for r in kept)
        if not refuted:
            continue
        cells = []
        for cues in RULES.values():
            fired = [
                r
                for r in kept
                if any((r.features or {}).get(c, 0.0) > 0 for c in cues)
                and (r.features or {}).get("cos1", 0.0) >= judge.contradiction_cos
            ]
            right = sum(r.label == "CONTRADICTED" for r in fired)
            p = right / len(fired) if fired else math.nan
            cells.append(f"{len(fired)} / {_f(p)} / {_f(right / refuted)}")
        lines.append(f"| {name} | {judge.contradiction_cos:.2f} | " + " | ".join(cells) + " |")
    return head + "|\n" + "\n".join(lines) + "\n"


def write_verdicts(path: Path, judged: list[tuple[str, str, Judge, list[Row]]]) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as handle:
        for name, _, judge, rows in judged:
            kept = usable(rows)
            for row, outcome in zip(kept, judge.outcomes(kept), strict=True):
                if outcome == "contradicted":
                    record = {
                        "set": name,
                        "id": row.id,
                        "gold": row.label,
                        "claim": row.claim,
                        "quote": row.contrary or row.passage,
                    }
                    handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                    count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK)
    parser.add_argument("--extra", action="append", default=[], help="an evaluation-only set")
    parser.add_argument("--verdicts", type=Path, help="write the contradicted verdicts here")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()

    judged = judged_sets(args.work, args.extra)
    results = [(name, tuned, evaluate(judge, rows)) for name, tuned, judge, rows in judged]
    thresholds = {
        name: {
            "Tw": round(j.warn_below, 3),
            "Ts": round(j.supported_from, 3),
            "cos": j.contradiction_cos,
        }
        for name, _, j, _ in judged
    }
    print("### Held-out figures per set\n")
    print(main_table(results))
    print("### Per outcome: precision / recall against the gold label\n")
    print(outcome_table(results))
    print("### Thresholds of each set's judge (chosen without that set)\n")
    print("| held-out set | Tw | Ts | contradiction cosine |\n|---|---|---|---|")
    for name, t in thresholds.items():
        print(f"| {name} | {t['Tw']:.3f} | {t['Ts']:.3f} | {t['cos']:.2f} |")
    print("\n### Contradiction rules: verdicts / precision / contradicted caught\n")
    print(rule_table(judged))
    print("### Targets (issue: judgement that holds on text nobody here wrote)\n")
    print(targets(results))
    if args.verdicts:
        print(f"{write_verdicts(args.verdicts, judged)} contradicted verdicts → {args.verdicts}")
    if args.json:
        args.json.write_text(json.dumps({n: r for n, _, r in results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
