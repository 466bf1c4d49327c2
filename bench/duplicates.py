"""Copies and versions of one work (issue #23): the product's own fingerprint code over a
labelled set, and the ingest time it adds per document against a 5,000-document library.

    python bench/duplicates.py --data /work/staging/dupes [--corpus ../shared/corpus] \
        [--library 5000] [--runs 3]

The labelled set (bench/data/README.md, "Duplicates"): ``DATA/pairs.json`` names every
document (the corpus PDFs, 105 generated copies under ``DATA/work/copies``, 33 real files
under ``DATA/pdfs``) and which ones are one work (copy or version); every other pair is a
negative. ``DATA/scifact_corpus.jsonl.gz`` gives the SciFact abstracts that fill the library.

Each document is parsed by essaylint's parser (not timed: ingest parses anyway), then the
library is built as ingest builds it: SciFact abstracts first, then each labelled document
added in turn, compared only with the fingerprints already kept (essaylint.ingest.duplicates:
LSH and key candidates, verified on exact shingle sets). Reported: false merges (precision),
copies and versions found (pairwise, and within one group), and per added document the time
of fingerprint + lookup + verify + insert, next to its parse time (the peer, same run).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import pickle
import platform
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from _common import CORPUS, log, median

from essaylint.core.records import DocumentMetadata, PageText, ParsedDocument, SourceFile
from essaylint.core.store import Store
from essaylint.ingest.duplicates import (
    FingerprintIndex,
    ShingleCache,
    build_groups,
    classify,
    fingerprint_shelf,
)
from essaylint.ingest.fingerprint import fingerprint, fingerprint_and_shingles
from essaylint.ingest.parse import parse_source


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the labelled set's folder")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--library", type=int, default=5000, help="SciFact abstracts first")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, help="keep the parsed documents in this pickle")
    args = parser.parse_args()
    labels = json.loads((args.data / "pairs.json").read_text())
    work_of = {m["id"]: g["work"] for g in labels["groups"] for m in g["members"]}
    if args.cache and args.cache.is_file():
        documents, parse_s = pickle.loads(args.cache.read_bytes())
    else:
        documents, parse_s = parse_all(sorted(work_of), args.data, args.corpus)
        if args.cache:
            args.cache.write_bytes(pickle.dumps((documents, parse_s)))
    library = scifact_documents(args.data / "scifact_corpus.jsonl.gz", args.library)
    runs = [ingest_in_turn(library, documents) for _ in range(args.runs)]
    load_s = [index_load_seconds(library) for _ in range(args.runs)]
    log(
        f"index of {len(library)} kept fingerprints loaded in "
        + ", ".join(f"{s:.2f}" for s in load_s)
        + " s"
    )
    pairs, added = runs[0]
    report(labels, work_of, documents, pairs, added, runs, parse_s, len(library))


def parse_all(
    ids: list[str], data: Path, corpus: Path
) -> tuple[dict[str, ParsedDocument], dict[str, float]]:
    """Every labelled file parsed by essaylint (through symlinks under a temporary raw/)."""
    documents, seconds = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for number, ident in enumerate(ids):
            path = _file_of(ident, data, corpus)
            rel = f"raw/evidence/{number:04d}{path.suffix}"
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(path, root / rel)
            source = SourceFile(
                rel, f"doc_{number:08x}", "", path.stat().st_size, "evidence_document", True
            )
            start = time.perf_counter()
            try:
                documents[ident] = parse_source(root, source, 200, 2000)
                documents[ident].doc_uid = ident
            except Exception as exc:
                log(f"not parsed: {ident}: {exc}")
                continue
            seconds[ident] = time.perf_counter() - start
    log(f"parsed {len(documents)} of {len(ids)} labelled documents")
    return documents, seconds


def _file_of(ident: str, data: Path, corpus: Path) -> Path:
    head, rest = ident.split("/", 1)
    if head == "corpus":
        return corpus / rest
    if head == "copies":
        return data / "work" / "copies" / rest
    return data / ident


def scifact_documents(path: Path, limit: int) -> dict[str, ParsedDocument]:
    out = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            text = f"# {row['title']}\n\n" + " ".join(row["sentences"])
            ident = f"scifact/{row['doc_id']}"
            metadata = DocumentMetadata(title=row["title"])
            out[ident] = ParsedDocument(
                ident, f"{ident}.md", "markdown", [PageText(1, text)], metadata
            )
            if len(out) >= limit:
                break
    return out


def index_load_seconds(library: dict[str, ParsedDocument]) -> float:
    """Once per ingest run: read the kept fingerprints from a real store and index them."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        shelf = fingerprint_shelf(store)
        for number, document in enumerate(library.values()):
            fp = fingerprint(document)
            fp.doc_uid = f"doc_{number:08x}"
            shelf.put(fp.doc_uid, "k", fp)
        start = time.perf_counter()
        index = FingerprintIndex()
        for uid in shelf.uids():
            index.add(shelf.get(uid, "k"))
        return time.perf_counter() - start


