"""OpenAlex (https://api.openalex.org): a work by DOI (``GET /works/doi:{doi}``) or the best
few for a title search (``GET /works?search=…``), as CSL-JSON items.

A work carries ``title``, ``publication_year``, ``publication_date``, ``type``,
``authorships[].author.display_name``, ``primary_location.source`` (``display_name``,
``type``, ``host_organization_name``), ``biblio`` (``volume``, ``issue``, ``first_page``,
``last_page``) and ``doi`` as a lower-case https://doi.org/ link. The polite pool takes a
``mailto`` parameter; an API key (``OPENALEX_API_KEY``) goes in ``api_key``.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import quote

from essaylint.backends.errors import CloudError
from essaylint.backends.scholarly import ScholarlyClient

PER_PAGE = 5
TYPES = {
    "preprint": "article",
    "book-chapter": "chapter",
    "book": "book",
    "dissertation": "thesis",
    "report": "report",
    "dataset": "dataset",
    "standard": "standard",
    "editorial": "article-journal",
    "letter": "article-journal",
    "review": "article-journal",
    "erratum": "article-journal",
}


class OpenAlexClient(ScholarlyClient):
    name = "openalex"
    endpoint_setting = "openalex_endpoint"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.api_key = os.environ.get("OPENALEX_API_KEY", "").strip()

    def private_params(self) -> dict[str, str]:
        params = super().private_params()
        if self.api_key:
            params["api_key"] = self.api_key
        return params

    def by_doi(self, doi: str) -> dict[str, Any] | None:
        answer = self.get(f"/works/doi:{quote(doi, safe='/')}")
        if answer is None:
            return None
        if not isinstance(answer, dict) or "id" not in answer:
            raise CloudError(self.name, "an answer that is not a work", "try again later")
        return csl_from_work(answer)

    def search(self, title: str, author: str, year: int | None) -> list[dict[str, Any]]:
        params = {"search": title, "per-page": str(PER_PAGE)}
        if year:
            params["filter"] = f"publication_year:{year - 1}-{year + 1}"
        answer = self.get("/works", params)
        if answer is None:
            return []
        results = answer.get("results") if isinstance(answer, dict) else None
        if not isinstance(results, list):
            raise CloudError(self.name, "a list answer without results", "try again later")
        return [csl_from_work(work) for work in results if isinstance(work, dict)]


def csl_from_work(work: dict[str, Any]) -> dict[str, Any]:
    """An OpenAlex work as a CSL-JSON item."""
    source = ((work.get("primary_location") or {}).get("source")) or {}
    item: dict[str, Any] = {"type": _type(str(work.get("type") or ""), source)}
    title = work.get("title") or work.get("display_name")
    if title:
        item["title"] = str(title)
    names = [
        ((a or {}).get("author") or {}).get("display_name") for a in work.get("authorships") or []
    ]
    people = [_person(n) for n in names if isinstance(n, str) and n.strip()]
    if people:
        item["author"] = people
    if isinstance(work.get("publication_year"), int):
        item["issued"] = {"date-parts": [[work["publication_year"]]]}
    if source.get("display_name"):
        item["container-title"] = str(source["display_name"])
    if source.get("host_organization_name"):
        item["publisher"] = str(source["host_organization_name"])
    biblio = work.get("biblio") or {}
    for key in ("volume", "issue"):
        if biblio.get(key):
            item[key] = str(biblio[key])
    first, last = biblio.get("first_page"), biblio.get("last_page")
    if first:
        item["page"] = f"{first}-{last}" if last and last != first else str(first)
    doi = str(work.get("doi") or "")
    if doi:
        item["DOI"] = doi.split("doi.org/", 1)[-1]
    return item


def _type(kind: str, source: dict[str, Any]) -> str:
    if kind == "article":
        return "paper-conference" if source.get("type") == "conference" else "article-journal"
    return TYPES.get(kind, "document")


def _person(display_name: str) -> dict[str, str]:
    """OpenAlex gives display names ("Anna Sundström"): the last word is the family name,
    particles before it included."""
    words = display_name.split()
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in {"van", "von", "de", "der", "da", "del", "di"}:
        start -= 1
    person = {"family": " ".join(words[start:])}
    if start:
        person["given"] = " ".join(words[:start])
    return person
