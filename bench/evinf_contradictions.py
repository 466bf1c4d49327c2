"""A contradiction set from trial reports (issue #22): Evidence Inference's annotated findings
written as claims a student might make, one that the abstract supports and one it contradicts.

    python bench/evinf_contradictions.py --annotations ANNOTATIONS --sample 300 \\
        --exclude bench/data/quotes/evidence_docs.jsonl.gz \\
        --out bench/data/support/evinf_contra.jsonl.gz
    python bench/counterevidence.py --work W --sets evinf_contra

ANNOTATIONS is the annotations/ folder of jayded/evidence-inference (v2_annotations.csv,
prompts_merged.csv, abstracts/, xml_files/). A prompt (intervention, comparator, outcome) is
used when every valid v2 annotation gives it the same label, one of them quotes its evidence
from the abstract, its three parts are short (a student names them in a few words) and its
article is CC BY without NC or ND (its PMC XML says so). One prompt per article, articles in a
seeded random order; the quote bench's articles (``--exclude``: the evidence judge and the
contradiction reader were trained on claims written from their prompts) are left out.

Claims, fixed before any audit ran: "{I} significantly increases|reduces {O} compared with
{C}." or "{I} does not change {O} compared with {C}."; SUPPORTED states the annotated label,
CONTRADICTED the reversed direction (an increase for a decrease and back) or, for "no
significant difference", an effect (increase or reduce, by the prompt id's parity): the issue's
"finds no effect where the claim asserts one". Rows in bench/support_sets.py's format, the
abstract as sentences: the whole set is one library, every claim uncited in one draft.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import random
import re
from collections import defaultdict
from pathlib import Path

from fulltext_claims import cc_by_licence, quote_bench_articles, sentences

LABEL = {
    "significantly increased": "increased",
    "significantly increase": "increased",  # the release's misspelling of 687 rows
    "significantly decreased": "decreased",
    "no significant difference": "no difference",
}
VERB = {"increased": "significantly increases", "decreased": "significantly reduces"}
MAX_WORDS = 8
CLAUSE = re.compile(r"\b(?:was|were|is|are|had|has|have|received|given)\b", re.I)
PARENTHETICAL = re.compile(r"\s*\([^()]*\)")
ABSTRACT_LABEL = re.compile(r"^(?:TITLE|ABSTRACT(?:\.[^:]*)?):+\s*$")


def consistent_prompts(annotations: Path) -> dict[str, tuple[str, str, list[str]]]:
    """Prompt id → (PMC id, label, evidence texts) where every valid annotation agrees."""
    seen: dict[str, list[dict]] = defaultdict(list)
    with (annotations / "v2_annotations.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["Valid Label"] == "True" and row["Label"] in LABEL:
                seen[row["PromptID"]].append(row)
    out = {}
    for prompt, rows in seen.items():
        labels = {LABEL[r["Label"]] for r in rows}
        if len(labels) == 1:
            out[prompt] = (rows[0]["PMCID"], labels.pop(), [r["Annotations"] for r in rows])
    return out


def cleaned(text: str) -> str:
    """A prompt's name without its parentheticals, spacing or end punctuation."""
    return " ".join(PARENTHETICAL.sub("", text).split()).strip(" .;,")


def short(text: str) -> str | None:
    text = cleaned(text)
    if not text or len(text.split()) > MAX_WORDS or re.search(r"[()\[\];:<>=]", text):
        return None
    if CLAUSE.search(text):  # "landmark technique was used": a clause, not a name
        return None
    return text


def read_abstract(path: Path) -> tuple[str, list[str]]:
    """(title, sentences) of an abstracts/PMC*.abst file; section labels dropped."""
    title, body, in_title = "", [], False
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.strip()
        if not line:
            continue
        if ABSTRACT_LABEL.match(line):
            in_title = line.startswith("TITLE")
            continue
        if in_title and not title:
            title = line
        else:
            body.append(line)
    return title, [s for paragraph in body for s in sentences(paragraph)]


def claim(intervention: str, comparator: str, outcome: str, direction: str) -> str:
    verb = VERB.get(direction, "does not change")
    subject = intervention[0].upper() + intervention[1:]
    return f"{subject} {verb} {inside(outcome)} compared with {inside(comparator)}."


def inside(phrase: str) -> str:
    """A phrase as it reads mid-sentence: "The median survival" -> "the median survival"
    (an acronym or a name in capitals stays)."""
    first = phrase.split()[0]
    return (
        phrase
        if first[1:2].isupper() or not first[1:].islower()
        else phrase[0].lower() + phrase[1:]
    )


def contrary(label: str, prompt: str) -> str:
    if label == "increased":
        return "decreased"
    if label == "decreased":
        return "increased"
    return "increased" if int(prompt) % 2 else "decreased"


PARTS = ("Intervention", "Comparator", "Outcome")