def ingest_in_turn(
    library: dict[str, ParsedDocument], documents: dict[str, ParsedDocument]
) -> tuple[list, dict[str, float]]:
    """Library first (not timed), then each labelled document added and compared."""
    every = {**library, **documents}
    index, sets, fps = FingerprintIndex(), ShingleCache(every), {}
    for ident, document in library.items():
        fps[ident] = fingerprint(document)
        index.add(fps[ident])
    pairs, added = [], {}
    for ident, document in documents.items():
        start = time.perf_counter()
        fps[ident], sets.sets[ident] = fingerprint_and_shingles(document)
        for other in sorted(index.candidates(fps[ident])):
            pair = classify(fps[ident], fps[other], sets, {})
            if pair is not None:
                pairs.append(pair)
        index.add(fps[ident])
        added[ident] = time.perf_counter() - start
    return pairs, added


def report(
    labels: dict,
    work_of: dict[str, str],
    documents: dict[str, ParsedDocument],
    pairs: list,
    added: dict[str, float],
    runs: list,
    parse_s: dict[str, float],
    library_size: int,
) -> None:
    wrong = [p for p in pairs if work_of.get(p.a, p.a) != work_of.get(p.b, p.b)]
    grouped = build_groups(pairs, {}, set())
    same_group = defaultdict(set)
    for number, group in enumerate(grouped):
        for uid in group.doc_uids:
            same_group[uid].add(number)
    found = {frozenset((p.a, p.b)) for p in pairs}
    print(f"# Duplicates: {len(documents)} labelled documents + {library_size} SciFact abstracts")
    print(f"machine: {platform.node()} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    print(
        f"\npairs reported: {len(pairs)}; false merges: {len(wrong)}; "
        f"precision {1 - len(wrong) / max(len(pairs), 1):.3f}"
    )
    for p in wrong:
        print(f"  FALSE MERGE {p.a} ~ {p.b}: {p.why}")
    for kind in ("copy", "version"):
        labelled = [
            p
            for p in labels["pairs"]
            if p["kind"] == kind and p["a"] in documents and p["b"] in documents
        ]
        direct = sum(frozenset((p["a"], p["b"])) in found for p in labelled)
        together = sum(bool(same_group[p["a"]] & same_group[p["b"]]) for p in labelled)
        named = sum(
            any(
                frozenset((q.a, q.b)) == frozenset((p["a"], p["b"])) and q.kind == kind
                for q in pairs
            )
            for p in labelled
        )
        print(
            f"{kind} pairs: {len(labelled)}; found as one work: {together} "
            f"({together / max(len(labelled), 1):.1%}); found directly: {direct}; "
            f"labelled {kind}: {named}"
        )
    per_run = [median(list(t.values())) * 1000 for _, t in runs]
    p95 = [sorted(t.values())[int(0.95 * (len(t) - 1))] * 1000 for _, t in runs]
    ratio = [median([t[i] / parse_s[i] for i in t if parse_s.get(i)]) for _, t in runs]
    print(
        f"\nadded per document vs a {library_size}-document library, {len(runs)} runs: "
        f"median {statistics.median(per_run):.1f} ms (runs: "
        + ", ".join(f"{v:.1f}" for v in per_run)
        + f"); p95 {statistics.median(p95):.0f} ms; "
        f"median added/parse time {statistics.median(ratio):.1%}; median parse "
        f"{median(list(parse_s.values())) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
