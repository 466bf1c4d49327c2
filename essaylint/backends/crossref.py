"""Crossref's REST API (https://api.crossref.org): a work by DOI, or the best few for a
bibliographic query, as CSL-JSON items.

Documented shapes: ``GET /works/{doi}`` answers ``{"status": "ok", "message-type": "work",
"message": {...}}`` or 404 "Resource not found."; ``GET /works?query.bibliographic=…&rows=5``
answers a ``work-list`` whose ``message.items`` are works. The polite pool takes a
``mailto`` parameter (and the same address in the User-Agent).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from essaylint.backends.errors import CloudError
from essaylint.backends.scholarly import ScholarlyClient

ROWS = 5
TYPES = {
    "journal-article": "article-journal",
    "proceedings-article": "paper-conference",
    "book-chapter": "chapter",
    "book-section": "chapter",
    "book-part": "chapter",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "report": "report",
    "report-component": "report",
    "dissertation": "thesis",
    "posted-content": "article",
    "dataset": "dataset",
    "standard": "standard",
    "reference-entry": "entry-encyclopedia",
    "peer-review": "review",
}


class CrossrefClient(ScholarlyClient):
    name = "crossref"
    endpoint_setting = "crossref_endpoint"

    def by_doi(self, doi: str) -> dict[str, Any] | None:
        answer = self.get(f"/works/{quote(doi, safe='/')}")
        if answer is None:
            return None
        return csl_from_work(_message(answer, "work"))

    def search(self, title: str, author: str, year: int | None) -> list[dict[str, Any]]:
        query = " ".join(p for p in (title, author, str(year or "")) if p)
        answer = self.get("/works", {"query.bibliographic": query, "rows": str(ROWS)})
        if answer is None:
            return []
        items = _message(answer, "work-list").get("items")
        if not isinstance(items, list):
            raise CloudError(self.name, "a work-list without items", "try again later")
        return [csl_from_work(item) for item in items if isinstance(item, dict)]


def _message(answer: Any, kind: str) -> dict[str, Any]:
    if not isinstance(answer, dict) or not isinstance(answer.get("message"), dict):
        raise CloudError("crossref", f"an answer that is not a {kind} message", "try again later")
    return answer["message"]


def csl_from_work(work: dict[str, Any]) -> dict[str, Any]:
    """A Crossref work as a CSL-JSON item (the fields a reference needs)."""
    item: dict[str, Any] = {"type": TYPES.get(str(work.get("type")), "document")}
    for target, source in (
        ("title", "title"),
        ("container-title", "container-title"),
        ("ISBN", "ISBN"),
    ):
        value = _first(work.get(source))
        if value:
            item[target] = value
    for key in ("volume", "issue", "page", "publisher", "DOI"):
        if isinstance(work.get(key), str | int) and str(work[key]).strip():
            item[key] = str(work[key]).strip()
    if work.get("article-number"):
        item["number"] = str(work["article-number"])
    authors = [_person(a) for a in work.get("author") or [] if isinstance(a, dict)]
    if authors:
        item["author"] = [a for a in authors if a]
    issued = (work.get("issued") or work.get("published") or {}).get("date-parts")
    if isinstance(issued, list) and issued and isinstance(issued[0], list) and issued[0][0]:
        item["issued"] = {"date-parts": [issued[0]]}
    if item["type"] == "thesis" and work.get("institution"):
        institution = work["institution"]
        name = institution[0].get("name") if isinstance(institution, list) else None
        if name:
            item["publisher"] = name
    return item


def _first(value: Any) -> str:
    if isinstance(value, list):
        value = value[0] if value else ""
    return str(value or "").strip()


def _person(author: dict[str, Any]) -> dict[str, str]:
    if author.get("name") and not author.get("family"):
        return {"literal": str(author["name"])}
    person = {k: str(author[k]) for k in ("family", "given", "suffix") if author.get(k)}
    return person
