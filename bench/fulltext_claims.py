"""Claims for the full-text counterevidence pools (issue #22): one sentence per keyed
document, taken verbatim from its first two pages by a fixed rule, as a student who cites the
paper for its main finding would copy it.

    python bench/fulltext_claims.py --refs /work/refs \
        --out bench/data/counterevidence_fulltext_claims.jsonl
    python bench/fulltext_claims.py --refs /work/refs --max-pages 40 \
        --types article-journal,paper-conference,manuscript,article,report,chapter \
        --exclude bench/data/counterevidence_fulltext_claims.jsonl \
        --out bench/data/counterevidence_fulltext_claims_check.jsonl

The documents are those the reference keys (`bench/data/references/*_key.json` and
`REFS/heldout*_key.json`) type as ``--types`` (journal articles by default) whose PDF is under
`REFS/<set>/`. The rule, fixed before any audit ran: the sentence after a "Conclusion(s)" or
"Interpretation" label; else the first sentence where results, findings or "this study" show,
indicate, suggest or demonstrate something, or "we found/show"; 60-400 characters, English.
Documents with no such sentence are left out. The reading of the first pool's `limits` items
gave two cue fixes; the second pool (``--exclude`` the first) gave none.

A third pool comes from text, not PDFs: the Evidence Inference articles of the quote bench
(PubMed Central full texts of trials, CC BY; `bench/data/quotes/evidence_docs.jsonl.gz`), each
written as Markdown under `TEXT_ROOT/evinf/` with the same rule on its abstract:

    python bench/fulltext_claims.py --evinf bench/data/quotes/evidence_docs.jsonl.gz \
        --text-root /tmp/evinf --out bench/data/counterevidence_fulltext_claims_evinf.jsonl

A fourth pool takes other articles of the Evidence Inference repository (jayded/evidence-
inference, its annotations/ folder), those whose PMC licence is CC BY without NC or ND:

    python bench/fulltext_claims.py --evinf-annotations ANNOTATIONS --sample 400 \
        --evinf bench/data/quotes/evidence_docs.jsonl.gz --text-root /tmp/evinf \
        --out bench/data/counterevidence_fulltext_claims_evinf2.jsonl

Pools 5-8, held out for the `limits` filter, the same way with ``--exclude`` the earlier
pools' claims files concatenated (--sample 450 --seed 20261203, 450 / 20261204, 900 /
20261206 and 3000 / 20261207: evinf3 to evinf6).
"""

from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import json
import random
import re
from pathlib import Path

import py3langid
import pypdfium2 as pdfium

KEYS = str(Path(__file__).parent / "data" / "references" / "*_key.json")
LABELLED = re.compile(
    r"\b(?:CONCLUSIONS?|Conclusions?|INTERPRETATION|Interpretation)\s*(?:and\s+\w+\s*)?[:.—–-]?\s+"
    r"(?=[A-Z])"
)
FINDING = re.compile(
    r"\b(?:[Rr]esults|[Ff]indings|[Oo]ur (?:study|analysis|data|results)|[Tt]his (?:study|paper|"
    r"article|research))\b[^.]{0,80}?\b(?:show|shows|showed|indicate|indicates|indicated|suggest|"
    r"suggests|suggested|demonstrate|demonstrates|demonstrated|reveal|reveals|revealed)\b"
    r"|\b[Ww]e (?:find|found|show|showed|demonstrate|demonstrated)\b"
)
SENTENCE_END = re.compile(r"(?<=[a-z0-9%)\]][.!?])\s+(?=[A-Z(])")


def articles(
    refs: Path, types: frozenset[str] = frozenset({"article-journal"}), max_pages: int = 0
) -> list[tuple[str, dict]]:
    """(set, document) for each keyed document of ``types`` (journal articles) whose PDF is
    present, once per sha1; none longer than ``max_pages`` where that is set."""
    seen: set[str] = set()
    out = []
    for key in sorted(glob.glob(KEYS)) + sorted(glob.glob(str(refs / "heldout*_key.json"))):
        data = json.loads(Path(key).read_text(encoding="utf-8"))
        for doc in data.get("documents", []):
            kind = doc["fields"].get("type", {}).get("value")
            if kind not in types or doc["sha1"] in seen:
                continue
            if max_pages and (doc.get("pages") or 0) > max_pages:
                continue
            if (refs / data["set"] / doc["file"]).is_file():
                seen.add(doc["sha1"])
                out.append((data["set"], doc))
    return out


