"""The citation-support sets (bench/data/support/, README there) and their features, computed
by the product's own judge (essaylint.audit.citations.support) in a real essay repo.

Each set becomes one repo under --work: every cited document is a Markdown source in
raw/evidence (its title as the heading, one paragraph per sentence), ingested by
`essaylint ingest` (chunks, children, vectors), and each row's claim is scored against
its document exactly as the citation audit scores a citing sentence. Features are cached
in <work>/<set>.features.jsonl.gz, keyed by the set's digest, the judge version and the
embedder; both bench/fit_support.py and bench/judgement_support.py read them.

A set is one gzip JSONL file, one row per (claim, cited document):
{set, id, claim, doc_id, title, doc_sentences[], label, group, ...} with label SUPPORTED |
CONTRADICTED | NEI | UNRELATED. Evaluation-only sets (no licence to redistribute) use the
same format and are passed by path; they are never committed.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from _common import DATA, log

SUPPORT_DATA = DATA / "support"
# The sets the judge is fitted on (each in turn held out), and a held-out check.
TRAINING_SETS = ("scifact", "checkcovid", "wice")
CHECK_SETS = ("scifact_deveval",)
LABELS = ("SUPPORTED", "CONTRADICTED", "NEI", "UNRELATED")
DEFAULT_WORK = Path("/tmp/essaylint-bench-support")


@dataclass
class Row:
    """One labelled citation and the judge's features for it (None: nothing to compare)."""

    set: str
    id: str
    label: str
    group: str
    claim: str
    features: dict[str, float] | None
    passage: str = ""  # the best-matching source sentence
    contrary: str = ""  # the source text that reverses or denies the claim, if any


def set_path(name: str) -> Path:
    """A committed set by name, or an evaluation-only set by path."""
    path = Path(name)
    return path if path.suffix == ".gz" else SUPPORT_DATA / f"{name}.jsonl.gz"


def set_name(path: Path) -> str:
    return path.name.removesuffix(".jsonl.gz")


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_set(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def document_markdown(title: str, sentences: list[str]) -> str:
    heading = f"# {title.strip()}\n\n" if title.strip() else ""
    return heading + "\n\n".join(" ".join(s.split()) for s in sentences if s.strip()) + "\n"


def file_name(set_name: str, doc_id: str) -> str:
    return f"{set_name}_{re.sub(r'[^A-Za-z0-9_.-]', '_', doc_id)}.md"


def build_repo(name: str, rows: list[dict], work: Path, filler: list[dict] = ()):  # -> Project
    """The set's documents in an ingested essay repo (reused when already current), plus
    ``filler`` rows ({doc_id, title, sentences}) as further unlabelled sources."""
    from essaylint.app.ingest import run_ingest
    from essaylint.app.scaffold import scaffold
    from essaylint.config import load_config
    from essaylint.core.project import Project

    root = work / name
    if not (root / "essaylint.yaml").is_file():
        scaffold(root)
    evidence = root / "raw" / "evidence"
    for row in rows:
        target = evidence / file_name(name, row["doc_id"])
        content = document_markdown(row["title"], row["doc_sentences"])
        if not target.is_file() or target.read_text(encoding="utf-8") != content:
            target.write_text(content, encoding="utf-8")
    for row in filler:
        target = evidence / file_name("filler", str(row["doc_id"]))
        if not target.is_file():
            target.write_text(document_markdown(row["title"], row["sentences"]), encoding="utf-8")
    project = Project(root)
    started = time.perf_counter()
    report = run_ingest(project, load_config(project.config_path))
    log(f"{name}: index {report.build_id} in {time.perf_counter() - started:.0f}s")
    return project


def doc_uids(project) -> dict[str, str]:
    """File name in raw/evidence → doc_uid, from library.csv."""
    from essaylint.ingest.library import library_entries

    return {
        Path(e.source_path).name: uid
        for uid, e in library_entries(project.library_csv).items()
        if e.status == "present"
    }


def score_rows(name: str, rows: list[dict], project) -> list[Row]:
    from essaylint.app.backends import backends_for
    from essaylint.audit.citations.support import SupportScorer
    from essaylint.config import load_config
    from essaylint.ingest.library import library_entries

    config = load_config(project.config_path)
    library = library_entries(project.library_csv)
    scorer = SupportScorer(project, config, library, backends_for(config, project.root))
    uids = doc_uids(project)
    out = []
    started = time.perf_counter()
    for i, row in enumerate(rows, 1):
        uid = uids.get(file_name(name, row["doc_id"]))
        support = scorer.score(row["claim"], uid) if uid else None
        out.append(
            Row(
                name,
                row["id"],
                row["label"],
                str(row.get("group", row["doc_id"])),
                row["claim"],
                support.features if support else None,
                support.passage.text if support else "",
                support.contrary.text if support and support.contrary else "",
            )
        )
        if i % 200 == 0:
            log(f"{name}: {i}/{len(rows)} scored ({time.perf_counter() - started:.0f}s)")
    scorer.close()
    return out


def cache_key(path: Path, model_id: str) -> dict[str, object]:
    from essaylint.audit.citations.calibration import JUDGE_VERSION

    return {"data": file_digest(path), "judge_version": JUDGE_VERSION, "model_id": model_id}


def embedder_id() -> str:
    from essaylint.index.embed import MiniLMEmbedder

    return MiniLMEmbedder.model_id


def load_rows(name: str, work: Path = DEFAULT_WORK) -> list[Row]:
    """The set's rows with their features, computed now unless cached for this data, judge
    version and embedder."""
    path = set_path(name)
    label = set_name(path)
    cache = work / f"{label}.features.jsonl.gz"
    key = cache_key(path, embedder_id())
    if cache.is_file():
        with gzip.open(cache, "rt", encoding="utf-8") as handle:
            head = json.loads(handle.readline())
            if head == key:
                return [Row(**json.loads(line)) for line in handle]
    rows = read_set(path)
    project = build_repo(label, rows, work)
    scored = score_rows(label, rows, project)
    work.mkdir(parents=True, exist_ok=True)
    with gzip.open(cache, "wt", encoding="utf-8") as handle:
        handle.write(json.dumps(key) + "\n")
        for row in scored:
            handle.write(json.dumps(row.__dict__) + "\n")
    return scored


if __name__ == "__main__":
    for arg in sys.argv[1:] or [*TRAINING_SETS, *CHECK_SETS]:
        loaded = load_rows(arg)
        print(arg, len(loaded), sum(r.features is None for r in loaded), "without text")
