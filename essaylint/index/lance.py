"""The LanceDB index under index/: one children table (vectors + full-text index) and one
parents table per build, published by atomically replacing index/CURRENT.json.

Readers open the tables CURRENT.json names, so an interrupted build never leaves a
half-written index: the previous build stays current until the new one is complete.
A reader also leaves a lease in index/.readers/ naming the tables it opened; a writer
drops an old build's tables only when no live reader holds them (a killed reader's lease
is recognised by its dead process and removed), so a query or an MCP session never loses
the tables under it. One writer at a time: ``essaylint ingest`` holds the ingest lock.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import socket
import time
import typing
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from essaylint.core.errors import os_errno
from essaylint.core.fsio import atomic_write_json, read_json
from essaylint.core.records import IndexedChild, Parent

if TYPE_CHECKING:
    import numpy as np

POINTER = "CURRENT.json"
READERS = ".readers"
FOREIGN_LEASE_S = 24 * 3600  # a lease from another machine (a shared folder) is kept this long
INDEX_FORMAT = 1
ML_COLUMN = "vector_ml"  # retrieval.multilingual's second vector column
ML_DIM = 384


@dataclass
class IndexPointer:
    build_id: str
    children_table: str
    parents_table: str
    model_id: str
    dim: int
    inputs_digest: str
    format: int = INDEX_FORMAT
    multilingual_model_id: str = ""  # the model of the vector_ml column, when there is one

    @classmethod
    def read(cls, index_dir: Path) -> IndexPointer | None:
        """The current build (None when there is none, or its pointer is damaged)."""
        data = read_json(index_dir / POINTER)
        if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
            return None
        try:
            return cls(**data)
        except TypeError:
            return None


def write_index(
    index_dir: Path,
    pointer: IndexPointer,
    children: list[dict[str, Any]],
    vectors: np.ndarray,
    parents: list[dict[str, Any]],
    extra_vectors: dict[str, np.ndarray] | None = None,
) -> None:
    """``extra_vectors``: more vector columns by name (retrieval.multilingual's vector_ml).
    A full disk or a read-only folder is reported as an OSError naming index/."""
    try:
        _write_index(index_dir, pointer, children, vectors, parents, extra_vectors)
    except Exception as exc:
        number = os_errno(exc)
        if number is None or (isinstance(exc, OSError) and exc.filename):
            raise
        raise OSError(number, os.strerror(number), str(index_dir)) from exc


def _write_index(
    index_dir: Path,
    pointer: IndexPointer,
    children: list[dict[str, Any]],
    vectors: np.ndarray,
    parents: list[dict[str, Any]],
    extra_vectors: dict[str, np.ndarray] | None,
) -> None:
    import lancedb
    import pyarrow as pa
    from lancedb.index import FTS

    db = lancedb.connect(str(index_dir))
    for name in {pointer.children_table, pointer.parents_table} & set(_table_names(db)):
        db.drop_table(name)  # left by an interrupted build
    arrow = _children_arrow(children, vectors, pointer.dim)
    for name, matrix in (extra_vectors or {}).items():
        arrow = arrow.append_column(name, _vector_array(matrix))
    table = db.create_table(pointer.children_table, arrow)
    table.create_index("text", config=FTS(), replace=True)
    db.create_table(pointer.parents_table, pa.Table.from_pylist(parents, _schema()[1]))
    previous = IndexPointer.read(index_dir)
    atomic_write_json(index_dir / POINTER, pointer.__dict__)
    keep = {pointer.children_table, pointer.parents_table} | held_tables(index_dir)
    if previous:
        keep |= {previous.children_table, previous.parents_table}
    for name in _table_names(db):
        if name not in keep and re.match(r"(children|parents)_", name):
            db.drop_table(name)


def open_tables(index_dir: Path) -> tuple[Any, Any, IndexPointer]:
    """The current build's children and parents tables; a lease keeps them on disk for as
    long as the children table object lives."""
    import lancedb

    pointer = IndexPointer.read(index_dir)
    if pointer is None:
        raise FileNotFoundError(index_dir / POINTER)
    lease = _lease(index_dir, [pointer.children_table, pointer.parents_table])
    db = lancedb.connect(str(index_dir))
    children = db.open_table(pointer.children_table)
    parents = db.open_table(pointer.parents_table)
    weakref.finalize(children, _unlink, lease)
    return children, parents, pointer


def is_missing_table(exc: BaseException) -> bool:
    """A LanceDB error saying a file of an open table is gone (its build was dropped)."""
    return is_lance_error(exc) and "Not found" in str(exc)


def is_lance_error(exc: BaseException) -> bool:
    """An error LanceDB raised about the files of a table (missing, truncated, corrupt)."""
    text = str(exc)
    return isinstance(exc, (RuntimeError, OSError, ValueError)) and (
        text.startswith("lance error") or "LanceError" in text
    )


def held_tables(index_dir: Path) -> set[str]:
    """The tables live readers hold; leases of readers that are gone are removed."""
    held: set[str] = set()
    folder = index_dir / READERS
    for path in folder.glob("*.json") if folder.is_dir() else []:
        data = read_json(path)
        if isinstance(data, dict) and _alive(data, path):
            held |= {str(name) for name in data.get("tables", [])}
        else:
            _unlink(path)
    return held


def _lease(index_dir: Path, tables: list[str]) -> Path | None:
    path = index_dir / READERS / f"{os.getpid()}-{uuid.uuid4().hex[:8]}.json"
    lease = {"pid": os.getpid(), "host": socket.gethostname(), "tables": tables}
    try:
        atomic_write_json(path, lease)
    except OSError:  # a read-only index: no writer can drop anything either
        return None
    return path


def _alive(lease: dict[str, Any], path: Path) -> bool:
    if lease.get("host") != socket.gethostname():
        try:
            return time.time() - path.stat().st_mtime < FOREIGN_LEASE_S
        except OSError:
            return False
    pid = lease.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _unlink(path: Path | None) -> None:
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def next_table_suffix(index_dir: Path) -> str:
    previous = IndexPointer.read(index_dir)
    number = int(previous.children_table.rsplit("_", 1)[1]) + 1 if previous else 1
    return f"{number:05d}"


def _table_names(db: Any) -> list[str]:
    result = db.list_tables()
    return list(getattr(result, "tables", result))


def _children_arrow(children: list[dict[str, Any]], vectors: np.ndarray, dim: int) -> Any:
    import pyarrow as pa

    table = pa.Table.from_pylist(children, _schema()[0])
    return table.append_column("vector", _vector_array(vectors, dim))


def _vector_array(vectors: np.ndarray, dim: int | None = None) -> Any:
    import pyarrow as pa

    flat = pa.array(vectors.astype("float32").reshape(-1))
    return pa.FixedSizeListArray.from_arrays(flat, dim or vectors.shape[1])


def _schema() -> tuple[Any, Any]:
    """The two tables' schemas, derived from the records they hold."""
    return arrow_schema(IndexedChild), arrow_schema(Parent)


def arrow_schema(record: type) -> Any:
    """A pyarrow schema from a record's fields (str, int, bool, each optionally None)."""
    import pyarrow as pa

    types = {"str": pa.string(), "int": pa.int32(), "bool": pa.bool_()}
    hints = typing.get_type_hints(record)
    fields = []
    for f in dataclasses.fields(record):
        names = [a.__name__ for a in typing.get_args(hints[f.name]) if a is not type(None)]
        fields.append((f.name, types[names[0] if names else hints[f.name].__name__]))
    return pa.schema(fields)
