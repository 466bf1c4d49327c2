"""Counterevidence bench (issue #22): does `audit.counterevidence: strict` return the abstract
that contradicts a claim, and does it leave alone the abstract that supports one?

    python bench/counterevidence.py [--work /tmp/essaylint-bench-counter] [--sets scifact ...]
        [--split dev,test] [--json FILE.json]

For each SciFact set of bench/data/support/ (README there: SciFact train claims, CC BY 4.0;
abstracts ODC-By 1.0), every abstract of the set is a source of one ingested essay repo
(bench/support_sets.py builds it) — the full library, not just the cited abstract. Each
CONTRADICTED or SUPPORTED claim is written uncited as its own paragraph of one draft, and the
draft is audited by the real engine with counterevidence strict. Per claim:

- contradicted claims: is the labelled abstract among the items called ``contradicts``?
- supported claims: is the labelled abstract called ``contradicts`` (a false alarm)?

Both over every claim (a claim the claim audit does not keep is never searched: a miss) and
over the claims it keeps. Nothing here was used to set the judge's thresholds (they were set
before any measurement). Also the time per claim (the search alone, median of the claims).

With --cited FILE.jsonl, each SUPPORTED claim (or each claim of --cited-labels, e.g. NEI: an
abstract on the claim's topic that does not settle it) is written citing its labelled
abstract(s) as a student would (`(Source, 2020){#doc_uid}`), and every `limits` item of the
strict audit is written to FILE, one JSON line (set, claim, label, doc_uid, cited, cues,
quote), for reading: only a cited source may limit a claim, so this is where `limits` items
come from.

With --fulltext CLAIMS.jsonl (bench/fulltext_claims.py), --pdf-root DIR and --cited
FILE.jsonl, the documents of the reference keys are ingested from their PDFs, each cited by
the finding sentence of its own first pages, and the `limits` items go to FILE: full texts,
whose limitations sections abstracts seldom have. The draft's `contradicts` items against a
document its claim cites (false alarms: the document says the claim) are in the audit's
outputs/audits/cited.counterevidence.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from _common import log
from support_sets import build_repo, doc_uids, file_name, read_set, set_path

DEFAULT_WORK = Path("/tmp/essaylint-bench-counter")
LABELS = ("CONTRADICTED", "SUPPORTED")


def claims_of(rows: list[dict], labels=LABELS) -> dict[str, dict[str, set[str]]]:
    """Claim text → label → the doc_ids labelled so for it."""
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in rows:
        if row["label"] in labels:
            out[" ".join(row["claim"].split())][row["label"]].add(row["doc_id"])
    return out


def draft_text(claims: list[str]) -> str:
    return "# Claims\n\n" + "\n\n".join(claims) + "\n"


def audit_strict(project, draft: Path):  # -> (rows, findings, seconds)
    from essaylint.app.audit import audit_drafts, with_counterevidence
    from essaylint.config import load_config

    config = with_counterevidence(load_config(project.config_path), "strict")
    started = time.perf_counter()
    (report,) = audit_drafts(project, config, [draft], suggest=False, write=True)
    seconds = time.perf_counter() - started
    section = next(r for r in report.results if r.name == "counterevidence")
    claims = next(r for r in report.results if r.name == "claims")
    return claims.rows, section, seconds


def forget(project, *names: str) -> None:
    """Delete the kept results of these names, so that what follows computes them afresh."""
    for name in names:
        path = project.store.results(name).path
        if path is not None:
            path.unlink(missing_ok=True)


def filler_rows(corpus: Path | None, library: int, rows: list[dict]) -> list[dict]:
    """SciFact corpus abstracts not in the set, enough to make the library ``library`` large."""
    if corpus is None or not library:
        return []
    own = {str(r["doc_id"]) for r in rows}
    with gzip.open(corpus, "rt", encoding="utf-8") as handle:
        candidates = [json.loads(line) for line in handle]
    others = [r for r in candidates if str(r["doc_id"]) not in own]
    return others[: max(library - len(own), 0)]


def library_of(name: str, project, rows: list[dict], split: str | None, labels=LABELS):
    """Each labelled doc_id's doc_uid in the ingested repo, and the claims of ``split``:
    (uid, claims)."""
    uid_of_file = doc_uids(project)
    uid = {r["doc_id"]: uid_of_file.get(file_name(name, r["doc_id"]), "") for r in rows}
    chosen = [r for r in rows if not split or r.get("split") in split.split(",")]
    claims = claims_of(chosen, labels)
    return uid, claims


def evaluate(
    name: str, work: Path, corpus: Path | None = None, library: int = 0, split: str | None = None
) -> dict:
    """``split``: claims of these splits only (Check-COVID: dev,test are held out from the
    contradiction reader); the library keeps every abstract of the set."""
    rows = read_set(set_path(name))
    filler = filler_rows(corpus, library, rows)
    if filler:
        work = work / f"library{library}"
    project = build_repo(name, rows, work, filler)
    uid, claims = library_of(name, project, rows, split)
    texts = sorted(claims)
    draft = project.root / "drafts" / "claims.md"
    draft.write_text(draft_text(texts), encoding="utf-8")
    forget(project, "counterevidence", "reports")  # time the search itself, not the cache
    claim_rows, section, seconds = audit_strict(project, draft)
    kept = {r["claim_text"] for r in claim_rows}
    called: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in section.rows:
        if row["relation"] in ("contradicts", "limits"):
            called[row["claim_text"]][row["relation"]].add(row["doc_uid"])
    out: dict = {
        "set": name,
        "split": split or "all",
        "documents": len({r["doc_id"] for r in rows}) + len(filler),
        "claims": {},
    }
    for label in LABELS:
        with_label = [t for t in texts if claims[t].get(label)]
        hits = [
            t
            for t in with_label
            if {uid[d] for d in claims[t][label]} & called.get(t, {}).get("contradicts", set())
        ]
        any_item = [t for t in with_label if called.get(t)]
        kept_here = [t for t in with_label if t in kept]
        out["claims"][label] = {
            "claims": len(with_label),
            "kept_by_claim_audit": len(kept_here),
            "labelled_abstract_called_contradicts": len(hits),
            "share_of_all": round(len(hits) / max(len(with_label), 1), 3),
            "share_of_kept": round(len(hits) / max(len(kept_here), 1), 3),
            "with_any_item": len(any_item),
        }
    contradicts_items = [r for r in section.rows if r["relation"] == "contradicts"]
    out["items"] = {
        "contradicts": len(contradicts_items),
        "limits": sum(1 for r in section.rows if r["relation"] == "limits"),
        "nothing_found": sum(
            1 for r in section.rows if r["relation"] not in ("contradicts", "limits")
        ),
    }
    # Of the items called contradicts, how many point at an abstract labelled CONTRADICTED for
    # that claim (a lower bound of precision: other abstracts are unlabelled, not wrong).
    labelled = sum(
        1
        for r in contradicts_items
        if r["doc_uid"] in {uid[d] for d in claims[r["claim_text"]].get("CONTRADICTED", ())}
    )
    out["contradicts_on_labelled_contradicting_abstract"] = labelled
    out["query_counter"] = by_query(project, texts, claims, uid)
    searched = section.metrics.get("searched", 0)
    out["audit_seconds"] = round(seconds, 1)
    out["claims_searched"] = searched
    out["seconds_per_searched_claim"] = round(seconds / max(searched, 1), 2)
    return out


def cited_limits(
    name: str, work: Path, split: str | None, out: Path, labels: tuple[str, ...] = ("SUPPORTED",)
) -> dict:
    """Strict-audit the set's claims of ``labels``, each citing its abstracts labelled so;
    write the `limits` items to ``out`` (appended) and return counts."""
    rows = read_set(set_path(name))
    project = build_repo(name, rows, work)
    uid, claims = library_of(name, project, rows, split, labels)
    texts = sorted(t for t in claims if any(claims[t].get(label) for label in labels))
    cited = {
        t: sorted({uid[d] for label in labels for d in claims[t].get(label, ())}) for t in texts
    }
    label_of = {t: "+".join(label for label in labels if claims[t].get(label)) for t in texts}
    counts = audit_cited(name, project, cited, label_of, out)
    return {"set": name, "split": split or "all", "labels": list(labels), **counts}


def fulltext_limits(claims_file: Path, pdf_root: Path, work: Path, out: Path) -> dict:
    """The full-text pool: each journal article of ``claims_file`` (bench/fulltext_claims.py)
    ingested from its PDF, its claim cited to it, strict-audited; `limits` items to ``out``."""
    from essaylint.app.ingest import run_ingest
    from essaylint.app.scaffold import scaffold
    from essaylint.config import load_config
    from essaylint.core.project import Project

    rows = [json.loads(line) for line in claims_file.read_text(encoding="utf-8").splitlines()]
    root = work / "fulltext"
    if not (root / "essaylint.yaml").is_file():
        scaffold(root)
    for row in rows:
        target = root / "raw" / "evidence" / f"{row['set']}_{row['file']}"
        if not target.is_file():
            shutil.copyfile(pdf_root / row["set"] / row["file"], target)
    project = Project(root)
    started = time.perf_counter()
    report = run_ingest(project, load_config(project.config_path))
    log(f"fulltext: index {report.build_id} in {time.perf_counter() - started:.0f}s")
    uid_of_file = doc_uids(project)
    cited = {}
    for row in rows:
        uid = uid_of_file.get(f"{row['set']}_{row['file']}")
        if uid:
            cited[" ".join(row["claim"].split())] = [uid]
    counts = audit_cited("fulltext", project, cited, dict.fromkeys(cited, "FINDING"), out)
    return {"set": "fulltext", "articles": len(rows), **counts}


def audit_cited(
    name: str, project, cited: dict[str, list[str]], label_of: dict[str, str], out: Path
) -> dict:
    """One draft of the claims, each citing its doc_uids, strict-audited; each `limits` item
    appended to ``out`` as a JSON line."""
    texts = sorted(cited)
    paragraphs = [
        t.rstrip(".") + " " + "; ".join(f"(Source, 2020){{#{u}}}" for u in cited[t]) + "."
        for t in texts
    ]
    draft = project.root / "drafts" / "cited.md"
    draft.write_text(draft_text(paragraphs), encoding="utf-8")
    forget(project, "counterevidence", "reports")
    _, section, seconds = audit_strict(project, draft)
    lines = draft.read_text(encoding="utf-8").splitlines()
    claim_at = {
        i + 1: texts[paragraphs.index(line)] for i, line in enumerate(lines) if line in paragraphs
    }
    items = [r for r in section.rows if r["relation"] == "limits"]
    with out.open("a", encoding="utf-8") as handle:
        for r in items:
            claim = claim_at.get(r["line"], r["claim_text"])
            record = {
                "set": name,
                "claim": claim,
                "label": label_of.get(claim, ""),
                "doc_uid": r["doc_uid"],
                "cited": r["doc_uid"] in cited.get(claim, []),
                "cues": ", ".join(r["cues"]),
                "quote": r["quote"],
                "locator": r.get("locator", ""),
            }
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return {
        "claims_cited": len(texts),
        "limits_items": len(items),
        "claims_with_limits": len({r["line"] for r in items}),
        "contradicts_items": sum(1 for r in section.rows if r["relation"] == "contradicts"),
        "audit_seconds": round(seconds, 1),
    }


def by_query(project, texts: list[str], claims: dict, uid: dict[str, str]) -> dict:
    """The same search for every claim, as `essaylint query "CLAIM" --counter` runs it (no
    claim audit in front: what the search and judge do on their own)."""
    from essaylint.app.backends import backends_for
    from essaylint.audit.counterevidence import CounterSearch
    from essaylint.config import load_config
    from essaylint.ingest.library import library_entries
    from essaylint.retrieve.engine import Retriever

    config = load_config(project.config_path)
    forget(project, "counterevidence")  # the audit above searched some of these claims
    backends = backends_for(config, project.root)
    retriever = Retriever(project, config, backends)
    search = CounterSearch(project, retriever, backends, library_entries(project.library_csv))
    out: dict = {}
    timings: list[float] = []
    for label in LABELS:
        with_label = [t for t in texts if claims[t].get(label)]
        hits = 0
        for text in with_label:
            started = time.perf_counter()
            items, _ = search.find(text)
            timings.append(time.perf_counter() - started)
            against = {i.doc_uid for i in items if i.relation == "contradicts"}
            hits += bool({uid[d] for d in claims[text][label]} & against)
        out[label] = {
            "claims": len(with_label),
            "labelled_abstract_called_contradicts": hits,
            "share": round(hits / max(len(with_label), 1), 3),
        }
    timings.sort()
    out["seconds_per_claim"] = {
        "median": round(statistics.median(timings), 3) if timings else None,
        "p90": round(timings[int(0.9 * (len(timings) - 1))], 3) if timings else None,
    }
    search.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK)
    parser.add_argument("--sets", nargs="+", default=["scifact_deveval", "scifact"])
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--library", type=int, default=0, help="fill each library to this many abstracts"
    )
    parser.add_argument(
        "--corpus", type=Path, help="the SciFact corpus (gzip JSONL) the filler comes from"
    )
    parser.add_argument("--split", help="claims of these splits only, e.g. dev,test")
    parser.add_argument(
        "--cited", type=Path, help="claims citing their abstracts; limits items written here"
    )
    parser.add_argument(
        "--cited-labels",
        default="SUPPORTED",
        help="with --cited: the labels whose claims cite their abstracts (SUPPORTED, NEI, "
        "CONTRADICTED; comma-separated)",
    )
    parser.add_argument(
        "--fulltext",
        type=Path,
        help="claims of bench/fulltext_claims.py citing their articles' PDFs (under --pdf-root); "
        "limits items written to --cited",
    )
    parser.add_argument(
        "--pdf-root", type=Path, help="with --fulltext: the documents' folder (SET/FILE under it)"
    )
    args = parser.parse_args()
    results = []
    if args.fulltext and not (args.pdf_root and args.cited):
        parser.error("--fulltext needs --pdf-root and --cited")
    if args.fulltext:
        log("fulltext: journal articles citing themselves, counterevidence strict")
        results.append(fulltext_limits(args.fulltext, args.pdf_root, args.work, args.cited))
        args.sets = []
    labels = tuple(args.cited_labels.split(","))
    for name in args.sets:
        if args.cited:
            log(f"{name}: claims citing their abstracts, counterevidence strict")
            results.append(cited_limits(name, args.work, args.split, args.cited, labels))
            log(json.dumps(results[-1], indent=1))
            continue
        log(f"{name}: auditing with counterevidence strict")
        results.append(evaluate(name, args.work, args.corpus, args.library, args.split))
        log(json.dumps(results[-1], indent=1))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    json.dump(results, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
