"""The one store of everything essaylint derives: parsed/, chunks/ and .essaylint/.

Every cache is a namespace of it, so nothing else knows a path under those folders:

- per-document shelves (``parsed``, ``chunked``, and shelves such as ``structure`` that a
  stage names): one JSON file a document, valid only under the key it was written with;
- vector caches by (model, text hash), per document or sharded for loose texts;
- result caches: small JSON values by a versioned digest of their inputs;
- state files (the ingest's record of what it did) and work folders for the stages that
  keep files of their own (bm25, MCP runs, staged drafts, logs, the MinerU work).

A damaged entry is never an error: it reads as missing and is recomputed.
Standard library only at import: the commit hook opens the store on every commit.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from essaylint import __version__
from essaylint.core.fsio import atomic_write_bytes, atomic_write_json, atomic_write_text, read_json
from essaylint.core.records import (
    ChunkedDocument,
    ParsedDocument,
    chunked_from_dict,
    parsed_from_dict,
    to_dict,
)

if TYPE_CHECKING:
    import numpy as np

T = TypeVar("T")
CACHE_DIR = ".essaylint"
MAX_RESULTS = 20_000  # entries per result cache; the oldest go first
TEXT_SHARDS = 16  # files per vector cache for loose texts: small to rewrite, quick to open


def digest(*parts: object) -> str:
    """A stable hash of ``parts`` (strings, numbers, lists, dicts), salted with the version,
    so that a new essaylint never reuses an older one's results."""
    text = json.dumps([__version__, *parts], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:24]


