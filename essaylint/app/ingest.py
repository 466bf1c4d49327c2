"""`essaylint ingest`: discover → parse → library → normalise/chunk → embed → index.

A run whose inputs (sources, library.csv, configuration, model) match the current build
stops before importing anything heavy. Otherwise the source stages (``ingest.pipeline``)
and the index stages (``index.build``) run in order, each resuming from its caches, each
document's step isolated (``ingest.isolation``). One ingest at a time: the run holds the
ingest lock (``core.lock``), and library.csv must parse before anything is done.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from essaylint import __version__
from essaylint.app.backends import project_backends
from essaylint.config.load import index_config_digest
from essaylint.core.lock import exclusive
from essaylint.core.ports import SilentProgress
from essaylint.core.records import ChunkedDocument, DocOutcome
from essaylint.index.build import build_index, embed_documents, load_vectors
from essaylint.index.freshness import inputs_digest
from essaylint.index.lance import IndexPointer
from essaylint.ingest.discover import discover_sources, link_policy
from essaylint.ingest.isolation import is_fatal
from essaylint.ingest.library import library_entries, read_library
from essaylint.ingest.pipeline import STAGES, SourceStages, timed
from essaylint.ingest.state import STATE, documents_of
from essaylint.ingest.works import group_dict

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np

    from essaylint.config.schema import Config
    from essaylint.core.ports import Backends, Progress
    from essaylint.core.project import Project

__all__ = ["LOCK", "STAGES", "IngestReport", "run_ingest"]
LOCK = "ingest.lock"  # in the store's .essaylint/


@dataclass
class IngestReport:
    build_id: str | None
    nothing_to_do: bool
    outcomes: list[DocOutcome]
    skipped: list[tuple[str, str]]
    timings: dict[str, float]
    stages_run: list[str] = field(default_factory=list)
    new_duplicate_groups: list[dict] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def failed(self) -> list[DocOutcome]:
        return [o for o in self.outcomes if o.status == "failed"]


def run_ingest(
    project: Project,
    config: Config,
    only: str | None = None,
    progress: Progress | None = None,
    backends: Backends | None = None,
    wait_s: float = 0.0,
    on_wait: Callable[[str], None] | None = None,
    rebuild: bool = False,
) -> IngestReport:
    """Bring the index up to date with raw/ (``only``: one stage on the earlier caches;
    ``rebuild``: write a new build even when the current one matches the inputs).
    Another ingest running: wait up to ``wait_s`` seconds for it (``on_wait`` says who)."""
    read_library(project.library_csv)  # a library.csv that does not parse stops the run here
    with exclusive(project.store.file(LOCK), "ingest", wait_s, on_wait):
        return _ingest(project, config, only, progress or SilentProgress(), backends, rebuild)


def _ingest(
    project: Project,
    config: Config,
    only: str | None,
    progress: Progress,
    backends: Backends | None,
    rebuild: bool,
) -> IngestReport:
    timings: dict[str, float] = {}
    with timed(timings, "discover"):
        sources, skipped = discover_sources(project.root, link_policy(config))
    state = project.store.state(STATE).read({})
    digest = inputs_digest(project, config, sources)
    pointer = IndexPointer.read(project.index)
    if only is None and not rebuild and pointer and pointer.inputs_digest == digest:
        outcomes = [DocOutcome(s.doc_uid, s.path, "unchanged") for s in sources]
        _restore_counts(outcomes, state)
        return IngestReport(pointer.build_id, True, outcomes, skipped, timings)
    backends = backends or project_backends(project, config)
    parser = backends.parser.get() if backends.parser is not None else None
    run = _Run(SourceStages(project, config, sources, state, progress, timings, parser), backends)
    stages = list(STAGES) if only is None else [only]
    for stage in stages:
        getattr(run, stage)()
    run.sources.finish()
    project.store.state(STATE).write(run.sources.new_state())
    build_id = run.build_id if "index" in stages else None
    if build_id:
        with timed(timings, "support"):
            prepare_citation_support(project, config, backends, progress)
    report = IngestReport(build_id, False, run.sources.all_outcomes(), skipped, timings, stages)
    if run.sources.duplicates is not None:
        report.new_duplicate_groups = [group_dict(g) for g in run.sources.duplicates.new_groups]
    return report


class _Run:
    """The four stages of one run, over the source stages' documents."""

    def __init__(self, sources: SourceStages, backends: Backends) -> None:
        self.sources = sources
        self.backends = backends
        self.vectors: dict[str, dict[str, np.ndarray]] = {}
        self.build_id = ""

    def parse(self) -> None:
        self.sources.parse()

    def chunk(self) -> None:
        self.sources.chunk()

    def embed(self) -> None:
        """Every document's vectors in one pass (batches span documents); when that pass
        fails, document by document, so that only the document at fault is left out."""
        s = self.sources
        s.need_chunked()
        with timed(s.timings, "embed"):
            try:
                self.vectors, embedded = self._embed(s.chunked)
            except Exception as exc:
                if is_fatal(exc):
                    raise
                self.vectors, embedded = {}, {}
                for uid, document in list(s.chunked.items()):
                    done = s.isolation.run(
                        uid, "embed", lambda d=document: self._embed({d.doc_uid: d})
                    )
                    if done is None:
                        s.drop(uid)
                        continue
                    self.vectors.update(done[0])
                    embedded.update(done[1])
        for uid, count in embedded.items():
            s.outcomes[uid].embedded = count

    def _embed(
        self, chunked: dict[str, ChunkedDocument]
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, int]]:
        s = self.sources
        return embed_documents(
            s.project,
            s.config,
            chunked,
            s.library_entries(),
            s.progress,
            self.backends.embedder,
            self.backends.multilingual,
        )

    def index(self) -> None:

        s = self.sources
        s.need_chunked()
        multilingual = self.backends.multilingual
        if not self.vectors:
            ml_id = multilingual.model_id if multilingual is not None else ""
            model_id = self.backends.embedder.model_id
            self.vectors = load_vectors(
                s.project, s.config, s.chunked, s.library_entries(), model_id, ml_id
            )
        self.build_id = _build_id(s.config)
        s.progress.stage("index", 1)
        with timed(s.timings, "index"):
            build_index(
                s.project,
                s.config,
                self.build_id,
                inputs_digest(s.project, s.config, s.sources),
                s.chunked,
                self.vectors,
                s.library_entries(),
                s.all_outcomes(),
                s.timings,
                self.backends.embedder,
                multilingual,
                s.isolation,
            )
        for uid in [u for u in s.chunked if s.isolation.failed(u)]:
            s.drop(uid)
        s.progress.advance()
        s.progress.done()