def first_pages_text(path: Path, pages: int = 2) -> str:
    pdf = pdfium.PdfDocument(str(path))
    try:
        text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(min(pages, len(pdf))))
    finally:
        pdf.close()
    text = text.replace("\ufffe", "").replace("\xad", "")  # pdfium's soft hyphens
    text = re.sub(r"(\w)-\s*[\r\n]+\s*(\w)", r"\1\2", text)
    return " ".join(text.split())


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]


def finding_sentence(text: str) -> str | None:
    label = LABELLED.search(text)
    if label:
        candidate = sentences(text[label.end() :])[:1]
        if candidate and usable(candidate[0]):
            return candidate[0]
    for sentence in sentences(text):
        if FINDING.search(sentence) and usable(sentence):
            return sentence
    return None


def usable(sentence: str) -> bool:
    if not 60 <= len(sentence) <= 400 or not sentence.endswith("."):
        return False
    return py3langid.classify(sentence)[0] == "en"


HEADING = re.compile(r"^(TITLE|ABSTRACT|BODY)(?:\.(.*?))?:+$")


def evinf_markdown(sentences_: list[str]) -> tuple[str, str]:
    """(Markdown, abstract text) of an Evidence Inference article's sentence list, whose
    headings are sentences such as ``ABSTRACT.RESULTS::`` and ``BODY.DISCUSSION:``."""
    blocks: list[tuple[str, str, list[str]]] = []
    for sentence in sentences_:
        heading = HEADING.match(sentence.strip())
        if heading:
            blocks.append((heading.group(1), (heading.group(2) or "").strip(), []))
        elif blocks:
            blocks[-1][2].append(sentence.strip())
        else:
            blocks.append(("BODY", "", [sentence.strip()]))
    lines, abstract = [], []
    for part, name, body in blocks:
        text = " ".join(body)
        if part == "TITLE":
            lines += [f"# {text}", ""]
            continue
        if name:
            lines += [f"## {name.title()}", ""]
        lines += [text, ""]
        if part == "ABSTRACT":
            abstract.append(f"{name}: {text}" if name else text)
    return "\n".join(lines), " ".join(abstract)


def evinf_claims(docs: Path, text_root: Path) -> tuple[list[dict], int]:
    """Each Evidence Inference article of the quote bench written to ``text_root/evinf/<PMC
    id>.md``; a claim row for those whose abstract gives a finding sentence."""
    with gzip.open(docs, "rt", encoding="utf-8") as handle:
        docs_ = [doc for doc in map(json.loads, handle) if doc["set"] == "evinf"]
    rows = [
        write_article(text_root, doc["doc_id"].split(":")[-1], doc["sentences"], doc["licence"])
        for doc in docs_
    ]
    return [row for row in rows if row], len(docs_)


def write_article(text_root: Path, pmc: str, lines: list[str], licence: str) -> dict | None:
    """The article as Markdown under ``text_root/evinf/``, and its claim row (None when its
    abstract gives no finding sentence)."""
    folder = text_root / "evinf"
    folder.mkdir(parents=True, exist_ok=True)
    markdown, abstract = evinf_markdown(lines)
    (folder / f"{pmc}.md").write_text(markdown, encoding="utf-8")
    claim = finding_sentence(" ".join(abstract.split()))
    if not claim:
        return None
    digest = hashlib.sha1(markdown.encode("utf-8")).hexdigest()
    return {"set": "evinf", "file": f"{pmc}.md", "sha1": digest, "claim": claim, "licence": licence}


