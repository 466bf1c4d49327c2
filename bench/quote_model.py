"""Fit and check the finding-sentence model (essaylint/retrieve/finding.py) offline.

    python bench/quote_model.py train [--local DOCS.jsonl.gz]  # essaylint/assets/quote_model.json
    python bench/quote_model.py eval  [--local DOCS.jsonl.gz]  # the held-out table

Data (bench/data/README.md): bench/data/quotes/evidence_cases.jsonl.gz (query, document,
evidence sentence indices, split) and evidence_docs.jsonl.gz (sentence lists). Check-COVID's
abstracts are CORD-19 text that is not ours to redistribute: they are read only when
``--local`` names a file that holds them, and the shipped model is fitted without them.

Model: a conditional logit (softmax over a passage's sentences, trained to put its mass on
the evidence sentences; Adam, L2 1e-3). A passage is the abstract; for the full articles of
Evidence Inference, the ~150-word run of one section that shares the most query terms with
the question (a stand-in for the retrieved passage) plus the evidence sentences' neighbours.
"Quote" = the run of consecutive sentences of at most 60 words with the largest mass holds
an evidence sentence; the same test bench/quotes.py makes through the real pipeline.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
from pathlib import Path

import numpy as np
from _common import DATA, ROOT

from essaylint.retrieve.finding import features, terms

QUOTES = DATA / "quotes"
MODEL = ROOT / "essaylint" / "assets" / "quote_model.json"
TRAIN_SETS = ("scifact", "checkcovid", "evinf")  # checkcovid only with --local
NAMES = [line for line in json.loads(MODEL.read_text())["features"]]


def load_cases(local: Path | None) -> list[dict]:
    docs = {}
    for path in (QUOTES / "evidence_docs.jsonl.gz", local):
        if path is None or not path.is_file():
            continue
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                docs[row["doc_id"]] = row
    out = []
    with gzip.open(QUOTES / "evidence_cases.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            doc = docs.get(row["doc_id"])
            if doc is None or row["label"] == "NOTENOUGHINFO":
                continue
            row["sentences"], row["title"] = doc["sentences"], doc.get("title") or ""
            out.append(row)
    return out


def windows(sentences: list[str], max_words: int = 150) -> list[tuple[int, int]]:
    out, start, words = [], 0, 0
    for i, s in enumerate(sentences):
        if len(s.split()) <= 8 and not s.rstrip().endswith((".", "!", "?", ")", "]")):
            if i > start:
                out.append((start, i))
            start, words = i + 1, 0
            continue
        if words and words + len(s.split()) > max_words:
            out.append((start, i))
            start, words = i, 0
        words += len(s.split())
    if start < len(sentences):
        out.append((start, len(sentences)))
    return [(a, b) for a, b in out if b > a]


def retrieved_window(case: dict) -> tuple[int, int]:
    wanted = terms(case["query"])
    best, best_score = (0, 0), -1.0
    for a, b in windows(case["sentences"]):
        text = " ".join(case["sentences"][a:b])
        score = len(terms(text) & wanted) / max(1, len(text.split())) ** 0.25
        if score > best_score:
            best, best_score = (a, b), score
    return best


def passage(case: dict, training: bool) -> tuple[list[str], set[int]] | None:
    evidence = set(case["evidence_idx"])
    if case["set"] != "evinf":
        return case["sentences"], evidence
    a, b = retrieved_window(case)
    keep = set(range(a, b))
    if training:
        keep |= {
            j for i in evidence for j in range(max(0, i - 4), min(len(case["sentences"]), i + 5))
        }
    order = sorted(keep)
    inside = {order.index(i) for i in evidence if i in keep}
    return ([case["sentences"][i] for i in order], inside) if inside else None


def groups(cases: list[dict], training: bool) -> list[tuple[np.ndarray, np.ndarray, list[str]]]:
    out = []
    for case in cases:
        got = passage(case, training)
        if got is None:
            continue
        sentences, evidence = got
        y = np.zeros(len(sentences))
        y[list(evidence)] = 1.0
        x = np.array(features(sentences, case["query"], case["title"]), dtype=np.float64)
        out.append((x, y, sentences))
    return out


def fit(data: list[tuple[np.ndarray, np.ndarray, list[str]]], l2: float = 1e-3, steps: int = 600):
    allx = np.vstack([x for x, _, _ in data])
    mean, std = allx.mean(0), np.maximum(allx.std(0), 1e-3)
    xs = [((x - mean) / std, y) for x, y, _ in data]
    w, m, v = (np.zeros(allx.shape[1]) for _ in range(3))
    loss = 0.0
    for t in range(1, steps + 1):
        grad, loss = l2 * w, 0.5 * l2 * float(w @ w)
        for x, y in xs:
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            q = p * y
            mass = max(q.sum(), 1e-12)
            loss -= math.log(mass) / len(xs)
            grad += (p @ x - (q / mass) @ x) / len(xs)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w, mean, std, loss


def quote_hit(sentences: list[str], z: np.ndarray, evidence: set[int], max_words: int = 60) -> bool:
    p = np.exp(z - z.max())
    p /= p.sum()
    lengths = [len(s.split()) for s in sentences]
    best, best_mass = (int(p.argmax()), int(p.argmax()) + 1), -1.0
    for a in range(len(sentences)):
        words, mass = 0, 0.0
        for b in range(a, len(sentences)):
            words += lengths[b]
            if words > max_words and b > a:
                break
            mass += p[b]
            if mass > best_mass + 1e-12:
                best, best_mass = (a, b + 1), mass
    return any(best[0] <= i < best[1] for i in evidence)


def score(model: tuple, data: list) -> tuple[int, float, float]:
    w, mean, std = model[:3]
    top1 = quote = 0
    for x, y, sentences in data:
        z = ((x - mean) / std) @ w
        evidence = set(np.flatnonzero(y).tolist())
        top1 += int(z.argmax()) in evidence
        quote += quote_hit(sentences, z, evidence)
    n = max(len(data), 1)
    return len(data), top1 / n, quote / n


JUDGE_WEIGHTS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 1000.0)


def judge_sweep(cases: list[dict]) -> None:
    """Hit rates of finding score + weight × the judge's evidence logit, per set and split.
    The weight is chosen on Check-COVID's tune split, which the judge never saw."""
    from essaylint.retrieve.finding import judged, scores

    print("| set | split | passages | " + " | ".join(f"w={v:g}" for v in JUDGE_WEIGHTS) + " |")
    print("|---|---|---:|" + "---:|" * len(JUDGE_WEIGHTS))
    from judge_model import weight_half

    for name in ("checkcovid", "scifact", "deveval", "evinf"):
        for split in ("tune", "weight", "heldout"):
            if split == "weight":  # the tune half the judge never saw: the weight's choice
                subset = [
                    c
                    for c in cases
                    if c["set"] == name
                    and c["split"] == "tune"
                    and name == "checkcovid"
                    and weight_half(c["doc_id"])
                ]
            else:
                subset = [c for c in cases if c["set"] == name and c["split"] == split]
            hits = [0] * len(JUDGE_WEIGHTS)
            n = 0
            for case in subset:
                got = passage(case, training=False)
                if got is None:
                    continue
                sentences, evidence = got
                z = scores(sentences, case["query"], case["title"])
                r = judged(sentences, case["query"], z)
                assert r is not None, "the evidence judge did not load"
                n += 1
                for k, weight in enumerate(JUDGE_WEIGHTS):
                    hits[k] += quote_hit(sentences, z + weight * r, evidence)
            if n:
                cells = " | ".join(f"{h / n:.3f}" for h in hits)
                print(f"| {name} | {split} | {n} | {cells} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["train", "eval"])
    parser.add_argument("--local", type=Path, help="Check-COVID abstracts (not redistributed)")
    parser.add_argument(
        "--judge", action="store_true", help="also add the evidence judge's logit, weights swept"
    )
    args = parser.parse_args()
    cases = load_cases(args.local)
    if args.action == "train":
        tune = [c for c in cases if c["split"] == "tune" and c["set"] in TRAIN_SETS]
        w, mean, std, loss = fit(groups(tune, training=True))
        model = {
            "kind": "conditional logit over a passage's sentences; "
            "score = ((x - mean) / std) · weights",
            "features": NAMES,
            "weights": [float(f"{v:.6g}") for v in w],
            "mean": [float(f"{v:.6g}") for v in mean],
            "std": [float(f"{v:.6g}") for v in std],
            "trained_on": [f"{s} (tune split)" for s in TRAIN_SETS],
            "groups": len(tune),
            "final_loss": round(loss, 4),
        }
        shipped = json.loads(MODEL.read_text())
        model |= {k: shipped[k] for k in ("judge_weight", "judge_weight_note") if k in shipped}
        MODEL.write_text(json.dumps(model, indent=1) + "\n")
        print(f"fitted on {len(tune)} tune cases ({', '.join(TRAIN_SETS)}); loss {loss:.3f}")
        return
    shipped = json.loads(MODEL.read_text())
    model = (np.array(shipped["weights"]), np.array(shipped["mean"]), np.array(shipped["std"]))
    print(f"model fitted on {shipped['trained_on']}")
    if args.judge:
        judge_sweep(cases)
        return
    print("| set | split | passages | top sentence is evidence | quote holds evidence |")
    print("|---|---|---:|---:|---:|")
    for name in ("scifact", "deveval", "checkcovid", "evinf"):
        for split in ("tune", "heldout"):
            subset = [c for c in cases if c["set"] == name and c["split"] == split]
            if subset:
                n, top1, quote = score(model, groups(subset, training=False))
                print(f"| {name} | {split} | {n} | {top1:.3f} | {quote:.3f} |")


if __name__ == "__main__":
    main()
