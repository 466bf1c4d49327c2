"""Fit and measure the learned readers of reference extraction (issue 17): the CSL type
where the rules fell back to ``manuscript`` (shipped: ``essaylint/ingest/metadata/learned.py``),
and the journal (container) where the rules found none (measured, not shipped: the pieces it
reads are cut by ``container_pieces.py`` here).

Each reader is trained set-wise: the keyed sets of bench/data/references are dealt into
``--folds`` groups, and every document is scored by a model that never saw its set. What
counts is what the reader does to the record, against the key:
- the container reader fills a container the rules left empty (for the types in
  CONTAINER_TYPES): right, wrong, or spurious where the document prints none;
- the type reader replaces a ``manuscript``: fixed (now right), broke (was right), or
  neither.
The container threshold is the lowest whose fills are right at least --precision of the time
(five fills or more); the type reader's guard (how sure it must be that the document is not a
preprint or manuscript) is the one of GUARDS with the most fixed less broke. Both are chosen
on the out-of-set scores of the sets given with --choose-on (all keyed sets by default).

    python bench/learned_readers.py --cache /tmp/docs.pkl            # measure
    python bench/learned_readers.py --cache /tmp/docs.pkl --fit      # and write the weights

The shipped weights were fitted on the 51 sets keyed before round 25 (tuning, dev, heldout,
heldout2-49; heldout50-53 are their blind test): ``--choose-on tuning dev heldout heldout2 …
heldout49 --fit``. Round 21 fitted them on the 33 sets before heldout32.

--fit trains on every set given with --choose-on and writes essaylint/assets/learned_readers.json.
The keyed PDFs must be on disk (``bench/key_pdfs.py``), in /work/refs/<set> or --pdf-root.
Needs the dev extra (scikit-learn). Extraction takes about 2.5 min; --cache keeps it.
"""

from __future__ import annotations

import argparse
import collections
import json
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import references
from container_pieces import features, pieces, record_features
from reference_candidates import keyed_extractions, rules_alone

from essaylint.ingest.metadata.learned import FLAGS, MODEL_FILE, enough_words, type_features
from essaylint.ingest.metadata.printed import PrintedText

KEYS = Path(__file__).parent / "data" / "references"
ASSET = Path(__file__).parent.parent / "essaylint" / "assets" / MODEL_FILE
CONTAINER_TYPES = ("article-journal", "manuscript")
PREPRINT = {"article", "manuscript", "preprint"}
GUARDS = (1.0, 0.3, 0.2, 0.15, 0.1)
CONTAINER_C = 0.5  # the logistic regressions' regularisation, chosen once (README_learned)
TYPE_C = 0.3
SMALLEST_TYPE = 5  # documents a type needs in training to be a class
MINIMUM_WEIGHT = 0.03  # a feature whose weights are all smaller is not shipped
_FLAG_FIELDS = {"number": ("article_number", "report_number"), "page": ("pages",)}  # bench names


# -- the documents ---------------------------------------------------------------------------


def documents(pdf_root: Path, corpus: Path, sets: list[str], cache: Path | None) -> list[dict]:
    """Each keyed document: its set, key, the record the rules give and its pages."""
    if cache and cache.is_file():
        rows = pickle.loads(cache.read_bytes())
        return [row for row in rows if row["set"] in sets]
    rules_alone()
    rows = [
        {"set": name, "key": doc, "item": item, "pages": _pages(text)}
        for name, doc, item, text in keyed_extractions(sets, pdf_root, corpus)
    ]
    if cache:
        cache.write_bytes(pickle.dumps(rows))
    return rows


def _pages(text: PrintedText | None) -> tuple | None:
    """What the page text is made of, for pickling (its cached matches cannot be)."""
    return (text.pages, text.page_count) if text else None


def rules_type(row: dict) -> str:
    return row["item"].get("type") or "manuscript"


def has_flags(record: dict) -> set[str]:
    return {
        flag for flag in FLAGS if any(record.get(name) for name in _FLAG_FIELDS.get(flag, (flag,)))
    }


