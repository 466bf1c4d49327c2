"""The ``library:`` and ``export:`` sections of essaylint.yaml: where `essaylint library
enrich` may ask (Crossref, OpenAlex) and how politely, and the reference style."""

from __future__ import annotations

from pydantic import Field

from essaylint.config.base import Section


class LibrarySettings(Section):
    mailto: str | None = None
    crossref_endpoint: str = "https://api.crossref.org"
    openalex_endpoint: str = "https://api.openalex.org"
    requests_per_s: float = Field(5, gt=0, le=50)
    cache_days: float = Field(30, ge=0)


class ExportSettings(Section):
    style: str = "apa"
