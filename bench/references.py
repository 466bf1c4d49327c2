"""Reference extraction: field accuracy of essaylint's library records against a key of
what each document prints (bench/data/references/, conventions in bench/data/README.md).

    python bench/references.py                      # tuning set: ../shared/corpus
    python bench/references.py --set heldout --pdf-dir DIR   # the held-out PDFs (not shipped)
    python bench/references.py --self-test          # the key against itself: 100 %
    python bench/references.py --set heldout30 --pdf-dir DIR --present   # the PDFs DIR holds

The extraction is the product's own path: ``parse_source`` (the PDF reader and the metadata
extractor) → ``extracted_row`` (the library.csv row) → ``LibraryEntry`` → ``csl_item`` (what
every export writes). The scorer is the research team's (its rules below), unchanged.

What is counted: every field whose key value is not null (a field the document prints), except
values printed only inside an image (``visual_only``) unless --with-visual. A field is right
when the prediction matches the key value or one of its ``accept`` forms under the rule for
that field (below). Values predicted for fields the document does not print are counted
separately as "spurious" (they would put invented data into a reference).

Matching rules
- strings (title, container, publisher, report_number, volume, issue, article_number):
  NFKC, accents removed, case folded, '&' read as 'and', then every character that is not a
  letter or digit dropped ("PLoS ONE" == "PLOS ONE", "L ONG E VAL" == "LongEval").
  Publisher also drops a leading "the" and a trailing Ltd/Inc/Limited/LLC/GmbH/Co/B.V./plc;
  container drops a leading "the".
- authors: the list of family names, same length and order; each compared on the last word
  of the family name after dropping Jr/Sr/II/III/IV; where the key says
  name_order_ambiguous, the first or the last word of the printed name is accepted.
- year: integer equality. pages: dashes normalised, spaces removed, exact.
- doi: exact and CASE-SENSITIVE after removing a "doi:" / "https://doi.org/" prefix and
  trailing punctuation (the case-insensitive figure is reported beside it).
- arxiv_id: prefix "arXiv:" removed, case folded; a prediction without a version matches a
  key with one; differing versions do not match. isbn: digits and X only.
- url: scheme, "www." and trailing "/" removed; host case-folded, path exact.
- type: equal, or in the key's accept list; "article", "manuscript" and "preprint" are one
  class (preprint/manuscript).
- article_number is also taken from CSL "number", or from CSL "page" when the key prints no
  page range; report_number from CSL "number"; arxiv_id from CSL "number"/"archive_location",
  or "arXiv:<id>" in CSL "note".
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

FIELDS = (
    "type",
    "title",
    "authors",
    "year",
    "container",
    "volume",
    "issue",
    "pages",
    "article_number",
    "publisher",
    "doi",
    "arxiv_id",
    "report_number",
    "isbn",
    "url",
)
PREPRINT_CLASS = {"article", "manuscript", "preprint"}
_SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}
_DOI_PREFIX = re.compile(r"^\s*(?:https?://(?:dx\.)?doi\.org/|doi:\s*|DOI\s+)", re.I)
_ARXIV_IN_TEXT = re.compile(
    r"arXiv:\s*([a-z\-]+(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?|\d{4}\.\d{4,5}(?:v\d+)?)", re.I
)


# -- normalisers ---------------------------------------------------------------------------


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", str(text))
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = text.casefold().replace("&", " and ")
    return "".join(c for c in text if c.isalnum())


def fold_words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", str(text))
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return [w for w in re.split(r"[^\w]+", text.casefold()) if w]


def norm_publisher(text: str) -> str:
    words = fold_words(str(text).replace("&", " and "))
    if words and words[0] == "the":
        words = words[1:]
    legal = {"ltd", "inc", "limited", "llc", "gmbh", "co", "bv", "plc"}
    while words and (words[-1] in legal or words[-2:] == ["b", "v"]):  # "Elsevier B.V."
        words = words[:-2] if words[-2:] == ["b", "v"] else words[:-1]
    return "".join(words)


def norm_container(text: str) -> str:
    words = fold_words(str(text).replace("&", " and "))
    if words and words[0] == "the":
        words = words[1:]
    return "".join(words)


def norm_pages(text: str) -> str:
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", str(text))
    return re.sub(r"\s+", "", text).casefold()


def norm_doi(text: str) -> str:
    text = _DOI_PREFIX.sub("", str(text).strip()).strip()
    return text.rstrip(".,;)]")


def norm_arxiv(text: str) -> str:
    text = re.sub(r"^\s*arxiv:\s*", "", str(text).strip(), flags=re.I)
    return text.casefold()


def norm_url(text: str) -> str:
    text = re.sub(r"^\s*(?:https?://)?(?:www\.)?", "", str(text).strip(), flags=re.I).rstrip("/")
    host, _, path = text.partition("/")
    return host.casefold() + ("/" + path if path else "")


def family_key(name: str) -> str:
    words = [w for w in fold_words(name) if w not in _SUFFIXES]
    return words[-1] if words else ""


# -- predictions -----------------------------------------------------------------------------


def _csl_family(author: dict) -> str:
    if "family" in author:
        return str(author["family"])
    return str(author.get("literal", ""))


def from_csl(item: dict) -> dict:
    """Our field names from a CSL-JSON item (what essaylint's export produces)."""
    out: dict = {"type": item.get("type")}
    out["title"] = item.get("title")
    authors = item.get("author") or []
    out["authors"] = [
        {
            "family": _csl_family(a),
            "full": " ".join(str(a.get(k, "")) for k in ("given", "family", "literal") if a.get(k)),
        }
        for a in authors
    ]
    issued = item.get("issued") or {}
    parts = issued.get("date-parts") or [[None]]
    year = parts[0][0] if parts and parts[0] else None
    if year is None and issued.get("raw"):
        m = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", str(issued["raw"]))
        year = int(m.group(1)) if m else None
    out["year"] = int(year) if year not in (None, "") else None
    out["container"] = item.get("container-title")
    for src, dst in (
        ("volume", "volume"),
        ("issue", "issue"),
        ("page", "pages"),
        ("publisher", "publisher"),
        ("DOI", "doi"),
        ("ISBN", "isbn"),
        ("URL", "url"),
    ):
        out[dst] = item.get(src)
    number = item.get("number")
    out["_csl_number"] = number
    out["_csl_page"] = item.get("page")
    out["arxiv_id"] = item.get("arxiv_id") or item.get("archive_location")
    if not out["arxiv_id"] and number and _ARXIV_IN_TEXT.search(f"arXiv:{number}"):
        out["arxiv_id"] = number
    if not out["arxiv_id"] and item.get("note"):
        m = _ARXIV_IN_TEXT.search(str(item["note"]))
        out["arxiv_id"] = m.group(1) if m else None
    if number and str(number).startswith("arXiv:"):
        number = None  # the exporter files a preprint's arXiv id in "number" (Zotero's way)
    out["report_number"] = item.get("report_number") or (
        number if item.get("type") == "report" else None
    )
    out["article_number"] = item.get("article_number") or (
        number if item.get("type") != "report" else None
    )
    if item.get("publisher") is None and item.get("authority"):
        out["publisher"] = item.get("authority")
    return out


def as_fields(pred: dict) -> dict:
    """A prediction in our field names, from either a CSL item or a field dict."""
    # a CSL item by a key only CSL has: a report may print no author, date, venue, DOI or URL
    # (a WHO document: its title, publisher and number), and its number is still a number
    csl_only = ("author", "issued", "container-title", "DOI", "URL", "ISBN", "number", "page")
    if any(k in pred for k in csl_only):
        return from_csl(pred)
    out = dict(pred)
    authors = out.get("authors") or []
    if isinstance(authors, str):
        authors = [a for a in authors.split(";") if a.strip()]
    norm = []
    for a in authors:
        if isinstance(a, dict):
            norm.append(
                {
                    "family": a.get("family") or a.get("literal", ""),
                    "full": " ".join(
                        str(a.get(k, "")) for k in ("given", "family", "literal") if a.get(k)
                    ),
                }
            )
        else:
            fam, _, given = str(a).partition(",")
            norm.append(
                {
                    "family": fam if given else str(a).split()[-1] if str(a).split() else "",
                    "full": f"{given.strip()} {fam.strip()}".strip() if given else str(a),
                }
            )
    out["authors"] = norm
    if out.get("year") not in (None, ""):
        m = re.search(r"\d{4}", str(out["year"]))
        out["year"] = int(m.group(0)) if m else None
    return out


# -- matching ---------------------------------------------------------------------------------


def _present(value) -> bool:
    return value not in (None, "", [], {})


def match(field: str, key: dict, pred: dict) -> tuple[bool, bool]:
    """(right, right-ignoring-case) for one printed field."""
    gold = key["value"]
    accepts = [gold, *list(key.get("accept", []))]
    value = pred.get(field)
    if field == "article_number":
        candidates = [value, pred.get("_csl_number")]
        if pred.get("_csl_page") and not _present(pred.get("_gold_pages")):
            candidates.append(pred.get("_csl_page"))
        ok = any(_present(c) and fold(c) in {fold(a) for a in accepts} for c in candidates)
        return ok, ok
    if not _present(value):
        return False, False
    if field == "type":
        got = str(value)
        ok = got in accepts or (got in PREPRINT_CLASS and any(a in PREPRINT_CLASS for a in accepts))
        return ok, ok
    if field == "authors":
        return _match_authors(key, value), _match_authors(key, value)
    if field == "year":
        ok = any(int(value) == int(a) for a in accepts)
        return ok, ok
    if field == "doi":
        got = norm_doi(value)
        exact = any(got == norm_doi(a) for a in accepts)
        loose = any(got.casefold() == norm_doi(a).casefold() for a in accepts)
        return exact, loose
    normaliser = {
        "publisher": norm_publisher,
        "container": norm_container,
        "pages": norm_pages,
        "arxiv_id": norm_arxiv,
        "url": norm_url,
        "isbn": lambda t: re.sub(r"[^0-9X]", "", str(t).upper()),
    }.get(field, fold)
    got = normaliser(value)
    wanted = {normaliser(a) for a in accepts}
    ok = got in wanted
    if field == "arxiv_id" and not ok and not re.search(r"v\d+$", got):
        ok = any(re.sub(r"v\d+$", "", w) == got for w in wanted)
    return ok, ok


def _match_authors(key: dict, predicted: list) -> bool:
    gold = key["value"]
    if len(predicted) != len(gold):
        return False
    for g, p in zip(gold, predicted, strict=False):
        wanted = {family_key(g.get("family", ""))}
        if key.get("name_order_ambiguous"):
            full = g.get("literal") or f"{g.get('given', '')} {g.get('family', '')}"
            words = [w for w in fold_words(full) if w not in _SUFFIXES]
            if words:
                wanted |= {words[0], words[-1]}
            if g.get("literal"):
                wanted.add(fold(g["literal"]))
        got = {family_key(p.get("family", ""))}
        if key.get("name_order_ambiguous"):
            got.add(fold(p.get("full", "")))
            got.add(fold(p.get("family", "")))
        if not (wanted & got):
            return False
    return True


# -- scoring ----------------------------------------------------------------------------------


def score(key_docs: list[dict], predictions: dict[str, dict], with_visual: bool = False) -> dict:
    per_field = {
        f: {"printed": 0, "right": 0, "right_ci": 0, "spurious": 0, "absent": 0} for f in FIELDS
    }
    misses = []
    per_doc = {}
    for doc in key_docs:
        raw = predictions.get(doc["file"])
        pred = as_fields(raw) if raw is not None else {}
        pred["_gold_pages"] = doc["fields"]["pages"]["value"]
        right = printed = 0
        for field in FIELDS:
            key = doc["fields"][field]
            stats = per_field[field]
            if key["value"] is None or (key.get("visual_only") and not with_visual):
                if key["value"] is None:
                    stats["absent"] += 1
                    an = doc["fields"]["article_number"]["value"]
                    if (
                        field == "pages"
                        and an is not None
                        and _present(pred.get(field))
                        and fold(pred[field]) == fold(an)
                    ):
                        continue  # the article number stored in CSL "page" (Zotero's convention)
                    if _present(pred.get(field)):
                        stats["spurious"] += 1
                        misses.append(
                            {
                                "file": doc["file"],
                                "field": field,
                                "kind": "spurious",
                                "predicted": pred.get(field),
                            }
                        )
                continue
            ok, ok_ci = match(field, key, pred)
            stats["printed"] += 1
            stats["right"] += ok
            stats["right_ci"] += ok_ci
            printed += 1
            right += ok
            if not ok:
                misses.append(
                    {
                        "file": doc["file"],
                        "field": field,
                        "kind": "wrong" if _present(pred.get(field)) else "missing",
                        "key": key["value"],
                        "predicted": pred.get(field),
                    }
                )
        per_doc[doc["file"]] = {"printed": printed, "right": right}
    total_printed = sum(s["printed"] for s in per_field.values())
    total_right = sum(s["right"] for s in per_field.values())
    return {
        "documents": len(key_docs),
        "overall": {
            "printed": total_printed,
            "right": total_right,
            "accuracy": round(total_right / total_printed, 4) if total_printed else None,
        },
        "container": {
            "printed": per_field["container"]["printed"],
            "right": per_field["container"]["right"],
            "accuracy": round(
                per_field["container"]["right"] / per_field["container"]["printed"], 4
            )
            if per_field["container"]["printed"]
            else None,
        },
        "spurious": sum(s["spurious"] for s in per_field.values()),
        "per_field": {
            f: dict(s, accuracy=round(s["right"] / s["printed"], 4) if s["printed"] else None)
            for f, s in per_field.items()
        },
        "per_document": per_doc,
        "misses": misses,
    }


def print_report(name: str, result: dict) -> None:
    print(f"\n== {name}: {result['documents']} documents")
    print(f"{'field':<15}{'printed':>8}{'right':>7}{'acc':>8}{'(ci)':>8}{'spurious':>10}")
    for f, s in result["per_field"].items():
        acc = "" if s["accuracy"] is None else f"{s['accuracy']:.0%}"
        ci = "" if not s["printed"] or f != "doi" else f"{s['right_ci'] / s['printed']:.0%}"
        print(f"{f:<15}{s['printed']:>8}{s['right']:>7}{acc:>8}{ci:>8}{s['spurious']:>10}")
    o, c = result["overall"], result["container"]
    print(
        f"OVERALL {o['right']}/{o['printed']} = {o['accuracy']:.1%}   "
        f"container {c['right']}/{c['printed']} = {(c['accuracy'] or 0):.1%}   "
        f"spurious values {result['spurious']}"
    )


# -- extraction with essaylint -----------------------------------------------------------------


def check_files(pdf_dir: Path, docs: list[dict]) -> None:
    """The PDFs must be the very files the key was made from (sha1 in the key)."""
    import hashlib

    for doc in docs:
        path = pdf_dir / doc["file"]
        if not path.is_file():
            raise SystemExit(f"{path} not found: give the folder of the key's PDFs (--pdf-dir)")
        if doc.get("sha1") and hashlib.sha1(path.read_bytes()).hexdigest() != doc["sha1"]:
            raise SystemExit(f"{path} is not the file the key describes (sha1 differs)")


def present_files(pdf_dir: Path, docs: list[dict]) -> list[dict]:
    """The documents whose PDF is in ``pdf_dir``, the very file (sha1); says how many are not."""
    import hashlib

    here = [
        d
        for d in docs
        if (pdf_dir / d["file"]).is_file()
        and hashlib.sha1((pdf_dir / d["file"]).read_bytes()).hexdigest() == d.get("sha1", "")
    ]
    if len(here) < len(docs):
        print(f"{pdf_dir}: {len(docs) - len(here)} of {len(docs)} documents absent, not scored")
    return here


def extract(pdf_dir: Path, files: list[str]) -> dict[str, dict]:
    """CSL-JSON items as essaylint's ingest and export build them."""
    import hashlib

    from essaylint.core.errors import SourceError
    from essaylint.core.records import LIBRARY_COLUMNS, LibraryEntry, SourceFile
    from essaylint.export.csl import csl_item
    from essaylint.ingest.hygiene import clean_document
    from essaylint.ingest.library import extracted_row
    from essaylint.ingest.parse import parse_source

    out = {}
    for name in files:
        path = pdf_dir / name
        if not path.is_file():
            raise SystemExit(f"{path} not found: give the folder of the key's PDFs (--pdf-dir)")
        sha1 = hashlib.sha1(path.read_bytes()).hexdigest()
        source = SourceFile(
            path=name,
            doc_uid=f"doc_{sha1[:8]}",
            sha1=sha1,
            size=path.stat().st_size,
            source_type="evidence_document",
            citable=True,
        )
        try:
            document = clean_document(  # as the pipeline does: valid Unicode everywhere
                parse_source(pdf_dir, source, max_file_mb=200, max_pages=5000)
            )
        except SourceError as exc:  # a failed parse scores as all-missing
            out[name] = {"type": None, "_error": exc.reason}
            continue
        row = extracted_row(source, document.metadata, len(document.pages), {})
        entry = LibraryEntry(**{k: v for k, v in row.items() if k in LIBRARY_COLUMNS})
        item = csl_item(entry)
        item["_evidence"] = document.metadata.evidence
        out[name] = item
    return out


def time_parsing(pdf_dir: Path, files: list[str], runs: int) -> list[float]:
    """Seconds to parse (text and metadata) every file, per run. Works with older essaylint
    versions too, so that a previous release can be timed as the peer."""
    import contextlib
    import time

    try:
        from essaylint.core.records import SourceFile
    except ImportError:  # essaylint < 0.2
        from essaylint.records import SourceFile  # type: ignore[no-redef]
    from essaylint.ingest.parse import parse_source

    totals = []
    for _ in range(runs):
        start = time.perf_counter()
        for name in files:
            path = pdf_dir / name
            source = SourceFile(name, "doc_x", "x", path.stat().st_size, "evidence_document", True)
            with contextlib.suppress(Exception):  # an unreadable file costs its attempt only
                parse_source(pdf_dir, source, max_file_mb=200, max_pages=5000)
        totals.append(time.perf_counter() - start)
    return totals


def timing_report(pdf_dir: Path, files: list[str], runs: int, peer: str | None) -> None:
    import statistics
    import subprocess

    ours = time_parsing(pdf_dir, files, runs)
    line = f"parse {len(files)} PDFs: median {statistics.median(ours):.2f} s over {runs} runs"
    if peer:
        done = subprocess.run(
            [peer, __file__, "--time-only", str(pdf_dir), str(runs), *files],
            capture_output=True,
            text=True,
            check=True,
        )
        theirs = json.loads(done.stdout.strip().splitlines()[-1])
        ratio = statistics.median(ours) / statistics.median(theirs)
        line += f"; peer ({peer}) {statistics.median(theirs):.2f} s; ratio {ratio:.2f}"
    print(line)


def key_as_csl(doc: dict) -> dict:
    """The key's own values as a CSL item (for --self-test: must score 100 %)."""
    f = {k: v["value"] for k, v in doc["fields"].items()}
    item: dict = {"type": f["type"], "title": f["title"]}
    if f["authors"]:
        item["author"] = [{k: a[k] for k in ("family", "given") if a.get(k)} for a in f["authors"]]
    if f["year"]:
        item["issued"] = {"date-parts": [[f["year"]]]}
    for src, dst in (
        ("container", "container-title"),
        ("volume", "volume"),
        ("issue", "issue"),
        ("pages", "page"),
        ("publisher", "publisher"),
        ("doi", "DOI"),
        ("isbn", "ISBN"),
        ("url", "URL"),
    ):
        if f[src] is not None:
            item[dst] = f[src]
    if f["article_number"]:
        item["number"] = f["article_number"]
    if f["report_number"]:
        item["number"] = f["report_number"]
    if f["arxiv_id"]:
        item["note"] = f"arXiv:{f['arxiv_id']}"
    return {k: v for k, v in item.items() if v is not None}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--time-only"]:  # the peer's side of --timing
        pdf_dir, runs, *files = argv[1:]
        print(json.dumps(time_parsing(Path(pdf_dir), files, int(runs))))
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import CORPUS, DATA

    keys = {
        path.name.removesuffix("_key.json"): path
        for path in sorted((DATA / "references").glob("*_key.json"))
    }
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--set",
        choices=sorted(keys),
        action="append",
        help="key to score (repeatable; default: tuning)",
    )
    ap.add_argument(
        "--pdf-dir",
        type=Path,
        action="append",
        help="PDF folder per --set (default for tuning: ../shared/corpus)",
    )
    ap.add_argument(
        "--predictions", type=Path, help="score these instead: {documents: {file: item}}"
    )
    ap.add_argument("--self-test", action="store_true", help="score the key against itself")
    ap.add_argument(
        "--present",
        action="store_true",
        help="score only the key's documents whose PDF is in --pdf-dir (sha1 checked)",
    )
    ap.add_argument(
        "--with-visual", action="store_true", help="also count values printed only in logos"
    )
    ap.add_argument("--misses", action="store_true", help="list every miss")
    ap.add_argument("--out", type=Path, help="write the full results JSON here")
    ap.add_argument("--timing", type=int, metavar="RUNS", help="also time the parsing")
    ap.add_argument("--peer-python", help="time this interpreter's essaylint too (a release)")
    args = ap.parse_args(argv)
    sets = args.set or ["tuning"]
    results = {}
    for i, name in enumerate(sets):
        docs = json.loads(keys[name].read_text())["documents"]
        if args.self_test:
            preds = {d["file"]: key_as_csl(d) for d in docs}
        elif args.predictions:
            preds = json.loads(args.predictions.read_text())["documents"]
        else:
            dirs = args.pdf_dir or []
            pdf_dir = dirs[i] if i < len(dirs) else (CORPUS if name == "tuning" else None)
            if pdf_dir is None:
                ap.error(f"--set {name} needs its --pdf-dir (the PDFs are not in the repository)")
            if args.present:
                docs = present_files(pdf_dir, docs)
                if not docs:
                    continue
            check_files(pdf_dir, docs)
            preds = extract(pdf_dir, [d["file"] for d in docs])
            if args.timing:
                timing_report(pdf_dir, [d["file"] for d in docs], args.timing, args.peer_python)
        result = score(docs, preds, with_visual=args.with_visual)
        result["predictions"] = preds
        results[name] = result
        print_report(name, result)
        if args.misses:
            for miss in result["misses"]:
                print(
                    f"  {miss['kind']:<8} {miss['file'][:40]:<40} {miss['field']:<14} "
                    f"key={miss.get('key')!r:.60} got={miss.get('predicted')!r:.60}"
                )
    if args.out:
        args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