def prepare_citation_support(
    project: Project, config: Config, backends: Backends, progress: Progress | None = None
) -> int:
    """The cited documents' sentence vectors, computed here once rather than by the first
    commit that cites them (audit/citations/support.py). Only with the local embedder: a
    cloud one is paid per text and online, so there they stay lazy, per cited sentence."""
    if config.embedding.backend != "local":
        return 0
    # Imported here: the audits are not needed by an ingest that finds nothing to do.
    from essaylint.audit.citations.support import embed_cited_sentences

    library = library_entries(project.library_csv)
    citable = [uid for uid, e in library.items() if e.status == "present" and e.is_citable]
    return embed_cited_sentences(project, config, library, backends, citable, progress)


def _build_id(config: Config) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    return f"{stamp}-{index_config_digest(config)}-v{__version__}"


def _restore_counts(outcomes: list[DocOutcome], state: dict) -> None:
    documents = documents_of(state)
    for outcome in outcomes:
        info = documents.get(outcome.doc_uid, {})
        outcome.pages = info.get("pages", 0)
        outcome.parents = info.get("parents", 0)
        outcome.children = info.get("children", 0)
        if info.get("status") == "failed":
            outcome.status = "failed"
            outcome.reason = info.get("reason", "")
            outcome.hint = info.get("hint", "")
            outcome.stage = info.get("stage", "")
