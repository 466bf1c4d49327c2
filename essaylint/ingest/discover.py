"""Find the source files under raw/, give each its doc_uid and source type.

Symbolic links are followed while they stay inside the repository. A link that leaves it
(to a shared papers folder, or to /etc/passwd) is skipped and named in the ingest summary,
unless ``ingest.follow_external_links`` switches that on, and never while a cloud backend
that reads document text is on: a file from outside the repository never leaves the
machine.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from essaylint.config.schema import Config
from essaylint.core.records import CITABLE_SOURCE_TYPES, SOURCE_TYPES_BY_FOLDER, SourceFile

SUPPORTED_SUFFIXES = frozenset({".pdf", ".docx", ".html", ".htm", ".md", ".markdown", ".txt"})
READING_LIST_NAMES = ("reading_list.csv", "reading-list.csv")
UID_DIGITS = 8
SWITCH = "set ingest.follow_external_links: true in essaylint.yaml to include it"


@dataclass(frozen=True)
class LinkPolicy:
    """Whether links leaving the repository are followed, and if not, why."""

    follow_external: bool = False
    why_not: str = SWITCH


def link_policy(config: Config) -> LinkPolicy:
    if not config.ingest.follow_external_links:
        return LinkPolicy()
    cloud = cloud_readers(config)
    if cloud:
        return LinkPolicy(
            False,
            f"{cloud[0]} is on, and a file from outside the repository is never sent "
            "to a cloud service",
        )
    return LinkPolicy(True, "")


def cloud_readers(config: Config) -> list[str]:
    """The settings that send document text to a cloud service."""
    found = []
    if config.embedding.backend != "local":
        found.append(f"embedding.backend: {config.embedding.backend}")
    if config.ingest.parser != "local":
        found.append(f"ingest.parser: {config.ingest.parser}")
    if config.retrieval.rerank != "none":
        found.append(f"retrieval.rerank: {config.retrieval.rerank}")
    if config.cloud.gemini.judge:
        found.append("cloud.gemini.judge")
    if config.cloud.gemini.brief:
        found.append("cloud.gemini.brief")
    return found


def discover_sources(
    root: Path, links: LinkPolicy | None = None
) -> tuple[list[SourceFile], list[tuple[str, str]]]:
    """Every supported file under raw/, sorted by path, and the (path, reason) of those skipped."""
    skipped: list[tuple[str, str]] = []
    found: list[tuple[str, str, int, str]] = []
    for path in _files(root, links or LinkPolicy(), skipped):
        rel = path.relative_to(root).as_posix()
        if path.name in READING_LIST_NAMES:
            continue
        if path.suffix.lower() not in SUPPORTED_SUFFIXES:
            skipped.append((rel, f"unsupported file type '{path.suffix or path.name}'"))
            continue
        try:
            sha, size = sha1_of_file(path), path.stat().st_size
        except OSError as exc:
            skipped.append((rel, f"cannot be read ({exc.strerror or exc}): check its permissions"))
            continue
        found.append((rel, sha, size, source_type_for(rel)))
    return _assign_uids(found, skipped), skipped


def _files(root: Path, links: LinkPolicy, skipped: list[tuple[str, str]]) -> list[Path]:
    """The files under raw/ (hidden ones left out), links followed as ``links`` allows."""
    raw = root / "raw"
    inside = root.resolve()
    if raw.is_symlink() and _link_problem(raw, inside, links, skipped):
        return []
    out: list[Path] = []
    seen: set[Path] = set()
    pending = [raw] if raw.is_dir() else []
    while pending:
        folder = pending.pop()
        real = folder.resolve()
        if real in seen:  # a link back to a folder already walked
            continue
        seen.add(real)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            skipped.append((folder.relative_to(root).as_posix(), f"cannot be read ({exc})"))
            continue
        for entry in entries:
            path = Path(entry.path)
            if entry.name.startswith(".") or (
                entry.is_symlink() and _link_problem(path, inside, links, skipped, root)
            ):
                continue
            if entry.is_dir():
                pending.append(path)
            elif entry.is_file():
                out.append(path)
    return sorted(out)


def _link_problem(
    path: Path,
    inside: Path,
    links: LinkPolicy,
    skipped: list[tuple[str, str]],
    root: Path | None = None,
) -> bool:
    """True (and the link is reported skipped) when ``path`` may not be followed."""
    rel = path.relative_to(root).as_posix() if root else path.name
    target = path.resolve()
    if not target.exists():
        skipped.append((rel, f"broken link: {target} does not exist"))
        return True
    if target == inside or inside in target.parents or links.follow_external:
        return False
    skipped.append(
        (rel, f"link to {target}, outside the repository: not followed ({links.why_not})")
    )
    return True


def sha1_of_file(path: Path) -> str:
    digest = hashlib.sha1()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def source_type_for(rel_path: str) -> str:
    for folder, source_type in sorted(SOURCE_TYPES_BY_FOLDER.items(), key=lambda kv: -len(kv[0])):
        if rel_path.startswith(folder + "/"):
            return source_type
    if rel_path.startswith("raw/instruction/"):
        return "guidance"
    return "other"


def _assign_uids(
    found: list[tuple[str, str, int, str]], skipped: list[tuple[str, str]]
) -> list[SourceFile]:
    """doc_uid = doc_ + 8 hex of SHA-1, longer only where two different files collide."""
    by_sha: dict[str, tuple[str, int, str]] = {}
    for rel, sha, size, source_type in found:
        if sha in by_sha:
            skipped.append((rel, f"same bytes as {by_sha[sha][0]} (one document, ingested once)"))
            continue
        by_sha[sha] = (rel, size, source_type)
    digits = {sha: UID_DIGITS for sha in by_sha}
    while True:
        prefixes: dict[str, list[str]] = {}
        for sha in by_sha:
            prefixes.setdefault(sha[: digits[sha]], []).append(sha)
        clashes = [shas for shas in prefixes.values() if len(shas) > 1]
        if not clashes:
            break
        for shas in clashes:
            for sha in shas:
                digits[sha] += 1
    sources = [
        SourceFile(
            path=rel,
            doc_uid="doc_" + sha[: digits[sha]],
            sha1=sha,
            size=size,
            source_type=source_type,
            citable=source_type in CITABLE_SOURCE_TYPES,
        )
        for sha, (rel, size, source_type) in by_sha.items()
    ]
    return sorted(sources, key=lambda s: s.path)
