"""The source stages of an ingest: parse → library → normalise/chunk → structure.

Every stage caches its result per document under a key of what it depends on, so an
unchanged file costs nothing, a changed one is redone, and an interrupted run resumes.
Each document's step runs isolated (``ingest.isolation``): a document that fails at any
stage is reported and left out, and the others go on. Embedding and indexing follow in
``index.build``; ``app.ingest`` runs the whole ingest.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from essaylint.config.schema import Config, IngestSettings
from essaylint.core.errors import EssaylintError
from essaylint.core.project import Project
from essaylint.core.records import (
    ChunkedDocument,
    DocOutcome,
    LibraryEntry,
    ParsedDocument,
    SourceFile,
)
from essaylint.draft import parse_draft
from essaylint.ingest.chunk import chunk_document
from essaylint.ingest.duplicates import DuplicateRun, find_duplicates
from essaylint.ingest.hygiene import clean_document
from essaylint.ingest.isolation import Isolation
from essaylint.ingest.library import (
    EVIDENCE_STATE,
    MEMORY_STATE,
    extracted_row,
    library_entries,
    mark_failed,
    merge_library,
    minimal_row,
    read_reading_list,
)
from essaylint.ingest.metadata import add_pdf_metadata
from essaylint.ingest.normalise import normalise
from essaylint.ingest.parse import parse_source
from essaylint.ingest.quality import flag_quality, write_quality_report
from essaylint.ingest.state import documents_of
from essaylint.ingest.structure.store import ensure_structure
from essaylint.ingest.works import listed_groups, write_duplicate_of

if TYPE_CHECKING:
    from essaylint.core.ports import Parser, Progress

PARSE_VERSION = "3"  # 3: full bibliographic record (container, volume, pages, type...)
CHUNK_VERSION = "3"  # 3: hyphen marks joined against a dictionary; short lines stand alone
STAGES = ("parse", "chunk", "embed", "index")
DISCOVERY_SETTINGS = {"follow_external_links"}


def parse_key(config: Config) -> str:
    """The key of the parse cache: one parser's results never serve another (ingest.parser)."""
    if config.ingest.parser == "mineru":
        return f"{PARSE_VERSION}+mineru-{config.cloud.mineru.model_version}"
    return PARSE_VERSION


def chunk_key(settings: IngestSettings) -> str:
    """The key of the chunk cache: the chunker's version and every ingest setting that
    shapes a document's chunks (which files are found does not)."""
    return f"{CHUNK_VERSION}|{settings.model_dump_json(exclude=DISCOVERY_SETTINGS)}"


