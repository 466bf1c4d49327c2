"""Quote bench: how often an evidence pack's quote holds the sentence that is the evidence.

Run on demand (not in the tests):

    python bench/quotes.py --work /tmp/essaylint-bench-dev-eval
    python bench/quotes.py --work /tmp/bench-scifact --rationales RATIONALES.jsonl

For each cited sentence whose source holds annotated evidence (dev-eval cases.jsonl rows
with rationale sentences, or the rationales.jsonl of a held-out BEIR set written by
bench/quote_model.py into a repo built by `bench/retrieval.py --beir`), the sentence is
asked as a query limited to its cited document. A hit is a first item whose quote (at most
60 words) contains one of the rationale sentences. The shipped picker (the finding-sentence
model, essaylint/retrieve/finding.py) and the previous one (the sentence densest in query
terms, grown with its neighbours) run in the same process over the same packs.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from _common import DEV_EVAL, median

import essaylint.retrieve.pack as pack
import essaylint.retrieve.quotes as quotes
from essaylint.app.query import open_retriever
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.retrieve.engine import Retriever
from essaylint.retrieve.records import Filters, QueryInputs
from essaylint.retrieve.service import answer

Case = tuple[str, str, list[str]]  # cited sentence, doc uid, rationale sentences


def previous_quote(
    text: str,
    start: int,
    end: int,
    query: str,
    max_words: int = quotes.MAX_QUOTE_WORDS,
    excluded: Sequence[tuple[int, int]] = (),
    title: str = "",
    judge: bool = False,
) -> tuple[int, int]:
    """The picker before the finding-sentence model: the sentence densest in query terms
    (terms / length^0.25, the first on ties), grown with its neighbours while they fit."""
    terms = quotes.query_terms(query)
    blocks = quotes._quote_blocks(text, start, end)
    spans = [span for block in blocks for span in block]
    if not spans:
        return quotes._word_window(text, start, end, terms, max_words)

    def density(span: tuple[int, int]) -> float:
        sentence = text[span[0] : span[1]]
        overlap = len(quotes.query_terms(sentence) & terms)
        return overlap / max(1, len(sentence.split())) ** 0.25

    best = max(range(len(spans)), key=lambda i: (density(spans[i]), -i))
    block = next(b for b in blocks if spans[best] in b)
    if quotes._words(text, *spans[best]) > max_words:
        return quotes._word_window(text, *spans[best], terms, max_words)
    low = high = block.index(spans[best])
    while True:
        grown = [
            (a, b)
            for a, b in ((low, high + 1), (low - 1, high))
            if a >= 0
            and b < len(block)
            and quotes._words(text, block[a][0], block[b][1]) <= max_words
        ]
        if not grown:
            return block[low][0], block[high][1]
        low, high = grown[0]


def finding_only(*args: object, **kwargs: object) -> tuple[int, int]:
    """The shipped picker with the evidence judge switched off (retrieval.quote_judge)."""
    return quotes.best_quote(*args, **{**kwargs, "judge": False})


PICKERS: dict[str, Callable[..., tuple[int, int]] | None] = {
    "shipped: finding model + evidence judge, marked regions skipped": None,
    "finding model alone (quote_judge: false)": finding_only,
    "previous: densest sentence in query terms, grown": previous_quote,
}


@contextmanager
def picker(function: Callable[..., tuple[int, int]] | None, spent: list[float]) -> Iterator[None]:
    """Use ``function`` as the pack's quote picker (None: the shipped one), timing its calls."""
    saved = pack.best_quote
    chosen = function or saved

    def timed(*args: object, **kwargs: object) -> tuple[int, int]:
        started = time.perf_counter()
        try:
            return chosen(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - started)

    pack.best_quote = timed
    try:
        yield
    finally:
        pack.best_quote = saved


def dev_eval_cases(folder: Path) -> list[Case]:
    rows = [json.loads(line) for line in (folder / "cases.jsonl").read_text().splitlines()]
    rows = [r for r in rows if r["rationale_text"]]
    return [(r["sentence"], r["cited_doc_id"], r["rationale_text"]) for r in rows]


def rationale_cases(path: Path, project: Project) -> list[Case]:
    """Rows of a rationales.jsonl, their BEIR ids mapped to the repo's doc_uids."""
    with project.library_csv.open(newline="", encoding="utf-8") as handle:
        uid = {
            match.group(1): row["doc_uid"]
            for row in csv.DictReader(handle)
            if (match := re.search(r"beir_(\w+)\.md$", row["source_path"]))
        }
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [(r["sentence"], uid[r["cited_doc"]], r["rationale_text"]) for r in rows]


def evaluate(retriever: Retriever, cases: list[Case]) -> dict[str, tuple[int, int, float, float]]:
    """Per picker: (hits, cases asked, mean quote words, ms per quote)."""
    flat = " ".join
    results = {}
    for name, function in PICKERS.items():
        hits = words = asked = 0
        spent: list[float] = []
        with picker(function, spent):
            for sentence, doc_uid, rationale in cases:
                inputs = QueryInputs(sentence, filters=Filters(docs=(doc_uid,)))
                items = answer(retriever, inputs, write=False).pack.items
                if not items:
                    continue
                quote = flat(items[0].quote.split())
                asked += 1
                words += len(quote.split())
                hits += any(flat(r.split())[:80] in quote for r in rationale)
        results[name] = (hits, asked, words / max(asked, 1), 1000 * median(spent))
    return results


