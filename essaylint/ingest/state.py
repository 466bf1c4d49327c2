"""The store's record of the last ingest: its documents (with what happened to each) and the
chunk key they were chunked under. Readers of chunks go through it, so they only ever see
the documents of the last ingest, chunked with its settings."""

from __future__ import annotations

from essaylint.core.records import ChunkedDocument
from essaylint.core.store import Store

STATE = "ingest_state"


def current_chunk_key(store: Store) -> str:
    return str((store.state(STATE).read({}) or {}).get("chunk_key", ""))


def current_chunks(store: Store) -> dict[str, ChunkedDocument]:
    """The chunked documents of the last ingest, under the key it chunked them with (a
    reader never meets chunks of other settings or of removed sources)."""
    state = store.state(STATE).read({})
    key = str(state.get("chunk_key", ""))
    out = {}
    for uid, info in sorted(documents_of(state).items()):
        document = store.chunked.get(uid, key) if info.get("status") == "ok" else None
        if document is not None:
            out[uid] = document
    return out


def current_chunk(store: Store, doc_uid: str, key: str | None = None) -> ChunkedDocument | None:
    """One document of the last ingest (``key``: the chunk key, when the caller has it)."""
    return store.chunked.get(doc_uid, current_chunk_key(store) if key is None else key)


def failure_reasons(store: Store) -> dict[str, str]:
    """The documents the last ingest could not ingest, with why ({} without a record)."""
    documents = documents_of(store.state(STATE).read({}))
    return {
        uid: str(info.get("reason", ""))
        for uid, info in documents.items()
        if info.get("status") == "failed"
    }


def documents_of(state: dict) -> dict[str, dict]:
    """The record's documents, each a dict (a damaged record reads as none)."""
    documents = state.get("documents", {})
    if not isinstance(documents, dict):
        return {}
    return {uid: info for uid, info in documents.items() if isinstance(info, dict)}
