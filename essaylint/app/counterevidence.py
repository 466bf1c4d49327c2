"""`essaylint query "CLAIM" --counter` and the `counterevidence` MCP tool: what the library
says against one claim, as a pack of verbatim items (the audit's search, one claim)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from essaylint.audit.counterevidence import NO_COUNTEREVIDENCE, CounterSearch
from essaylint.audit.counterevidence.cues import outside_search_terms
from essaylint.ingest.library import library_entries

if TYPE_CHECKING:
    from essaylint.app.context import AppContext


def counter_pack(context: AppContext, claim: str, cited: tuple[str, ...] = ()) -> dict[str, Any]:
    """The items that contradict or limit ``claim`` (``cited``: the documents the claim
    cites, searched on their own too), or NO_COUNTEREVIDENCE_FOUND_IN_CORPUS; never an item
    that is not a sentence of an indexed citable source."""
    project = context.project
    retriever = context.retriever()
    library = library_entries(project.library_csv)
    search = CounterSearch(project, retriever, context.backends, library)
    items, queries = search.find(" ".join(claim.split()), cited)
    search.close()
    return {
        "claim": claim,
        "cited": list(cited),
        "build_id": retriever.build_id,
        "stale": retriever.stale,
        "status": "FOUND" if items else NO_COUNTEREVIDENCE,
        "queries": queries,
        "items": [item.to_dict() for item in items],
        "suggested_query": "" if items else outside_search_terms(claim),
    }
