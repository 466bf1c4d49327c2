"""Fit the `limits` filter of the counterevidence search (issue #22) and ship its coefficients.

    python bench/limits_filter_train.py [--work /tmp/essaylint-bench-limits] [--check]
    python bench/limits_filter_train.py \
        --heldout bench/data/counterevidence_limits_heldout_filter.jsonl

Data: every hand-read `limits` item of bench/data/counterevidence_limits_verdicts*.jsonl (read
blind by research helpers; right = 1, borderline or wrong = 0), each a claim and the source
sentence the search returned as limiting it. A sentence is read by the product's own code:
essaylint.audit.counterevidence.limits_filter's hand features and the shipped MiniLM's query
vector (the search's own vectors).

Protocol: each pool (each verdict file; the full-text file by its ``pool``) is scored by a
model fitted on the others, items whose sentence is also in the held-out pool left out of the
fit. Per variant, C and the threshold are chosen on these out-of-pool scores: the most right
items kept on full texts with precision at least MIN_FULLTEXT there and MIN_ALL over all pools.
Then the filter is refitted on every item with those settings and written to
essaylint/audit/data/limits_filter.json with the data's digest (``--check`` only reports).
Needs scikit-learn (the dev extra); the product only reads the JSON.

``--heldout FILE`` fits nothing: it counts the verdicts of a reading of items no fit saw
(``codes`` names the search versions that raised each item), per pool and version.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
from pathlib import Path

import numpy as np
from _common import ROOT, log, sentence_vectors
from sklearn.linear_model import LogisticRegression

from essaylint.audit.counterevidence.limits_filter import FEATURE_NAMES, MODEL_FILE, features
from essaylint.audit.shipped_model import TEXT_ONLY, WITH_EMBEDDING
from essaylint.index.embed import MiniLMEmbedder

VERDICTS = "bench/data/counterevidence_limits_verdicts*.jsonl"
FULLTEXT_POOLS = ("fulltext", "fulltext_check", "evinf", "evinf2")
C_GRID = (0.1, 0.3, 0.5, 1.0)
THRESHOLDS = tuple(round(t, 2) for t in np.arange(0.4, 0.71, 0.05))
MIN_FULLTEXT = 0.75
MIN_ALL = 0.70
VERDICT_KINDS = ("right", "borderline", "wrong")
OUT = ROOT / "essaylint" / "audit" / "data" / MODEL_FILE


def read_items() -> tuple[list[dict], str]:
    """Every read item, with its pool; and a digest of the verdict files."""
    rows, hasher = [], hashlib.sha1()
    for path in sorted(glob.glob(str(ROOT / VERDICTS))):
        data = Path(path).read_bytes()
        hasher.update(data)
        name = Path(path).stem.removeprefix("counterevidence_limits_verdicts").strip("_")
        for line in data.decode("utf-8").splitlines():
            row = json.loads(line)
            cues = row.get("cues") or row.get("cues_stated") or ""
            row["cue_list"] = cues if isinstance(cues, list) else cues.split(", ")
            row["group"] = row.get("pool") or name or "abstracts"
            rows.append(row)
    return rows, hasher.hexdigest()[:16]


def design(rows: list[dict], vectors: np.ndarray | None, claims: np.ndarray | None) -> np.ndarray:
    hand = np.array([features(r["quote"], r["cue_list"]) for r in rows])
    if vectors is None:
        return hand
    cosine = (vectors * claims).sum(1)[:, None]
    return np.hstack([hand, vectors, cosine])


def out_of_pool(x: np.ndarray, y: np.ndarray, rows: list[dict], c: float) -> np.ndarray:
    groups = np.array([r["group"] for r in rows])
    quotes = np.array([r["quote"] for r in rows])
    p = np.zeros(len(rows))
    for group in sorted(set(groups)):
        test = groups == group
        train = ~test & ~np.isin(quotes, quotes[test])
        p[test] = fit(x[train], y[train], c).predict_proba(x[test])[:, 1]
    return p


def fit(x: np.ndarray, y: np.ndarray, c: float) -> LogisticRegression:
    """Features as they are (0/1 patterns, a 0-1 length, a unit vector): unscaled, the
    vector's many small weights and the patterns are regularised alike."""
    return LogisticRegression(C=c, max_iter=5000).fit(x, y)


