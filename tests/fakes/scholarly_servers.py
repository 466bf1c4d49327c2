"""Fake Crossref and OpenAlex REST APIs on 127.0.0.1, speaking their documented JSON.

Crossref (api.crossref.org): ``GET /works/{doi}`` → ``{"status": "ok", "message-type":
"work", "message": {...}}`` or 404 ``text/plain`` "Resource not found."; ``GET /works?
query.bibliographic=…&rows=n`` → a ``work-list`` (``message.items``). Answers carry
``X-Rate-Limit-Limit`` / ``X-Rate-Limit-Interval`` and ``X-Api-Pool`` (polite when the
request names a ``mailto``). The recorded work in tests/data/api/ is a real answer.

OpenAlex (api.openalex.org): ``GET /works/doi:{doi}`` → a work or 404 JSON; ``GET /works?
search=…&filter=publication_year:a-b&per-page=n`` → ``{"meta": {...}, "results": [...]}``.

Faults (429 with Retry-After, 5xx, slow answers, bad payloads) are queued with
``FakeServer.fail``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote

from fakes.http_base import FakeServer, Reply, Seen

DATA = Path(__file__).resolve().parents[1] / "data" / "api"


def recorded_crossref_work() -> dict[str, Any]:
    """Crossref's answer for 10.1371/journal.pone.0033693 (recorded by habanero, MIT)."""
    return json.loads((DATA / "crossref_work_pone.0033693.json").read_text())["body"]["message"]


def crossref_work(**fields: Any) -> dict[str, Any]:
    """A Crossref work with the fields a reference needs (documented names)."""
    work: dict[str, Any] = {
        "DOI": "10.5555/example",
        "type": "journal-article",
        "title": ["An example"],
        "container-title": ["Journal of Examples"],
        "author": [{"given": "Ann", "family": "Cole", "sequence": "first"}],
        "issued": {"date-parts": [[2014]]},
        "publisher": "Example Press",
    }
    work.update(fields)
    return work


def openalex_work(**fields: Any) -> dict[str, Any]:
    work: dict[str, Any] = {
        "id": "https://openalex.org/W2741809807",
        "doi": "https://doi.org/10.5555/example",
        "title": "An example",
        "display_name": "An example",
        "publication_year": 2014,
        "publication_date": "2014-01-01",
        "type": "article",
        "authorships": [{"author": {"display_name": "Ann Cole"}}],
        "primary_location": {
            "source": {
                "display_name": "Journal of Examples",
                "type": "journal",
                "host_organization_name": "Example Press",
            }
        },
        "biblio": {"volume": None, "issue": None, "first_page": None, "last_page": None},
    }
    work.update(fields)
    return work


def _query(seen: Seen) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(seen.query).items()}


def _words(text: str) -> set[str]:
    return {w for w in "".join(c if c.isalnum() else " " for c in text.lower()).split()}


class FakeCrossref(FakeServer):
    def __init__(self, works: list[dict[str, Any]]) -> None:
        super().__init__()
        self.works = {w["DOI"].lower(): w for w in works}
        self.route("GET", "/works", self._works)

    def _headers(self, seen: Seen) -> dict[str, str]:
        polite = "mailto" in _query(seen) or "mailto:" in seen.headers.get("user-agent", "")
        return {
            "X-Api-Pool": "polite" if polite else "public",
            "X-Rate-Limit-Limit": "10" if polite else "5",
            "X-Rate-Limit-Interval": "1s",
        }

    def _works(self, seen: Seen) -> Reply:
        path = unquote(seen.path)
        if path.startswith("/works/"):
            work = self.works.get(path[len("/works/") :].lower())
            if work is None:
                return Reply(404, "Resource not found.", {"Content-Type": "text/plain"})
            body = {
                "status": "ok",
                "message-type": "work",
                "message-version": "1.0.0",
                "message": work,
            }
            return Reply(200, body, self._headers(seen))
        query = _query(seen)
        wanted = _words(query.get("query.bibliographic", ""))
        scored = sorted(
            self.works.values(),
            key=lambda w: -len(wanted & _words(" ".join(w.get("title", [])))),
        )
        items = [w for w in scored if wanted & _words(" ".join(w.get("title", [])))]
        items = items[: int(query.get("rows", "20"))]
        message = {
            "total-results": len(items),
            "items": items,
            "items-per-page": len(items),
            "query": {"start-index": 0, "search-terms": None},
        }
        body = {
            "status": "ok",
            "message-type": "work-list",
            "message-version": "1.0.0",
            "message": message,
        }
        return Reply(200, body, self._headers(seen))


class FakeOpenAlex(FakeServer):
    def __init__(self, works: list[dict[str, Any]]) -> None:
        super().__init__()
        self.works = works
        self.route("GET", "/works", self._works)

    def _works(self, seen: Seen) -> Reply:
        path = unquote(seen.path)
        if path.startswith("/works/doi:"):
            doi = path[len("/works/doi:") :].lower()
            for work in self.works:
                if str(work.get("doi", "")).lower().endswith(doi):
                    return Reply(200, work)
            return Reply(404, {"error": "404 Not Found", "message": "NotFoundError"})
        query = _query(seen)
        wanted = _words(query.get("search", ""))
        results = [w for w in self.works if wanted & _words(str(w.get("title", "")))]
        span = query.get("filter", "").removeprefix("publication_year:")
        if "-" in span:
            low, high = (int(x) for x in span.split("-"))
            results = [w for w in results if low <= w.get("publication_year", 0) <= high]
        results = results[: int(query.get("per-page", "25"))]
        meta = {"count": len(results), "db_response_time_ms": 3, "page": 1, "per_page": 25}
        return Reply(200, {"meta": meta, "results": results, "group_by": []})
