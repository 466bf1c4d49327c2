"""Copies and versions of one work, found at ingest (docs/duplicates.md).

Each new document is compared only with the fingerprints already kept: candidates come
from a MinHash LSH index (datasketch), the DOI / arXiv / title+author+year keys and the
sha1 of the text; each candidate is then verified on the exact shingle sets. Pairs become
groups; the preferred copy of each group is written to library.csv's ``duplicate_of``,
where the student's own value always wins (ingest/works.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from essaylint.core.records import DuplicateGroup, Fingerprint, LibraryEntry, ParsedDocument
from essaylint.core.store import Shelf, Store
from essaylint.ingest.fingerprint import (
    FINGERPRINT_VERSION,
    MIN_SHINGLES,
    NUM_PERM,
    SCHEME,
    SEED,
    document_tokens,
    fingerprint_and_shingles,
    is_preprint,
    shingles,
)

STATE = "duplicates"  # pairs found, documents compared, groups as detected
COPY_JACCARD = 0.50
VERSION_JACCARD = 0.08
VERSION_CONTAINMENT = 0.25
MIN_JACCARD = 0.04  # below this no pair is a version, whatever the keys say
MIN_SHARED = 100  # shingles a version must share: more than a journal's boilerplate
LSH_THRESHOLD = 0.04


@dataclass
class Pair:
    a: str
    b: str
    kind: str  # copy | version
    why: str
    jaccard: float
    containment: float


def fingerprint_shelf(store: Store) -> Shelf[Fingerprint]:
    return store.shelf("fingerprint", asdict, lambda data: Fingerprint(**data))


def fingerprint_key(parse_key: str) -> str:
    return f"{FINGERPRINT_VERSION}|{parse_key}"


class FingerprintIndex:
    """The fingerprints already kept, searchable by MinHash LSH, key and sha1."""

    def __init__(self) -> None:
        from datasketch import MinHashLSH

        self.lsh = MinHashLSH(threshold=LSH_THRESHOLD, num_perm=NUM_PERM)
        self.by_key: dict[str, list[str]] = defaultdict(list)

    def add(self, fp: Fingerprint) -> None:
        if fp.minhash:
            self.lsh.insert(fp.doc_uid, _minhash(fp))
        for name, value in fp.keys.items():
            self.by_key[f"{name}:{value}"].append(fp.doc_uid)
        if fp.sha1:
            self.by_key[f"sha1:{fp.sha1}"].append(fp.doc_uid)

    def candidates(self, fp: Fingerprint) -> set[str]:
        found = set(self.lsh.query(_minhash(fp))) if fp.minhash else set()
        keys = [*(f"{k}:{v}" for k, v in fp.keys.items()), f"sha1:{fp.sha1}"]
        for key in keys:
            found.update(self.by_key.get(key, ()))
        found.discard(fp.doc_uid)
        return found


def _minhash(fp: Fingerprint):
    import numpy as np
    from datasketch import LeanMinHash

    return LeanMinHash(seed=SEED, hashvalues=np.array(fp.minhash, dtype=np.uint64), scheme=SCHEME)


class ShingleCache:
    """Exact shingle sets of the documents a run compares, computed once each."""

    def __init__(self, parsed: dict[str, ParsedDocument]) -> None:
        self.parsed = parsed
        self.sets: dict[str, set[int]] = {}

    def get(self, uid: str) -> set[int]:
        if uid not in self.sets:
            document = self.parsed.get(uid)
            self.sets[uid] = shingles(document_tokens(document)) if document else set()
        return self.sets[uid]


def classify(
    a: Fingerprint, b: Fingerprint, sets: ShingleCache, entries: dict[str, LibraryEntry]
) -> Pair | None:
    """Copy, version, or neither (None); decided on the exact shingle sets."""
    if a.sha1 and a.sha1 == b.sha1:
        return Pair(a.doc_uid, b.doc_uid, "copy", "the same text", 1.0, 1.0)
    if min(a.shingles, b.shingles) < MIN_SHINGLES:
        return None
    left, right = sets.get(a.doc_uid), sets.get(b.doc_uid)
    shared = len(left & right)
    if not shared:
        return None
    jaccard = shared / len(left | right)
    containment = shared / min(len(left), len(right))
    share = f"{shared} passages of 5 words shared (Jaccard {jaccard:.2f})"
    if jaccard >= COPY_JACCARD:
        other = _other_version(a, b, entries)
        kind, why = ("version", f"{share}, but {other}") if other else ("copy", share)
        return Pair(a.doc_uid, b.doc_uid, kind, why, round(jaccard, 4), round(containment, 4))
    if shared < MIN_SHARED or jaccard < MIN_JACCARD:
        return None
    same_key = next(
        (k for k in ("doi", "arxiv") if a.keys.get(k) and a.keys.get(k) == b.keys.get(k)), ""
    )
    if jaccard >= VERSION_JACCARD or containment >= VERSION_CONTAINMENT or same_key:
        why = f"{share}, {containment:.0%} of the shorter one"
        if same_key:
            why += f", same {same_key.upper() if same_key == 'doi' else 'arXiv id'}"
        return Pair(a.doc_uid, b.doc_uid, "version", why, round(jaccard, 4), round(containment, 4))
    return None


def _other_version(a: Fingerprint, b: Fingerprint, entries: dict[str, LibraryEntry]) -> str:
    """Why two near-identical texts are still two versions (their records disagree)."""
    doi_a, doi_b = a.keys.get("doi", ""), b.keys.get("doi", "")
    if doi_a and doi_b and doi_a != doi_b:
        return f"their DOIs differ ({doi_a}, {doi_b})"
    first, second = entries.get(a.doc_uid), entries.get(b.doc_uid)
    if first and second and preprint_entry(first) != preprint_entry(second):
        return "one is a preprint, the other is not"
    return ""


def preprint_entry(entry: LibraryEntry) -> bool:
    return is_preprint(entry.doi, entry.arxiv, entry.type, entry.container)


@dataclass
class DuplicateRun:
    """What one ingest found: the pairs of every document present, the new groups."""

    groups: list[DuplicateGroup]
    new_groups: list[DuplicateGroup]
    compared: int


def find_duplicates(
    store: Store,
    parse_key: str,
    parsed: dict[str, ParsedDocument],
    entries: dict[str, LibraryEntry],
    cited: set[str],
) -> DuplicateRun:
    """Fingerprint the parsed documents, compare each one not yet compared with those
    already kept (never all pairs), and group the pairs."""
    key = fingerprint_key(parse_key)
    state = store.state(STATE).read({}) or {}
    same_key = state.get("key") == key
    checked = [u for u in state.get("checked", []) if u in parsed] if same_key else []
    pairs = [
        Pair(**p)
        for p in state.get("pairs", [])
        if same_key and p["a"] in parsed and p["b"] in parsed
    ]
    ordered = sorted(parsed, key=lambda u: (parsed[u].source_path, u))
    new = [u for u in ordered if u not in set(checked)]
    if new:  # the kept fingerprints are read only when there is something to compare
        sets = ShingleCache(parsed)
        fps = _fingerprints(store, key, parsed, sets)
        pairs += _compare_new(fps, checked, new, sets, entries)
    groups = build_groups(pairs, entries, cited)
    store.state(STATE).write(
        {
            "key": key,
            "checked": checked + new,
            "pairs": [asdict(p) for p in pairs],
            "groups": [asdict(g) for g in groups],
        }
    )
    fresh = set(new)
    return DuplicateRun(groups, [g for g in groups if fresh & set(g.doc_uids)], len(new))


def _fingerprints(
    store: Store, key: str, parsed: dict[str, ParsedDocument], sets: ShingleCache
) -> dict[str, Fingerprint]:
    """Every document's fingerprint: kept in the store, computed for the new ones (whose
    shingle sets are kept for the run)."""
    shelf, fps = fingerprint_shelf(store), {}
    for uid, document in parsed.items():
        kept = shelf.get(uid, key)
        if kept is None:
            kept, sets.sets[uid] = fingerprint_and_shingles(document)
            shelf.put(uid, key, kept)
        fps[uid] = kept
    return fps


def _compare_new(
    fps: dict[str, Fingerprint],
    checked: list[str],
    new: list[str],
    sets: ShingleCache,
    entries: dict[str, LibraryEntry],
) -> list[Pair]:
    """Each new document against the fingerprints kept before it (never all pairs)."""
    index, pairs = FingerprintIndex(), []
    for uid in checked:
        index.add(fps[uid])
    for uid in new:
        for other in sorted(index.candidates(fps[uid])):
            pair = classify(fps[uid], fps[other], sets, entries)
            if pair is not None:
                pairs.append(pair)
        index.add(fps[uid])
    return pairs


def build_groups(
    pairs: Iterable[Pair], entries: dict[str, LibraryEntry], cited: set[str]
) -> list[DuplicateGroup]:
    """Copy groups (linked by copy pairs) and version groups (linked by any pair, holding
    more than one copy group); each with its preferred document."""
    pairs = list(pairs)
    copies = _components([(p.a, p.b) for p in pairs if p.kind == "copy"])
    works = _components([(p.a, p.b) for p in pairs])
    groups = []
    for members in copies:
        best = min(members, key=lambda u: _copy_rank(u, entries, cited))
        why = "; ".join(p.why for p in pairs if p.kind == "copy" and p.a in members)
        groups.append(DuplicateGroup(sorted(members), "copy", best, why))
    for members in works:
        if not any(p.kind == "version" and p.a in members for p in pairs):
            continue
        best = min(members, key=lambda u: _version_rank(u, entries, cited))
        why = "; ".join(p.why for p in pairs if p.kind == "version" and p.a in members)
        groups.append(DuplicateGroup(sorted(members), "version", best, why))
    return sorted(groups, key=lambda g: (g.doc_uids[0], g.kind))


def _components(edges: list[tuple[str, str]]) -> list[set[str]]:
    parent: dict[str, str] = {}

    def root(uid: str) -> str:
        while parent.setdefault(uid, uid) != uid:
            parent[uid] = parent[parent[uid]]
            uid = parent[uid]
        return uid

    for a, b in edges:
        parent[root(a)] = root(b)
    members: dict[str, set[str]] = defaultdict(set)
    for uid in parent:
        members[root(uid)].add(uid)
    return [m for m in members.values() if len(m) > 1]


def _copy_rank(uid: str, entries: dict[str, LibraryEntry], cited: set[str]) -> tuple:
    """The copy to cite: the one a draft cites, the published over a preprint, a PDF with
    pages over HTML or Markdown, the longer file, then the first path."""
    entry = entries.get(uid) or LibraryEntry(uid)
    pages = int(entry.pages) if entry.pages.isdigit() else 0
    paged_pdf = entry.source_path.lower().endswith(".pdf") and pages > 0
    return (uid not in cited, preprint_entry(entry), not paged_pdf, -pages, entry.source_path, uid)


def _version_rank(uid: str, entries: dict[str, LibraryEntry], cited: set[str]) -> tuple:
    """The version to prefer: the published one, then the latest, then the copy rank."""
    entry = entries.get(uid) or LibraryEntry(uid)
    return (preprint_entry(entry), -(entry.year_int or 0), *_copy_rank(uid, entries, cited))