def file_digest(path: Path) -> str:
    """The content hash of ``path`` ("" when it does not exist)."""
    try:
        return hashlib.sha1(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return ""


def text_key(model_id: str, text: str) -> str:
    """The key of a text's vector under one model."""
    return hashlib.sha1(f"{model_id}\n{text}".encode()).hexdigest()[:20]


class Shelf(Generic[T]):
    """One JSON file per document, ``{"key": ..., "document": ...}``; an entry written under
    another key (other settings, an older stage version) reads as missing."""

    def __init__(
        self, folder: Path, encode: Callable[[T], Any], decode: Callable[[Any], T]
    ) -> None:
        self.folder = folder
        self._encode = encode
        self._decode = decode

    def path(self, doc_uid: str) -> Path:
        return self.folder / f"{doc_uid}.json"

    def get(self, doc_uid: str, key: str) -> T | None:
        data = read_json(self.path(doc_uid))
        if not isinstance(data, dict) or data.get("key") != key or "document" not in data:
            return None
        try:
            return self._decode(data["document"])
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def put(self, doc_uid: str, key: str, value: T) -> None:
        atomic_write_json(self.path(doc_uid), {"key": key, "document": self._encode(value)})

    def has(self, doc_uid: str, key: str) -> bool:
        data = read_json(self.path(doc_uid))
        return isinstance(data, dict) and data.get("key") == key

    def uids(self) -> list[str]:
        """The documents with an entry under any key."""
        return sorted(p.stem for p in self.folder.glob("doc_*.json"))

    def all(self, key: str) -> dict[str, T]:
        """Every entry valid under ``key``."""
        found = {uid: self.get(uid, key) for uid in self.uids()}
        return {uid: value for uid, value in found.items() if value is not None}


class VectorCache:
    """Vectors by (model, text hash). ``load``/``save`` keep one file per bucket (a
    document's children); ``lookup`` serves loose texts from shards, embedding only the
    texts it has not seen, and ``flush`` writes what it added. With no folder it remembers
    only for the life of the object."""

    def __init__(self, folder: Path | None, model_id: str) -> None:
        self.folder = folder
        self.model_id = model_id
        self._shards: dict[str, dict[str, np.ndarray]] = {}
        self._dirty: set[str] = set()
        self.embedded = 0  # texts embedded by lookup in this process

    def key(self, text: str) -> str:
        return text_key(self.model_id, text)

    def path(self, bucket: str) -> Path | None:
        return self.folder / f"{bucket}.npz" if self.folder is not None else None

    def load(self, bucket: str) -> dict[str, np.ndarray]:
        import numpy as np

        path = self.path(bucket)
        if path is None or not path.is_file():
            return {}
        try:
            with np.load(path) as data:
                return dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return {}  # a damaged cache file is only lost work, never an error

    def save(self, bucket: str, vectors: dict[str, np.ndarray]) -> None:
        import numpy as np

        path = self.path(bucket)
        if path is None:
            return
        keys = sorted(vectors)
        matrix = (
            np.stack([vectors[k] for k in keys]).astype(np.float32) if keys else np.zeros((0, 0))
        )
        buffer = io.BytesIO()
        np.savez(buffer, keys=np.array(keys), vectors=matrix)
        atomic_write_bytes(path, buffer.getvalue())

    def lookup(
        self,
        texts: Sequence[str],
        embed: Callable[[list[str]], np.ndarray],
        bucket: str | None = None,
    ) -> np.ndarray:
        """The vectors of ``texts`` in order; ``embed`` runs only on unseen texts. They are
        kept in ``bucket`` (a document's own sentences, say), else in shared shards."""
        import numpy as np

        keys = [self.key(t) for t in texts]
        where = [bucket or _shard_of(k) for k in keys]
        todo = {
            k: (t, b) for k, t, b in zip(keys, texts, where, strict=True) if k not in self._shard(b)
        }
        if todo:
            matrix = embed([t for t, _ in todo.values()])
            self.embedded += len(todo)
            for (k, (_, b)), vector in zip(todo.items(), matrix, strict=True):
                self._shard(b)[k] = np.asarray(vector, dtype=np.float32)
                self._dirty.add(b)
        if not keys:
            return np.zeros((0, 1), dtype=np.float32)
        return np.stack([self._shard(b)[k] for k, b in zip(keys, where, strict=True)])

    def flush(self) -> None:
        for name in sorted(self._dirty):
            self.save(name, self._shards[name])
        self._dirty.clear()

    def _shard(self, name: str) -> dict[str, np.ndarray]:
        if name not in self._shards:
            self._shards[name] = self.load(name)
        return self._shards[name]


def _shard_of(key: str) -> str:
    return f"texts-{int(key[:2], 16) % TEXT_SHARDS:02x}"


class ResultCache:
    """A persistent dict ``key → JSON value`` in one file; loaded on first use, written only
    when something new was stored."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._data: dict[str, Any] | None = None
        self._dirty = False
        self.hits = 0
        self.misses = 0

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            loaded = read_json(self.path, {}) if self.path is not None else {}
            self._data = loaded if isinstance(loaded, dict) else {}
        return self._data

    def get(self, key: str) -> Any:
        value = self.data.get(key)
        if value is None:
            self.misses += 1
        else:
            self.hits += 1
        return value

    def put(self, key: str, value: Any) -> None:
        self.data[key] = value
        self._dirty = True

    def pop(self, key: str) -> None:
        if self.data.pop(key, None) is not None:
            self._dirty = True

    def save(self, limit: int = MAX_RESULTS) -> None:
        if not self._dirty or self.path is None:
            return
        data = self.data
        if len(data) > limit:
            data = dict(list(data.items())[-limit:])
            self._data = data
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        atomic_write_text(self.path, text)
        self._dirty = False


class StateFile:
    """One JSON document kept whole (the ingest's record of its last run, say)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self, default: Any = None) -> Any:
        """The stored value; ``default`` when it is missing, damaged, or not of the default's
        type (a list where a dict belongs)."""
        value = read_json(self.path, default)
        if default is not None and not isinstance(value, type(default)):
            return default
        return value

    def write(self, data: Any) -> None:
        atomic_write_json(self.path, data)


class Store:
    """The derived files of one essay repository (its root given)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache_dir = root / CACHE_DIR
        self.parsed: Shelf[ParsedDocument] = Shelf(root / "parsed", to_dict, parsed_from_dict)
        self.chunked: Shelf[ChunkedDocument] = Shelf(root / "chunks", to_dict, chunked_from_dict)

    def shelf(self, name: str, encode: Callable[[T], Any], decode: Callable[[Any], T]) -> Shelf[T]:
        """A per-document shelf of a later stage (``structure``, ``concepts``...)."""
        return Shelf(self.cache_dir / name, encode, decode)

    def vectors(self, model_id: str, kind: str = "") -> VectorCache:
        """Vectors of one model; ``kind`` separates query-side vectors from documents'
        when the model embeds them differently."""
        slug = re.sub(r"[^A-Za-z0-9.]+", "-", model_id).strip("-")
        folder = self.cache_dir / "vectors" / (f"{slug}-{kind}" if kind else slug)
        return VectorCache(folder, model_id)

    def results(self, name: str) -> ResultCache:
        return ResultCache(self.cache_dir / "results" / f"{name}.json")

    def state(self, name: str) -> StateFile:
        return StateFile(self.cache_dir / f"{name}.json")

    def file(self, name: str) -> Path:
        """A single file of its own (a backup the student may want back, say)."""
        return self.cache_dir / name

    def folder(self, name: str, *parts: str) -> Path:
        """A work folder of its own for a stage that keeps files (created on demand by the
        writer): ``bm25``, ``runs``, ``staged``, ``committed``, ``logs``, ``mineru``..."""
        return self.cache_dir.joinpath(name, *parts)