def cc_by_licence(nxml: str) -> str:
    """The article's licence where it is CC BY without NC or ND ("" otherwise), as its PMC
    XML states it."""
    found = re.search(r"<license\b.*?</license>", nxml, re.S)
    text = found.group(0) if found else ""
    link = re.search(r'href="([^"]*creativecommons\.org/licenses/by/[^"]*)"', text)
    if link:
        return link.group(1)
    named = re.search(r"Creative Commons Attribution License", text)
    return (
        "CC BY (stated in words)"
        if named and not re.search(r"(?i)non-?commercial|noderiv", text)
        else ""
    )


def evinf_repo_claims(
    annotations: Path, text_root: Path, exclude: set[str], sample: int, seed: int
) -> tuple[list[dict], int]:
    """A sample of the Evidence Inference repository's CC BY articles (``annotations`` holds
    its txt_files/ and xml_files/), none of ``exclude`` (PMC ids), each written and claimed
    as by ``evinf_claims``."""
    licensed = []
    for path in sorted((annotations / "txt_files").glob("PMC*.txt")):
        nxml = annotations / "xml_files" / f"{path.stem}.nxml"
        if path.stem in exclude or not nxml.is_file():
            continue
        if licence := cc_by_licence(nxml.read_text(encoding="utf-8", errors="replace")):
            licensed.append((path, licence))
    random.Random(seed).shuffle(licensed)
    rows = []
    for path, licence in licensed[:sample]:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        if row := write_article(text_root, path.stem, lines, licence):
            rows.append(row)
    return rows, min(sample, len(licensed))


def quote_bench_articles(docs: Path) -> set[str]:
    """The PMC ids of the quote bench's Evidence Inference articles (the third pool's)."""
    with gzip.open(docs, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle]
    return {row["doc_id"].split(":")[-1] for row in rows if row["set"] == "evinf"}


def write_rows(rows: list[dict], out: Path) -> None:
    with out.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--refs", type=Path, help="the keyed PDFs' folder")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--types", default="article-journal", help="CSL types, comma-separated")
    parser.add_argument("--max-pages", type=int, default=0)
    parser.add_argument("--exclude", type=Path, help="a claims file whose documents to leave out")
    parser.add_argument("--evinf", type=Path, help="the quote bench's evidence_docs.jsonl.gz")
    parser.add_argument("--text-root", type=Path, help="with --evinf: where the articles go")
    parser.add_argument(
        "--evinf-annotations", type=Path, help="the Evidence Inference repository's annotations/"
    )
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261201)
    args = parser.parse_args()
    if args.evinf_annotations:
        if not args.text_root:
            parser.error("--evinf-annotations needs --text-root")
        used = set()
        if args.exclude:
            lines = args.exclude.read_text(encoding="utf-8").splitlines()
            used = {json.loads(line)["file"].removesuffix(".md") for line in lines}
        if args.evinf:
            used |= quote_bench_articles(args.evinf)
        rows, count = evinf_repo_claims(
            args.evinf_annotations, args.text_root, used, args.sample, args.seed
        )
        write_rows(rows, args.out)
        print(f"{len(rows)} claims from {count} articles -> {args.out}")
        return
    if args.evinf:
        if not args.text_root:
            parser.error("--evinf needs --text-root")
        rows, count = evinf_claims(args.evinf, args.text_root)
        write_rows(rows, args.out)
        print(f"{len(rows)} claims from {count} articles -> {args.out}")
        return
    if not args.refs:
        parser.error("--refs is required without --evinf")
    types = frozenset(args.types.split(","))
    done = set()
    if args.exclude:
        lines = args.exclude.read_text(encoding="utf-8").splitlines()
        done = {json.loads(line)["sha1"] for line in lines}
    rows = []
    chosen = [
        (n, d) for n, d in articles(args.refs, types, args.max_pages) if d["sha1"] not in done
    ]
    for name, doc in chosen:
        path = args.refs / name / doc["file"]
        try:
            text = first_pages_text(path)
        except pdfium.PdfiumError:
            continue
        claim = finding_sentence(text)
        if claim:
            digest = hashlib.sha1(path.read_bytes()).hexdigest()
            rows.append({"set": name, "file": doc["file"], "sha1": digest, "claim": claim})
    write_rows(rows, args.out)
    print(f"{len(rows)} claims from {len(chosen)} documents -> {args.out}")


if __name__ == "__main__":
    main()