def choose(p_by_c: dict[float, np.ndarray], y: np.ndarray, fulltext: np.ndarray) -> dict:
    """The C and threshold keeping the most right full-text items within the precision
    floors, with their out-of-pool figures."""
    best: dict = {}
    for c, p in p_by_c.items():
        for t in THRESHOLDS:
            kept = p >= t
            if not kept[fulltext].any():
                continue
            right_ft = int(y[kept & fulltext].sum())
            prec_ft = right_ft / int((kept & fulltext).sum())
            prec_all = float(y[kept].mean())
            if prec_ft < MIN_FULLTEXT or prec_all < MIN_ALL:
                continue
            if not best or right_ft > best["fulltext_right_kept"]:
                best = {
                    "C": c,
                    "threshold": t,
                    "fulltext_kept": int((kept & fulltext).sum()),
                    "fulltext_right_kept": right_ft,
                    "fulltext_right": int(y[fulltext].sum()),
                    "fulltext_items": int(fulltext.sum()),
                    "fulltext_precision": round(prec_ft, 3),
                    "all_kept": int(kept.sum()),
                    "all_precision": round(prec_all, 3),
                    "all_items": len(y),
                    "all_right": int(y.sum()),
                }
    return best


def variant(x: np.ndarray, y: np.ndarray, chosen: dict, embedding_model: str) -> dict:
    hand = len(FEATURE_NAMES)
    model = fit(x, y, chosen["C"])
    weights = model.coef_[0]
    out = {
        "threshold": chosen["threshold"],
        "C": chosen["C"],
        "bias": float(model.intercept_[0]),
        "weights_features": weights[:hand].tolist(),
        "out_of_pool": chosen,
    }
    if embedding_model:
        out["weights_embedding"] = weights[hand:-1].tolist()
        out["weight_cosine"] = float(weights[-1])
        out["embedding_model"] = embedding_model
    return out


def heldout_report(path: Path) -> None:
    """Right, borderline and wrong per pool and search version, and the precision."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    tally: dict[tuple[str, str], dict[str, int]] = {}
    for row in rows:
        for code in row["codes"]:
            for pool in (row["pool"], "all"):
                counts = tally.setdefault((pool, code), dict.fromkeys(VERDICT_KINDS, 0))
                counts[row["verdict"]] += 1
    for (pool, code), counts in sorted(tally.items()):
        items = sum(counts.values())
        right, borderline = counts["right"], counts["borderline"]
        print(
            f"{pool:6} {code}: {items} items, {right} right, {borderline} borderline, "
            f"{counts['wrong']} wrong: precision {right / items:.2f} "
            f"({(right + borderline) / items:.2f} counting borderline)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/essaylint-bench-limits"))
    parser.add_argument("--check", action="store_true", help="report only; write nothing")
    parser.add_argument("--heldout", type=Path, help="count a held-out reading; fit nothing")
    args = parser.parse_args()
    if args.heldout:
        heldout_report(args.heldout)
        return
    rows, data_digest = read_items()
    y = np.array([r["verdict"] == "right" for r in rows], dtype=float)
    fulltext = np.array([r["group"] in FULLTEXT_POOLS for r in rows])
    log(f"{len(rows)} read items, {int(y.sum())} right; {int(fulltext.sum())} on full texts")
    vectors = sentence_vectors([r["quote"] for r in rows], args.work)
    claims = sentence_vectors([r["claim"] for r in rows], args.work)
    variants = {}
    for name, x, model_id in (
        (WITH_EMBEDDING, design(rows, vectors, claims), MiniLMEmbedder.model_id),
        (TEXT_ONLY, design(rows, None, None), ""),
    ):
        p_by_c = {c: out_of_pool(x, y, rows, c) for c in C_GRID}
        chosen = choose(p_by_c, y, fulltext)
        if not chosen:
            raise SystemExit(f"{name}: no setting reaches the precision floors")
        log(f"{name}: {json.dumps(chosen)}")
        variants[name] = variant(x, y, chosen, model_id)
    if args.check:
        return
    document = {
        "name": "essaylint limits filter (claim/counterevidence, relation limits)",
        "formula": "p = sigmoid(bias + w_feat . x + w_emb . e + w_cos * cosine);"
        " a limits item is kept when p >= threshold (essaylint.audit.counterevidence."
        "limits_filter)",
        "feature_names": list(FEATURE_NAMES),
        "variants": variants,
        "training": {
            "data": VERDICTS,
            "data_digest": data_digest,
            "items": len(rows),
            "right": int(y.sum()),
            "script": "bench/limits_filter_train.py",
        },
    }
    OUT.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    log(f"wrote {OUT}")


if __name__ == "__main__":
    main()
