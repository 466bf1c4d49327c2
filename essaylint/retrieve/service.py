"""Answer a query end to end: search, build the pack, write the Markdown and the run record."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from essaylint.core.errors import EssaylintError
from essaylint.core.fsio import atomic_write_text
from essaylint.core.project import Project
from essaylint.ingest.works import listed_groups, preferred_of
from essaylint.retrieve.copies import collapse_copies, collapse_items, label_items
from essaylint.retrieve.engine import STALE_WARNING, Retriever
from essaylint.retrieve.expand import expand_items, load_graph
from essaylint.retrieve.filters import unmatched
from essaylint.retrieve.pack import (
    build_items,
    check_citable,
    group_papers,
    select_parents,
)
from essaylint.retrieve.records import MODES, EvidencePack, QueryInputs
from essaylint.retrieve.render import pack_markdown
from essaylint.retrieve.runs import (
    make_query_id,
    run_record,
    unique_query_id,
    write_record,
)


@dataclass
class QueryRun:
    """One answered query: the pack and where it was written."""

    pack: EvidencePack
    record: dict[str, Any]


def answer(
    retriever: Retriever, inputs: QueryInputs, query_id: str = "", write: bool = True
) -> QueryRun:
    """Search and build the evidence pack; with ``write`` save the Markdown and the record."""
    if inputs.mode not in MODES:
        raise EssaylintError(f"unknown mode {inputs.mode!r}", "use " + ", ".join(MODES))
    if not inputs.question.strip():
        raise EssaylintError("the question is empty", 'ask e.g. essaylint query "..."')
    params = retriever.params
    works = preferred_of(retriever.library)
    hits, also = collapse_copies(retriever.search(inputs), works)
    limit = inputs.limit or params.max_parents
    # papers mode regroups evidence mode's passages by document; it never retrieves more
    top = max(params.children, 1)
    minimum = min(params.min_parents, limit)
    parent_ids = select_parents(hits, top, limit, minimum)
    items = build_items(retriever, inputs, hits, parent_ids)
    items += _more_items(retriever, inputs, hits, parent_ids, minimum - len(items))
    items = collapse_items(items, works)
    for rank, item in enumerate(items, start=1):
        item.rank = rank
    label_items(items, also, listed_groups(retriever.project.store, retriever.library))
    if inputs.mode in {"evidence", "papers"}:
        check_citable(retriever, items)
    project = retriever.project
    base_id = query_id or make_query_id(inputs, retriever.build_id)
    pack = EvidencePack(
        query_id=unique_query_id(project, base_id) if write else base_id,
        inputs=inputs,
        build_id=retriever.build_id,
        model_id=retriever.pointer.model_id,
        rerank=retriever.reranker.description,
        stale=retriever.stale,
        items=items,
        warnings=[STALE_WARNING] if retriever.stale else [],
        language_note=retriever.language_note(inputs),
    )
    if not inputs.filters.is_empty():
        notes = unmatched(inputs.filters, inputs.mode, retriever.library)
        pack.warnings += notes
        pack.filters_matched = not notes
    if inputs.mode == "papers":
        pack.papers = group_papers(retriever, items)
    if retriever.config.retrieval.expand and items:
        graph = load_graph(project, retriever.library, retriever.parent_rows)
        pack.expansions = expand_items(graph, items, inputs.question).items
    record = run_record(pack, dataclasses.asdict(params), retriever.where(inputs), hits)
    if write:
        _write(project, pack, record)
    return QueryRun(pack, record)


def _more_items(
    retriever: Retriever, inputs: QueryInputs, hits: list, chosen: list[str], wanted: int
) -> list:
    """Items from the next parents of the fused list when some chosen ones held nothing
    quotable (a page of references): the pack still reaches its minimum."""
    items: list = []
    later = (p for p in dict.fromkeys(h.parent_id for h in hits) if p not in chosen)
    while len(items) < wanted:
        parent_id = next(later, None)
        if parent_id is None:
            break
        items += build_items(retriever, inputs, hits, [parent_id])
    return items


def read_batch(path: Path) -> Iterator[tuple[str, QueryInputs]]:
    """(id, inputs) per non-empty line: plain text, or JSON with id, text and optional en."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if not text:
            continue
        if text.startswith("{"):
            try:
                data = json.loads(text)
                yield str(data.get("id", number)), QueryInputs(data["text"], data.get("en"))
            except (json.JSONDecodeError, KeyError) as exc:
                raise EssaylintError(
                    f"{path}:{number}: cannot read this batch line ({exc})",
                    'write one question per line, or JSON like {"id": "q1", "text": "..."}',
                ) from exc
        else:
            yield str(number), QueryInputs(text)


def _write(project: Project, pack: EvidencePack, record: dict[str, Any]) -> None:
    md = project.outputs / "evidence" / f"{pack.query_id}.md"
    pack.markdown_path = f"outputs/evidence/{pack.query_id}.md"
    pack.run_path = f"meta/query_runs/{pack.query_id}.json"
    record["markdown"] = pack.markdown_path
    atomic_write_text(md, pack_markdown(pack))
    write_record(project, record)