def table(results: dict[str, tuple[int, int, float, float]]) -> str:
    rows = [
        "| quote picker | quote holds an evidence sentence | mean words | ms per quote (median) |"
    ]
    rows.append("|---|---:|---:|---:|")
    for name, (hits, asked, words, ms) in results.items():
        rows.append(
            f"| {name} | {hits}/{asked} = {hits / max(asked, 1):.3f} | {words:.1f} | {ms:.0f} |"
        )
    return "\n".join(rows)


CORPUS_QUESTIONS = [
    "complications of DVT prophylaxis in trauma patients",
    "bleeding and heparin-induced thrombocytopenia rates with prophylaxis",
    "barriers to quality improvement in Malawi hospitals",
    "focus groups with heart failure patients",
    "share of papers with full text in S2ORC",
    "inter-annotator agreement of faithfulness ratings",
    "heat stress effects on wheat yield",
    "phrase generation with distributional semantics",
    "stressful life events and dementia risk",
    "fragment-based drug design",
    "topologischer Raum und stetige Abbildung",
    "LaTeX 模板 中文 参考文献",
]


def region_quotes(retriever: Retriever, questions: list[str]) -> tuple[int, Counter[str]]:
    """Quotes over the corpus that touch a region marked at ingest, by region kind."""
    from essaylint.ingest.structure.store import structure_of

    quoted = 0
    touched: Counter[str] = Counter()
    for question in questions:
        for item in answer(retriever, QueryInputs(question), write=False).pack.items:
            quoted += 1
            structure = structure_of(retriever.project, item.doc_uid)
            for start, end, kind in structure.regions_of(item.parent_id) if structure else []:
                if item.quote_start < end and start < item.quote_end:
                    touched[kind] += 1
    return quoted, touched


SWEEP_QUESTIONS = ("limitations of this study", "previous studies have shown")
# A quote that reads like a reference entry: a year, then within a line a volume(issue),
# pages, a DOI, an address or "Retrieved"; flagged for reading, not a verdict.
REFERENCE_LIKE = re.compile(
    r"(\(\d{4}[a-z]?\)|\b(19|20)\d\d[a-z]?[.;,)]).{0,120}(\d+\s*\(\d+\)|\d+\s*[:,]\s*\d+[-–]\d+|"
    r"doi|https?://|Retrieved|pp\.)",
    re.IGNORECASE,
)


def sweep(retriever: Retriever, out: Path) -> None:
    """Every document of the library asked three questions of its own (its title, and two
    that lure literature and limits); each quote written to ``out`` with its file, page and
    whether it reads like a reference entry, for reading."""
    rows = []
    with retriever.project.library_csv.open(newline="", encoding="utf-8") as handle:
        library = list(csv.DictReader(handle))
    for entry in library:
        for question in (entry["title"], *SWEEP_QUESTIONS):
            inputs = QueryInputs(question, filters=Filters(docs=(entry["doc_uid"],)))
            for item in answer(retriever, inputs, write=False).pack.items:
                quote = " ".join(item.quote.split())
                rows.append(
                    {
                        "file": Path(entry["source_path"]).name,
                        "page": item.locator.page_start,
                        "question": question,
                        "quote": quote,
                        "reference_like": bool(REFERENCE_LIKE.search(quote)),
                    }
                )
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    flagged = sum(r["reference_like"] for r in rows)
    print(f"{len(library)} documents, {len(rows)} quotes, {flagged} read like a reference entry")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--work", type=Path, required=True, help="an ingested bench repo")
    parser.add_argument("--rationales", type=Path, help="a rationales.jsonl (held-out set)")
    parser.add_argument("--dev-eval", type=Path, default=DEV_EVAL, help="shared/dev-eval")
    parser.add_argument(
        "--regions",
        type=Path,
        help="questions (JSONL with 'question') over a corpus repo: count quotes from regions",
    )
    parser.add_argument(
        "--sweep",
        type=Path,
        help="ask each document of the repo three questions; write every quote to this JSONL",
    )
    args = parser.parse_args()
    project = Project(args.work)
    retriever = open_retriever(project, load_config(project.config_path))
    if args.sweep:
        sweep(retriever, args.sweep)
        return
    if args.regions:
        rows = [json.loads(line) for line in args.regions.read_text().splitlines() if line]
        questions = CORPUS_QUESTIONS + [r["question"] for r in rows]
        quoted, touched = region_quotes(retriever, questions)
        print(f"{len(questions)} questions, {quoted} quotes; quotes touching a marked region:")
        print(", ".join(f"{k} {n}" for k, n in sorted(touched.items())) or "none")
        return
    cases = (
        rationale_cases(args.rationales, project)
        if args.rationales
        else dev_eval_cases(args.dev_eval)
    )
    print(f"\n{len(cases)} cited sentences with annotated evidence ({args.work})\n")
    print(table(evaluate(retriever, cases)))


if __name__ == "__main__":
    main()
