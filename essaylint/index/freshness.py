"""Is the index current? The digest of everything a build depends on, and a cheap check of it.

A build records the inputs digest of its sources, library.csv, reading list, the settings it
depends on and the stage versions; an ingest whose digest matches has nothing to do, and a
query whose digest differs warns that the index is stale.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from essaylint import __version__
from essaylint.config.load import index_config_digest
from essaylint.config.schema import Config
from essaylint.core.project import Project
from essaylint.core.records import SourceFile
from essaylint.index.lance import INDEX_FORMAT
from essaylint.ingest.discover import discover_sources, link_policy
from essaylint.ingest.pipeline import CHUNK_VERSION, PARSE_VERSION
from essaylint.ingest.structure.store import STRUCTURE_VERSION

STALE_CACHE = "query_inputs_digest"  # the store's stat signature → inputs digest
# A new structure version makes the index stale too, so that an upgrade re-reads the
# structure (the evidence pack's quote regions come from it) instead of finding none.
VERSIONS = f"{__version__}|{INDEX_FORMAT}|{PARSE_VERSION}|{CHUNK_VERSION}|{STRUCTURE_VERSION}"


def inputs_digest(project: Project, config: Config, sources: list[SourceFile]) -> str:
    """Everything a build depends on; equal digests mean the index is current."""
    digest = hashlib.sha1(VERSIONS.encode())
    digest.update(index_config_digest(config).encode())
    for source in sources:
        digest.update(f"{source.doc_uid}|{source.path}|{source.source_type}\n".encode())
    _add_lists(digest, project)
    return digest.hexdigest()[:16]


def index_is_stale(project: Project, config: Config, built_digest: str) -> bool:
    """Whether the sources, library.csv or settings changed since the build.

    The inputs digest needs the SHA-1 of every source (hundreds of MB for a real library),
    so it is cached under a stat signature of raw/ (path, size, mtime of each file) and the
    bytes of library.csv and the configuration: while none of those changed, the digest is
    the cached one, as git trusts its index for unchanged stat data.
    """
    key = _stat_signature(project, config)
    cache = project.store.state(STALE_CACHE)
    cached = cache.read({}) or {}
    if cached.get("key") == key and cached.get("digest"):
        return cached["digest"] != built_digest
    sources, _ = discover_sources(project.root, link_policy(config))
    digest = inputs_digest(project, config, sources)
    with contextlib.suppress(OSError):  # a read-only checkout only loses the shortcut
        cache.write({"key": key, "digest": digest})
    return digest != built_digest


def _stat_signature(project: Project, config: Config) -> str:
    digest = hashlib.sha1(f"{VERSIONS}|{index_config_digest(config)}\n".encode())
    for rel, size, mtime in sorted(_walk(project.raw)):
        digest.update(f"{rel}|{size}|{mtime}\n".encode())
    _add_lists(digest, project)
    return digest.hexdigest()


def _add_lists(digest: hashlib._Hash, project: Project) -> None:
    """library.csv and the reading list, whose edits change the index's metadata."""
    for path in (project.library_csv, project.raw / "reading_list.csv"):
        if path.is_file():
            digest.update(path.read_bytes())


def _walk(folder: Path) -> list[tuple[str, int, int]]:
    """(path relative to folder, size, mtime_ns) of every file under it (plain strings:
    this runs on every query, over thousands of files)."""
    out: list[tuple[str, int, int]] = []
    prefix = len(str(folder)) + 1
    pending = [str(folder)]
    while pending:
        try:
            entries = list(os.scandir(pending.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                pending.append(entry.path)
            elif entry.is_file():
                stat = entry.stat()
                out.append((entry.path[prefix:], stat.st_size, stat.st_mtime_ns))
    return out