class SourceStages:
    """The source stages of one ingest run; each method is a stage that reads the previous
    stage's caches. ``parser`` parses the files it claims (ingest.parser: mineru)."""

    def __init__(
        self,
        project: Project,
        config: Config,
        sources: list[SourceFile],
        state: dict,
        progress: Progress,
        timings: dict[str, float],
        parser: Parser | None = None,
    ) -> None:
        self.project = project
        self.store = project.store
        self.config = config
        self.parse_key = parse_key(config)
        self.chunk_key = chunk_key(config.ingest)
        self.sources = sources
        self.progress = progress
        self.timings = timings
        self.previous: dict[str, dict] = documents_of(state)
        self.outcomes = {s.doc_uid: self._classify(s) for s in sources}
        self.isolation = Isolation(self.outcomes, project.store.folder("logs"))
        self._parse_failed: set[str] = set()
        self.parsed: dict[str, ParsedDocument] = {}
        self.chunked: dict[str, ChunkedDocument] = {}
        self.library: dict[str, LibraryEntry] = {}
        self.parser = parser
        self.duplicates: DuplicateRun | None = None

    # -- stages ---------------------------------------------------------------
    def parse(self) -> None:
        failures = self.store.state("failures").read({}) or {}
        reading_list = read_reading_list(self.project.raw)
        extracted: dict[str, dict[str, str]] = {}
        evidence: dict[str, dict[str, str]] = {}
        self.progress.stage("parse", len(self.sources))
        with timed(self.timings, "parse"):
            self._prepare_cloud_parser(failures)
            for source in self.sources:
                document = self._parse_one(source, failures)
                row = self.isolation.run(
                    source.doc_uid,
                    "library",
                    lambda s=source, d=document: self._extracted(s, d, reading_list),
                )
                if row is None:  # still listed, marked failed: the student sees it
                    self.drop(source.doc_uid)
                    row = minimal_row(source)
                extracted[source.doc_uid] = row
                if document is not None:
                    evidence[source.doc_uid] = dict(document.metadata.evidence)
                self.progress.advance()
            self.store.state("failures").write(failures)
            entries = merge_library(
                self.project.library_csv,
                self.store.state(MEMORY_STATE).path,
                extracted,
                {s.doc_uid for s in self.sources},
                self._failed(),
            )
            self.store.state(EVIDENCE_STATE).write(evidence)
        self._parse_failed = self._failed()
        self.library = {e.doc_uid: e for e in entries}
        self.progress.done()

    def chunk(self) -> None:
        self._need_parsed()
        self.progress.stage("chunk", len(self.parsed))
        with timed(self.timings, "chunk"):
            for uid, document in list(self.parsed.items()):
                chunked = self._chunk_one(document)
                self.progress.advance()
                if chunked is None:
                    self.drop(uid)
                    continue
                self.chunked[uid] = chunked
                self._record_chunks(uid, document, chunked)
        with timed(self.timings, "structure"):
            self._structures()
        with timed(self.timings, "duplicates"):
            self._duplicates()
        self.progress.done()

    def _chunk_one(self, document: ParsedDocument) -> ChunkedDocument | None:
        """The document's chunks (from the cache, else normalised and chunked now)."""
        uid, settings = document.doc_uid, self.config.ingest
        chunked = self.store.chunked.get(uid, self.chunk_key)
        if chunked is not None:
            return chunked
        normalised = self.isolation.run(
            uid, "normalise", lambda: normalise(document, settings.header_footer_min_share)
        )
        if normalised is None:
            return None

        def cut() -> ChunkedDocument:
            done = chunk_document(uid, normalised, document.has_page_numbers, settings)
            flag_quality(done.quality, settings.quality)
            self.store.chunked.put(uid, self.chunk_key, done)
            return done

        return self.isolation.run(uid, "chunk", cut)

    def _structures(self) -> None:
        """Sections, captions, footnotes, bibliography, links (docs/structure.md)."""

        paths = {s.doc_uid: s.path for s in self.sources}
        for uid, chunked in list(self.chunked.items()):
            built = self.isolation.run(
                uid,
                "structure",
                lambda c=chunked, path=paths[uid]: ensure_structure(
                    self.project, c, path, self.chunk_key
                ),
            )
            if built is None:
                self.drop(uid)

    def _duplicates(self) -> None:
        """Copies and versions of one work (ingest/duplicates.py); library.csv's
        duplicate_of names the preferred copy unless the student says otherwise."""
        entries = self.library_entries()
        documents = {u: d for u, d in self.parsed.items() if u in self.chunked}
        self.duplicates = find_duplicates(
            self.store, self.parse_key, documents, entries, self._cited_in_drafts()
        )
        if self.project.library_csv.is_file():
            write_duplicate_of(self.store, self.project.library_csv, self.duplicates.groups)
            self.library = {}

    def _cited_in_drafts(self) -> set[str]:
        drafts = self.project.root / self.config.project.drafts_dir
        cited: set[str] = set()
        for path in sorted(drafts.rglob("*.md")) if drafts.is_dir() else []:
            try:
                cited.update(parse_draft(path).cited_doc_uids)
            except (OSError, EssaylintError):
                continue  # a draft that does not read says nothing about which copy to prefer
        return cited

    def drop(self, uid: str) -> None:
        """Leave a document that failed at a later stage out of the rest of the run."""
        self.parsed.pop(uid, None)
        self.chunked.pop(uid, None)

    def finish(self) -> None:
        """After the last stage: the quality report, and library.csv marks the documents
        that failed after the parse (not citable until they are ingested)."""
        groups = listed_groups(self.store, self.library_entries())
        write_quality_report(self.project, self.parsed, self.chunked, self._failures(), groups)
        late = self._failed() - self._parse_failed
        if late and self.project.library_csv.is_file():
            mark_failed(self.project.library_csv, late)

    # -- helpers --------------------------------------------------------------
    def _parse_one(self, source: SourceFile, failures: dict) -> ParsedDocument | None:
        document = self.store.parsed.get(source.doc_uid, self.parse_key)
        if document is None:
            failure_key = f"{source.sha1}|{self.parse_key}"
            if failure_key in failures:
                self.isolation.fail(source.doc_uid, "parse", *failures[failure_key])
                return None
            document = self.isolation.run(
                source.doc_uid, "parse", lambda: clean_document(self._parse_source(source))
            )
            if document is None:
                outcome = self.outcomes[source.doc_uid]
                if source.doc_uid not in self.isolation.bugs:  # the file's fault: remembered
                    failures[failure_key] = [outcome.reason, outcome.hint]
                return None
            self.store.parsed.put(source.doc_uid, self.parse_key, document)
        document = clean_document(document)
        self.parsed[source.doc_uid] = document
        return document

    def _extracted(
        self,
        source: SourceFile,
        document: ParsedDocument | None,
        reading_list: dict[str, dict[str, str]],
    ) -> dict[str, str]:
        metadata = (
            document.metadata
            if document
            else ParsedDocument(source.doc_uid, source.path, "", []).metadata
        )
        pages = len(document.pages) if document else 0
        listed = reading_list.get(source.path.rsplit("/", 1)[-1]) or reading_list.get(
            source.doc_uid, {}
        )
        return extracted_row(source, metadata, pages, listed)

    def _parse_source(self, source: SourceFile) -> ParsedDocument:
        if self.parser is not None and self.parser.handles(source):
            document = self.parser.parse(source)
            if source.path.lower().endswith(".pdf") and not document.metadata.title:
                add_pdf_metadata(self.project.root / source.path, document)
            return document
        settings = self.config.ingest
        return parse_source(self.project.root, source, settings.max_file_mb, settings.max_pages)

    def _prepare_cloud_parser(self, failures: dict) -> None:
        """ingest.parser: mineru sends the PDFs still to parse to MinerU in batches."""
        if self.parser is None:
            return
        todo = [
            s
            for s in self.sources
            if not self.store.parsed.has(s.doc_uid, self.parse_key)
            and f"{s.sha1}|{self.parse_key}" not in failures
        ]
        self.parser.prepare(todo)

    def _classify(self, source: SourceFile) -> DocOutcome:
        if source.doc_uid in self.previous:
            return DocOutcome(source.doc_uid, source.path, "unchanged")
        replaced = any(d.get("path") == source.path for d in self.previous.values())
        return DocOutcome(source.doc_uid, source.path, "changed" if replaced else "new")

    def _record_chunks(self, uid: str, document: ParsedDocument, chunked: ChunkedDocument) -> None:
        outcome = self.outcomes[uid]
        outcome.pages = len(document.pages)
        outcome.parents = len(chunked.parents)
        outcome.children = len(chunked.children)
        outcome.needs_ocr_pages = [
            p
            for p in chunked.quality.pages_without_text
            if any("OCR" in w for w in document.warnings)
        ]
        outcome.needs_manual_check = chunked.quality.needs_manual_check

    def _failures(self) -> list[DocOutcome]:
        return [o for o in self.outcomes.values() if o.status == "failed"]

    def _failed(self) -> set[str]:
        return {o.doc_uid for o in self._failures()}

    def library_entries(self) -> dict[str, LibraryEntry]:
        if not self.library:
            self.library = library_entries(self.project.library_csv)
        return self.library

    def _need_parsed(self) -> None:
        if self.parsed:
            return
        failed = self._failed_uids()
        for source in self.sources:
            if self.isolation.failed(source.doc_uid):  # failed earlier in this run
                continue
            document = self.store.parsed.get(source.doc_uid, self.parse_key)
            if document is not None:
                self.parsed[source.doc_uid] = clean_document(document)
            elif source.doc_uid not in failed:
                raise EssaylintError(
                    f"{source.path} has not been parsed yet",
                    "run `essaylint ingest` (or `essaylint ingest --only parse`) first",
                )

    def need_chunked(self) -> None:
        if self.chunked:
            return
        self._need_parsed()
        for uid, document in self.parsed.items():
            if self.isolation.failed(uid):
                continue
            chunked = self.store.chunked.get(uid, self.chunk_key)
            if chunked is None:
                raise EssaylintError(
                    f"{document.source_path} has not been chunked with the current settings",
                    "run `essaylint ingest` (or `essaylint ingest --only chunk`) first",
                )
            self.chunked[uid] = chunked
            self._record_chunks(uid, document, chunked)

    def _failed_uids(self) -> set[str]:
        """The documents whose parse failed (remembered), marked failed on their outcomes."""
        failures = self.store.state("failures").read({}) or {}
        for source in self.sources:
            remembered = failures.get(f"{source.sha1}|{self.parse_key}")
            if remembered:
                self.isolation.fail(source.doc_uid, "parse", *remembered)
        self._parse_failed = self._failed()
        return self._parse_failed

    def all_outcomes(self) -> list[DocOutcome]:
        present = list(self.outcomes.values())
        gone = [
            DocOutcome(uid, info.get("path", ""), "removed")
            for uid, info in self.previous.items()
            if uid not in self.outcomes
        ]
        return present + gone

    def new_state(self) -> dict:
        documents = {}
        for uid, outcome in self.outcomes.items():
            documents[uid] = {
                "path": outcome.path,
                "pages": outcome.pages,
                "parents": outcome.parents,
                "children": outcome.children,
                "status": "failed" if outcome.status == "failed" else "ok",
                "reason": outcome.reason,
                "hint": outcome.hint,
                "stage": outcome.stage,
            }
        return {"chunk_key": self.chunk_key, "documents": documents}


@contextmanager
def timed(timings: dict[str, float], name: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        timings[name] = timings.get(name, 0.0) + time.perf_counter() - start
