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
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--refs", type=Path, required=True, help="the keyed PDFs' folder")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--types", default="article-journal", help="CSL types, comma-separated")
    parser.add_argument("--max-pages", type=int, default=0)
    parser.add_argument("--exclude", type=Path, help="a claims file whose documents to leave out")
    args = parser.parse_args()
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
    with args.out.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} claims from {len(chosen)} documents -> {args.out}")


if __name__ == "__main__":
    main()
