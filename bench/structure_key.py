"""Structure against the hand-checked key: footnote markers and notes, captions, sections and
cross-references of six PDFs (German maths lecture notes, a Chinese paper, a maths-heavy
ReScience article and three English papers), read page by page (bench/data/README.md).

    python bench/structure_key.py [--details] [--json out.json]

Each PDF goes through the ingest's own stages in-process (parse, normalise, chunk, structure);
nothing is embedded. The key's PDFs come from ../shared/corpus, except the ReScience article,
which is in bench/data/structure/.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from _common import CORPUS, DATA, log
from structure_score import TYPES, score_all, table

from essaylint.config.schema import IngestSettings
from essaylint.ingest.chunk import chunk_document
from essaylint.ingest.normalise import normalise
from essaylint.ingest.parse.pdf import parse_pdf
from essaylint.ingest.structure.build import build_structure
from essaylint.ingest.structure.records import DocStructure

KEY = DATA / "structure" / "structure_key.json"


def pdf_of(doc: dict, corpus: Path) -> Path:
    for folder in (corpus, DATA / "structure"):
        if (folder / doc["file"]).is_file():
            return folder / doc["file"]
    raise SystemExit(f"{doc['file']} is in neither {corpus} nor {DATA / 'structure'}")


def structure_of(path: Path) -> DocStructure:
    uid = "doc_bench000"
    parsed = parse_pdf(path, uid, f"raw/evidence/{path.name}")
    chunked = chunk_document(uid, normalise(parsed), True, IngestSettings())
    return build_structure(chunked, path)


def structures(key: dict, corpus: Path) -> tuple[dict[str, dict], dict[str, float]]:
    out: dict[str, dict] = {}
    seconds: dict[str, float] = {}
    for doc in key["documents"]:
        started = time.perf_counter()
        out[doc["name"]] = structure_of(pdf_of(doc, corpus)).to_dict()
        seconds[doc["name"]] = time.perf_counter() - started
        log(f"{doc['name']}: {seconds[doc['name']]:.1f} s")
    return out, seconds


def summary(result: dict) -> str:
    """Precision and recall over all six documents, per element type."""
    rows = ["| element | precision | recall | tp / predicted / key |", "|---|---:|---:|---|"]
    for kind in TYPES:
        r = result["total"][kind]
        rows.append(
            f"| {kind} | {r['precision']:.3f} | {r['recall']:.3f} | "
            f"{r['tp']} / {r['pred']} / {r['key']} |"
        )
    hits = sum(row["xrefs"]["hits"] for row in result["documents"].values())
    keyed = sum(row["xrefs"]["key"] for row in result["documents"].values())
    wrong = sum(row["xrefs"]["external_wrongly_resolved"] for row in result["documents"].values())
    external = sum(row["xrefs"]["external"] for row in result["documents"].values())
    rows.append(
        f"| cross-references (sample; recall only) | | {hits / keyed:.3f} | {hits} / – / {keyed}; "
        f"references to another paper resolved here: {wrong} of {external} |"
    )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="shared/corpus")
    args = parser.parse_args()
    key = json.loads(KEY.read_text(encoding="utf-8"))
    predicted, seconds = structures(key, args.corpus)
    result = score_all(key, predicted)
    print(table(result))
    print()
    print(summary(result))
    pages = sum(doc["pages"] for doc in key["documents"])
    print(f"\nstructure extraction: {sum(seconds.values()):.1f} s for {pages} pages")
    if args.details:
        for name, row in result["documents"].items():
            print(f"\n## {name}")
            for kind, r in row.items():
                keep = ("missed", "false_examples", "ids_losing_letters")
                extra = {k: v for k, v in r.items() if k in keep and v}
                if extra:
                    print(f"  {kind}: {json.dumps(extra, ensure_ascii=False)}")
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