def labelled(rows: list[dict]) -> list[dict]:
    """Per document: the container pieces and their labels, and the type reader's input."""
    out = []
    for row in rows:
        text = PrintedText(*row["pages"]) if row["pages"] else None
        record = references.as_fields(row["item"])
        kind = rules_type(row)
        found = pieces(text) if text else []
        key = row["key"]["fields"].get("container") or {}
        wanted = {
            references.norm_container(a) for a in [key.get("value"), *key.get("accept", [])] if a
        }
        type_key = row["key"]["fields"].get("type") or {}
        context = record_features(kind, bool(record.get("doi")))
        out.append(
            {
                "set": row["set"],
                "file": row["key"]["file"],
                "rules_type": kind,
                "texts": [p.text for p in found],
                "features": [features(p, context) for p in found],
                "container_key": key if key.get("value") else None,
                "container_right": [references.norm_container(p.text) in wanted for p in found],
                "container_rules": bool(record.get("container")),
                "type_features": type_features(text, kind, has_flags(record)) if text else [],
                "type_key": [type_key.get("value"), *type_key.get("accept", [])],
            }
        )
    return out


# -- fitting ---------------------------------------------------------------------------------


def _int32(matrix):  # type: ignore[no-untyped-def]
    """liblinear takes 32-bit sparse indices only."""
    matrix = matrix.tocsr()
    matrix.indices = matrix.indices.astype("int32")
    matrix.indptr = matrix.indptr.astype("int32")
    return matrix


def fit_container(docs: list[dict]):  # type: ignore[no-untyped-def]
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    x = [dict.fromkeys(names, 1) for d in docs for names in d["features"]]
    y = [right for d in docs for right in d["container_right"]]
    vectoriser = DictVectorizer()
    model = LogisticRegression(C=CONTAINER_C, max_iter=2000, solver="liblinear")
    model.fit(_int32(vectoriser.fit_transform(x)), y)
    return vectoriser, model


def type_label(doc: dict) -> str:
    gold = doc["type_key"][0] or ""
    return "article" if gold in PREPRINT else gold


def fit_type(docs: list[dict]):  # type: ignore[no-untyped-def]
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    counts = collections.Counter(type_label(d) for d in docs if d["type_features"])
    train = [d for d in docs if d["type_features"] and counts[type_label(d)] >= SMALLEST_TYPE]
    seen = collections.Counter(name for d in train for name in d["type_features"])
    x = [{n: 1 for n in d["type_features"] if seen[n] >= 2} for d in train]
    vectoriser = DictVectorizer()
    model = LogisticRegression(C=TYPE_C, max_iter=3000)  # the types' own shares as priors
    model.fit(vectoriser.fit_transform(x), [type_label(d) for d in train])
    small = abs(model.coef_).max(axis=0) < MINIMUM_WEIGHT
    model.coef_[:, small] = 0.0  # what ships is what is measured
    return vectoriser, model


# -- scoring out of set ----------------------------------------------------------------------


def out_of_set(docs: list[dict], folds: int) -> None:
    """Adds to each document its container reader's best piece and its type reader's
    probabilities, from models trained without its set."""
    names = sorted({d["set"] for d in docs})
    group = {name: i % folds for i, name in enumerate(names)}
    for fold in range(folds):
        train = [d for d in docs if group[d["set"]] != fold]
        test = [d for d in docs if group[d["set"]] == fold]
        vectoriser, model = fit_container(train)
        for d in test:
            d["container_best"] = _best(d, vectoriser, model)
        vectoriser, model = fit_type(train)
        for d in test:
            if d["type_features"]:
                x = vectoriser.transform([dict.fromkeys(d["type_features"], 1)])
                chances = map(float, model.predict_proba(x)[0])
                d["type_chances"] = dict(zip(model.classes_, chances, strict=True))


def _best(doc: dict, vectoriser, model) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    if not doc["features"]:
        return -1, 0.0
    x = _int32(vectoriser.transform([dict.fromkeys(n, 1) for n in doc["features"]]))
    probabilities = model.predict_proba(x)[:, 1]
    index = int(probabilities.argmax())
    return index, float(probabilities[index])


