"""Where reference extraction loses a field: in choosing among the values its finders propose,
or because no finder proposes the right value at all.

    python bench/reference_candidates.py --set heldout9 --pdf-dir DIR [--set S --pdf-dir D ...]

For every printed field (the keys of bench/references.py) that the record gets wrong, it asks
whether any candidate handed to ``decide`` (or, for the title, any title the title block
considered) matches the key under the scorer's own rules. "wrong, a candidate was right" bounds
what a better arbiter (a learned ranker over the same candidates) could gain; "wrong, no
candidate" is what only new finders can reach.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import references

KEYS = Path(__file__).parent / "data" / "references"
_CANDIDATE_FIELD = {
    "container": "container",
    "volume": "volume",
    "issue": "issue",
    "page": "pages",
    "number": "article_number",
    "doi": "doi",
    "year": "year",
    "publisher": "publisher",
    "url": "url",
    "isbn": "isbn",
    "arxiv": "arxiv_id",
}


def watch_decide() -> dict:
    """What the extractor hands ``decide`` for the document read last: its page text
    ("text"), the title block ("block") and every candidate, the embedded ones too
    ("candidates"). The dict is filled anew on each extraction."""
    metadata = importlib.import_module("essaylint.ingest.metadata")
    decide_module = importlib.import_module("essaylint.ingest.metadata.decide")
    seen: dict = {}
    real_decide = metadata.decide

    def watching_decide(text, block, embedded, candidates):  # type: ignore[no-untyped-def]
        every = candidates + list(decide_module._embedded_candidates(text, embedded))
        seen.update(text=text, block=block, candidates=every)
        return real_decide(text, block, embedded, candidates)

    metadata.decide = watching_decide
    return seen


def rules_alone() -> None:
    """Extraction as the rules alone see it, without the learned type reader (what is
    fitted, or compared with)."""
    learned = importlib.import_module("essaylint.ingest.metadata.learned")
    learned.read_type = lambda *_: ("", 0.0)


def keyed_extractions(sets: list[str], pdf_root: Path, corpus: Path):  # type: ignore[no-untyped-def]
    """(set, key record, CSL item, page text) for each keyed document whose PDF is on disk:
    the tuning set's in ``corpus``, every other set's in ``pdf_root / set``."""
    seen = watch_decide()
    for name in sets:
        pdf_dir = corpus if name == "tuning" else pdf_root / name
        for doc in json.loads((KEYS / f"{name}_key.json").read_text())["documents"]:
            if not (pdf_dir / doc["file"]).is_file():
                continue
            seen.clear()
            item = references.extract(pdf_dir, [doc["file"]])[doc["file"]]
            yield name, doc, item, seen.get("text")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--set", dest="sets", action="append", required=True)
    ap.add_argument("--pdf-dir", dest="dirs", action="append", required=True)
    args = ap.parse_args(argv)
    seen = watch_decide()
    counts: collections.Counter = collections.Counter()
    for name, pdf_dir in zip(args.sets, args.dirs, strict=True):
        key = json.loads((KEYS / f"{name}_key.json").read_text())
        for doc in key["documents"]:
            seen.clear()
            item = references.extract(Path(pdf_dir), [doc["file"]])[doc["file"]]
            if "block" in seen:
                predicted = references.as_fields(item)
                _count(doc, predicted, seen["block"], seen["candidates"], counts)
    for field in references.FIELDS:
        right, near, none = (counts[(field, k)] for k in ("right", "candidate", "none"))
        if right + near + none:
            print(
                f"{field:15} right {right:4}  wrong, a candidate was right {near:4}  "
                f"wrong, no candidate {none:4}"
            )
    return 0


def _count(doc: dict, predicted: dict, block, candidates, counts) -> None:  # type: ignore[no-untyped-def]
    for field, key in doc["fields"].items():
        if not key or key.get("value") in (None, "", []) or key.get("visual_only"):
            continue
        if field in ("authors", "type", "report_number"):
            continue  # not proposed as candidates
        if references.match(field, key, predicted)[0]:
            counts[(field, "right")] += 1
            continue
        values = [c.value for c in candidates if _CANDIDATE_FIELD.get(c.field) == field]
        if field == "title":
            values += [block.title, *(b.title for b in block.alternatives)]
        found = any(references.match(field, key, {field: _typed(field, v)})[0] for v in values if v)
        counts[(field, "candidate" if found else "none")] += 1


def _typed(field: str, value: str) -> object:
    return int(value) if field == "year" and str(value).isdigit() else value


if __name__ == "__main__":
    raise SystemExit(main())
