"""An experiment for issue 17: would a learned reader of the CSL type generalise better than
the rules? A TF-IDF + logistic-regression classifier over the text of pages 1-2 and the heads
and feet, with the record's own flags (DOI, ISBN, container, number… and the rules' type), is
trained on every keyed set but one and scored on that one (leave-one-set-out), against the
rules' type on the same documents.

    python bench/type_reader_cv.py --held-out heldout22 heldout30 heldout31
    python bench/type_reader_cv.py --held-out heldout9 … heldout31    # all the later sets

The keyed PDFs must be on disk (``bench/key_pdfs.py``), in /work/refs/<set> or --pdf-root.
Needs the dev extra (scikit-learn); nothing here is used by the product.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from reference_candidates import keyed_extractions, rules_alone

KEYS = Path(__file__).parent / "data" / "references"
PREPRINT = {"article", "manuscript", "preprint"}
RULE_TYPES = ("article-journal", "paper-conference", "report", "thesis", "chapter", "book")
FLAGS = ("container-title", "DOI", "ISBN", "number", "publisher", "author", "page", "volume")


def documents(pdf_root: Path, corpus: Path) -> list[dict]:
    """Each keyed document with a type: its key, the rules' type and what it prints."""
    sets = sorted(p.name.removesuffix("_key.json") for p in KEYS.glob("*_key.json"))
    rules_alone()  # the rules' own type, without the reader that ships since round 21
    return [
        _row(name, doc["fields"]["type"], item, text)
        for name, doc, item, text in keyed_extractions(sets, pdf_root, corpus)
        if (doc["fields"].get("type") or {}).get("value")
    ]


def _row(name: str, key: dict, item: dict, text) -> dict:  # type: ignore[no-untyped-def]
    words = "\n".join(text.text_of(n) for n in (1, 2) if text.page(n)) if text else ""
    margins = "\n".join(line for _, line in text.margin_lines()) if text else ""
    return {
        "set": name,
        "key": key["value"],
        "accept": key.get("accept", []),
        "rule": item.get("type") or "manuscript",
        "words": f"{words[:6000]}\n{margins[:2000]}",
        "flags": [float(bool(item.get(flag))) for flag in FLAGS],
    }


def right(predicted: str, row: dict) -> bool:
    accepted = [row["key"], *row["accept"]]
    return predicted in accepted or (predicted in PREPRINT and bool(PREPRINT & set(accepted)))


def cross_validate(rows: list[dict], held_out: list[str]) -> dict[str, int]:
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    def structure(part: list[dict]):  # type: ignore[no-untyped-def]
        rule = [[float(r["rule"] == t) for t in RULE_TYPES] for r in part]
        return csr_matrix(
            3 * np.array([r["flags"] + types for r, types in zip(part, rule, strict=True)])
        )

    counts = {"documents": 0, "rules": 0, "reader": 0, "reader where the rules say manuscript": 0}
    for name in held_out:
        train = [r for r in rows if r["set"] != name]
        test = [r for r in rows if r["set"] == name]
        if not test:
            continue
        vectoriser = TfidfVectorizer(
            ngram_range=(1, 2), min_df=2, max_features=40000, sublinear_tf=True
        )
        x_train = hstack([vectoriser.fit_transform([r["words"] for r in train]), structure(train)])
        x_test = hstack([vectoriser.transform([r["words"] for r in test]), structure(test)])
        labels = ["article" if r["key"] in PREPRINT else r["key"] for r in train]
        model = LogisticRegression(max_iter=3000, C=4.0, class_weight="balanced")
        predicted = model.fit(x_train.tocsr(), labels).predict(x_test.tocsr())
        for row, guess in zip(test, predicted, strict=True):
            counts["documents"] += 1
            counts["rules"] += right(row["rule"], row)
            counts["reader"] += right(guess, row)
            fallback = guess if row["rule"] == "manuscript" else row["rule"]
            counts["reader where the rules say manuscript"] += right(fallback, row)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--held-out", nargs="+", required=True)
    ap.add_argument("--pdf-root", type=Path, default=Path("/work/refs"))
    ap.add_argument(
        "--corpus", type=Path, default=Path(__file__).parents[1] / ".." / "shared" / "corpus"
    )
    args = ap.parse_args(argv)
    counts = cross_validate(documents(args.pdf_root, args.corpus), args.held_out)
    total = max(counts["documents"], 1)
    for name, value in counts.items():
        print(f"{name:40} {value:4}" + ("" if name == "documents" else f"  {value / total:.1%}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
