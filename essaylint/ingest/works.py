"""The works of the library as library.csv has them: ``duplicate_of`` filled for the copies
ingest found (the student's own value always wins), each document's preferred copy, and the
groups as `essaylint library duplicates` lists them (docs/duplicates.md)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import asdict
from pathlib import Path

from essaylint.core.fsio import read_json
from essaylint.core.records import DuplicateGroup, LibraryEntry
from essaylint.core.store import Store
from essaylint.ingest.duplicates import STATE, preprint_entry
from essaylint.ingest.library import read_library, write_library

WRITTEN_STATE = "duplicates_written"  # the duplicate_of values ingest wrote last, per row


def write_duplicate_of(store: Store, library_csv: Path, groups: list[DuplicateGroup]) -> None:
    """Fill ``duplicate_of`` for the copies found; a cell the student changed since ingest
    last wrote it (or filled on a fresh clone) is kept, whatever detection says."""
    rows = read_library(library_csv)
    if not rows:
        return
    detected = {
        uid: group.preferred
        for group in groups
        if group.kind == "copy"
        for uid in group.doc_uids
        if uid != group.preferred
    }
    written = read_json(store.state(WRITTEN_STATE).path, {})
    written = written if isinstance(written, dict) else {}
    changed = False
    for uid, row in rows.items():
        cell, wanted = row.get("duplicate_of", ""), detected.get(uid, "")
        ours = cell == written[uid] if uid in written else not cell.strip()
        if ours and cell != wanted:
            row["duplicate_of"] = wanted
            changed = True
        if ours:
            written[uid] = wanted
    if changed:
        write_library(library_csv, rows)
    store.state(WRITTEN_STATE).write(written)


def preferred_of(entries: dict[str, LibraryEntry]) -> dict[str, str]:
    """Each document's preferred copy, following library.csv's ``duplicate_of`` (a target
    that is not in the library or not present, or a loop, leaves the document as its own)."""
    out = {}
    for uid in entries:
        seen, current = {uid}, uid
        while True:
            target = entries[current].duplicate_of.strip()
            if not target or target not in entries or target in seen:
                break
            if entries[target].status.strip() not in ("present", ""):
                break  # its file is gone or does not parse: this copy stands in
            seen.add(target)
            current = target
        out[uid] = current
    return out


def listed_groups(store: Store, entries: dict[str, LibraryEntry]) -> list[DuplicateGroup]:
    """The groups of the last ingest as library.csv now has them: the preferred copy is the
    one the rows point at, a copy the student cleared is kept apart, and documents the
    student marked by hand form groups of their own."""
    state = store.state(STATE).read({}) or {}
    groups = [DuplicateGroup(**g) for g in state.get("groups", []) if isinstance(g, dict)]
    canonical = preferred_of(entries)
    placed: set[str] = set()
    for group in groups:
        members = [u for u in group.doc_uids if u in entries]
        placed.update(members)
        if group.kind != "copy":
            continue
        targets = Counter(canonical[u] for u in members if canonical[u] != u)
        if targets:
            group.preferred = targets.most_common(1)[0][0]
        group.kept_apart = [
            u for u in members if u != group.preferred and canonical[u] != group.preferred
        ]
    by_hand: dict[str, list[str]] = defaultdict(list)
    for uid, target in canonical.items():
        if target != uid and not {uid, target} <= placed:
            by_hand[target].append(uid)
    for target, uids in sorted(by_hand.items()):
        members = sorted({target, *uids})
        groups.append(DuplicateGroup(members, "copy", target, "duplicate_of set in library.csv"))
    return groups


def published_versions(store: Store, entries: dict[str, LibraryEntry]) -> dict[str, str]:
    """Each preprint in the library whose published version is there too → that version."""
    out = {}
    for group in listed_groups(store, entries):
        best = entries.get(group.preferred)
        if group.kind != "version" or best is None or preprint_entry(best):
            continue
        for uid in group.doc_uids:
            if uid in entries and uid != group.preferred and preprint_entry(entries[uid]):
                out[uid] = group.preferred
    return out


def group_dict(group: DuplicateGroup) -> dict:
    data = asdict(group)
    if not data["kept_apart"]:
        data.pop("kept_apart")
    return data