def article_rows(prompt: str, names: dict, found: tuple, article: tuple) -> list[dict]:
    """The SUPPORTED and the CONTRADICTED claim of one prompt, with the article's abstract."""
    pmc, label, _ = found
    title, doc_sentences, licence = article
    base = {
        "set": "evinf_contra",
        "doc_id": f"PMC{pmc}",
        "title": title,
        "doc_sentences": doc_sentences,
        "group": prompt,
        "split": "test",
        "orig_label": label,
        "licence": licence,
        "source": "jayded/evidence-inference@b9831b6 v2_annotations.csv (MIT); abstract PMC",
    }
    i, c, o = (names[k] for k in PARTS)
    supported = claim(i, c, o, label)
    contradicted = claim(i, c, o, contrary(label, prompt))
    return [
        base | {"id": f"{prompt}-s", "claim": supported, "label": "SUPPORTED"},
        base | {"id": f"{prompt}-c", "claim": contradicted, "label": "CONTRADICTED"},
    ]


def read_article(annotations: Path, pmc: str) -> tuple[str, list[str], str] | None:
    """(title, abstract sentences, licence) of a CC BY article with a titled abstract."""
    abst = annotations / "abstracts" / f"PMC{pmc}.abst"
    nxml = annotations / "xml_files" / f"PMC{pmc}.nxml"
    if not abst.is_file() or not nxml.is_file():
        return None
    licence = cc_by_licence(nxml.read_text(encoding="utf-8", errors="replace"))
    title, doc_sentences = read_abstract(abst)
    return (title, doc_sentences, licence) if licence and title else None


def in_abstract(evidence: list[str], doc_sentences: list[str]) -> bool:
    flat = " ".join(" ".join(doc_sentences).split())
    return any(e and e in flat for e in (" ".join(x.split()) for x in evidence))


def build(annotations: Path, exclude: set[str], sample: int, seed: int) -> list[dict]:
    prompts = consistent_prompts(annotations)
    with (annotations / "prompts_merged.csv").open(encoding="utf-8", newline="") as handle:
        parts = {row["PromptID"]: row for row in csv.DictReader(handle)}
    by_article: dict[str, list[tuple[str, dict]]] = defaultdict(list)
    for prompt, (pmc, _, _) in sorted(prompts.items(), key=lambda kv: int(kv[0])):
        names = {k: short(parts[prompt][k]) for k in PARTS} if prompt in parts else {}
        if names and all(names.values()):
            by_article[pmc].append((prompt, names))
    articles = sorted(by_article)
    random.Random(seed).shuffle(articles)
    out: list[dict] = []
    for pmc in articles:
        if len(out) >= 2 * sample:
            break
        article = None if f"PMC{pmc}" in exclude else read_article(annotations, pmc)
        if article is None:
            continue
        stated = (p for p in by_article[pmc] if in_abstract(prompts[p[0]][2], article[1]))
        if chosen := next(stated, None):
            prompt, names = chosen
            out += article_rows(prompt, names, prompts[prompt], article)
    return out


def filler(annotations: Path, used: set[str], exclude: set[str]) -> list[dict]:
    """Every other CC BY abstract of the repository ({doc_id, title, sentences}): unlabelled
    trial reports that make the library a corpus (`bench/counterevidence.py --corpus`)."""
    out = []
    for abst in sorted((annotations / "abstracts").glob("PMC*.abst")):
        if abst.stem in used or abst.stem in exclude:
            continue
        article = read_article(annotations, abst.stem.removeprefix("PMC"))
        if article and article[1]:
            out.append({"doc_id": abst.stem, "title": article[0], "sentences": article[1]})
    random.Random(0).shuffle(out)
    return out


def write_gzip(rows: list[dict], path: Path) -> None:
    """Deterministic bytes (gzip mtime 0), as the other sets of bench/data/support/."""
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    with path.open("wb") as raw, gzip.GzipFile("", "wb", fileobj=raw, mtime=0) as handle:
        handle.write(text.encode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--annotations", type=Path, required=True)
    parser.add_argument("--exclude", type=Path, help="the quote bench's evidence_docs file")
    parser.add_argument("--sample", type=int, default=300, help="articles (two claims each)")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--filler", type=Path, help="also write the other CC BY abstracts here")
    args = parser.parse_args()
    exclude = quote_bench_articles(args.exclude) if args.exclude else set()
    rows = build(args.annotations, exclude, args.sample, args.seed)
    write_gzip(rows, args.out)
    print(f"{len(rows)} claims from {len(rows) // 2} articles -> {args.out}")
    if args.filler:
        others = filler(args.annotations, {r["doc_id"] for r in rows}, exclude)
        write_gzip(others, args.filler)
        print(f"{len(others)} other abstracts -> {args.filler}")


if __name__ == "__main__":
    main()