def container_outcome(doc: dict, threshold: float) -> str:
    index, p = doc["container_best"]
    if doc["container_rules"] or doc["rules_type"] not in CONTAINER_TYPES or index < 0:
        return "kept"
    if p < threshold:
        return "kept"
    if doc["container_key"] is None:
        return "spurious"
    return "right" if doc["container_right"][index] else "wrong"


def container_threshold(docs: list[dict], precision: float) -> float:
    chosen, right, shown = 1.0, 0, 0
    for doc in sorted(docs, key=lambda d: -d["container_best"][1]):
        result = container_outcome(doc, 0.0)
        if result == "kept":
            continue
        shown += 1
        right += result == "right"
        if shown >= 5 and right / shown >= precision:
            chosen = doc["container_best"][1]
    return chosen


def type_right(kind: str, doc: dict) -> bool:
    accepted = [a for a in doc["type_key"] if a]
    return kind in accepted or (kind in PREPRINT and bool(PREPRINT & set(accepted)))


def type_outcome(doc: dict, guard: float) -> str:
    chances = doc.get("type_chances")
    if doc["rules_type"] != "manuscript" or not chances or not doc["type_key"][0]:
        return "kept"
    if not enough_words(doc["type_features"]):
        return "kept"
    best = max(chances, key=chances.__getitem__)
    if best == "article" or chances["article"] >= guard:
        return "kept"
    was, now = type_right("manuscript", doc), type_right(best, doc)
    return "fixed" if now and not was else "broke" if was and not now else "neither"


def type_guard(docs: list[dict]) -> float:
    def net(guard: float) -> int:
        counts = collections.Counter(type_outcome(d, guard) for d in docs)
        return counts["fixed"] - counts["broke"]

    return max(GUARDS, key=lambda g: (net(g), -g))


def main(argv: list[str] | None = None) -> int:
    every = sorted(p.name.removesuffix("_key.json") for p in KEYS.glob("*_key.json"))
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pdf-root", type=Path, default=Path("/work/refs"))
    ap.add_argument(
        "--corpus", type=Path, default=Path(__file__).parents[1] / ".." / "shared" / "corpus"
    )
    ap.add_argument("--cache", type=Path, help="keep the extracted documents here (pickle)")
    ap.add_argument("--choose-on", nargs="*", default=every, help="sets to fit and choose on")
    ap.add_argument("--folds", type=int, default=8, help="groups of sets held out in turn")
    ap.add_argument("--precision", type=float, default=0.8)
    ap.add_argument("--fit", action="store_true", help="write the weights")
    args = ap.parse_args(argv)
    rows = documents(args.pdf_root, args.corpus, args.choose_on, args.cache)
    docs = labelled(rows)
    print(f"{len(docs)} documents of {len({d['set'] for d in docs})} sets")
    out_of_set(docs, args.folds)
    threshold = container_threshold(docs, args.precision)
    counts = collections.Counter(container_outcome(d, threshold) for d in docs)
    print(f"container, threshold {threshold:.3f}: {dict(counts)}")
    guard = type_guard(docs)
    for g in GUARDS:
        counts = collections.Counter(type_outcome(d, g) for d in docs)
        print(f"type, guard {g}: {dict(counts)}" + ("  <- chosen" if g == guard else ""))
    if args.fit:
        write_weights(docs, guard)
    return 0


def write_weights(docs: list[dict], guard: float) -> None:
    vectoriser, model = fit_type(docs)
    rows = {
        str(name): [round(float(w), 4) for w in column]
        for name, column in zip(vectoriser.get_feature_names_out(), model.coef_.T, strict=True)
        if max(abs(float(w)) for w in column) >= MINIMUM_WEIGHT
    }
    out = {
        "fitted_by": "bench/learned_readers.py --fit",
        "sets": sorted({d["set"] for d in docs}),
        "classes": [str(c) for c in model.classes_],
        "bias": [round(float(b), 4) for b in model.intercept_],
        "guard": guard,
        "weights": dict(sorted(rows.items())),
    }
    ASSET.write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {ASSET} ({ASSET.stat().st_size // 1024} KiB, {len(rows)} features)")


if __name__ == "__main__":
    raise SystemExit(main())
