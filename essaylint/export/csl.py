"""CSL-JSON from library.csv, and the CSL style to format with."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from importlib.resources import files
from pathlib import Path
from typing import Any

from lxml import etree

from essaylint.core.errors import EssaylintError
from essaylint.core.records import LibraryEntry
from essaylint.ingest.library_columns import CSL_TYPES, normalise_doi

CSL_NS = {"csl": "http://purl.org/net/xbiblio/csl"}
BUILTIN_STYLE_ID = "http://www.zotero.org/styles/chicago-author-date"
DEFAULT_STYLE = "apa"
_YEAR = re.compile(r"(1\d{3}|20\d{2})")
STRIPPED_FIELDS = ("abstract", "note")
SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})


def doi_key(doi: str) -> str:
    """A DOI for comparing (DOIs match case-insensitively); never for display."""
    return normalise_doi(doi).casefold()


def csl_item(entry: LibraryEntry) -> dict[str, Any]:
    """The CSL-JSON item for a library.csv row (every bibliographic column); its id is the
    doc_uid. The DOI keeps the case it was printed in."""
    item: dict[str, Any] = {"id": entry.doc_uid, "type": csl_type(entry)}
    if entry.title.strip():
        item["title"] = entry.title.strip()
    authors = [csl_name(part) for part in entry.authors.split(";") if part.strip()]
    if authors:
        item["author"] = authors
    issued = _issued(entry)
    if issued:
        item["issued"] = issued
    for key, value in (
        ("container-title", entry.container),
        ("publisher", entry.publisher),
        ("volume", entry.volume),
        ("issue", entry.issue),
        ("page", entry.page),
        ("number", entry.number),
        ("ISBN", entry.isbn),
        ("URL", entry.url),
    ):
        if value.strip():
            item[key] = value.strip()
    if entry.doi.strip():
        item["DOI"] = normalise_doi(entry.doi)
    if entry.arxiv.strip():
        # Zotero's convention: a preprint's arXiv id in number, any other item's in note
        preprint = item["type"] in ("article", "manuscript")
        key = "number" if preprint and "number" not in item else "note"
        item[key] = f"arXiv:{entry.arxiv.strip()}"
    if entry.accessed_at.strip():
        item["accessed"] = _date(entry.accessed_at) or {"raw": entry.accessed_at.strip()}
    return item


def strip_item(item: dict[str, Any], uid: str) -> dict[str, Any]:
    """Zotero's CSL-JSON made fit for a field: our id, no abstract, no note (Extra)."""
    clean = {k: v for k, v in item.items() if k not in STRIPPED_FIELDS}
    clean["id"] = uid
    return clean


def csl_type(entry: LibraryEntry) -> str:
    """The row's CSL type; a row without one (written before the column existed) gets the
    type its other columns suggest."""
    if entry.type.strip() in CSL_TYPES:
        return entry.type.strip()
    if entry.container.strip():
        return "article-journal"
    if entry.arxiv.strip():
        return "article"
    if entry.url.strip():
        return "webpage"
    if entry.publisher.strip():
        return "book"
    return "document"


def csl_name(text: str) -> dict[str, str]:
    """ "Family, Given" (or "Family, Given, Jr." / BibTeX's "Family, Jr., Given") as a CSL
    name; text without a comma is an organisation (a literal)."""
    parts = [p.strip() for p in text.strip().split(",")]
    if len(parts) == 1:
        return {"literal": parts[0]}
    name = {"family": parts[0]}
    given, suffix = parts[1], ""
    if len(parts) >= 3:
        if parts[1].lower() in SUFFIXES:
            suffix, given = parts[1], parts[2]
        else:
            given, suffix = parts[1], parts[2]
    if given:
        name["given"] = given
    if suffix:
        name["suffix"] = suffix
    return name


def _issued(entry: LibraryEntry) -> dict[str, Any] | None:
    issued = _date(entry.published_date)
    if issued:
        return issued
    year = _YEAR.search(entry.year)
    return {"date-parts": [[int(year.group(1))]]} if year else None


def _date(text: str) -> dict[str, Any] | None:
    parts = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", text.strip())
    if parts:
        return {"date-parts": [[int(p) for p in parts.groups() if p]]}
    return None


# -- styles ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """The style pandoc formats with and the id written into the Zotero preferences."""

    path: Path | None
    style_id: str
    title: str
    has_bibliography: bool = True
    is_note: bool = False

    @property
    def description(self) -> str:
        where = str(self.path) if self.path else "built into pandoc"
        return f"{self.title} ({where})"


BUILTIN = Style(None, BUILTIN_STYLE_ID, "Chicago Manual of Style author-date (pandoc built-in)")
# The styles shipped in essaylint/assets/styles (CC BY-SA 3.0), by the names students use.
SHIPPED = {
    "apa": "apa.csl",
    "harvard": "harvard-cite-them-right.csl",
    "chicago": "chicago-author-date.csl",
    "ieee": "ieee.csl",
    "vancouver": "nlm-citation-sequence.csl",
    "mla": "modern-language-association.csl",
}
_ALIASES = {Path(f).stem: name for name, f in SHIPPED.items()} | {
    "apa7": "apa",
    "harvard-cite-them-right": "harvard",
    "vancouver-nlm": "vancouver",
    "nlm": "vancouver",
    "modern-language-association": "mla",
}


def shipped_styles_dir() -> Path:
    return Path(str(files("essaylint.assets").joinpath("styles")))


def zotero_data_dir() -> Path:
    """The student's Zotero data folder: $ZOTERO_DATA_DIR, else ~/Zotero."""
    configured = os.environ.get("ZOTERO_DATA_DIR", "").strip()
    return Path(configured).expanduser() if configured else Path.home() / "Zotero"


def resolve_style(choice: str | None, data_dir: Path | None = None) -> Style:
    """``choice`` is a shipped style's name (apa, harvard, chicago, ieee, vancouver, mla), a
    .csl path, or a style name in the Zotero styles folder; None means APA 7."""
    choice = (choice or DEFAULT_STYLE).strip()
    styles = (data_dir or zotero_data_dir()) / "styles"
    name = _ALIASES.get(choice.lower().removesuffix(".csl"), choice.lower())
    if name in SHIPPED:
        return read_style(shipped_styles_dir() / SHIPPED[name], shipped_styles_dir())
    path = Path(choice).expanduser()
    if not path.is_file():
        path = styles / (choice.removesuffix(".csl") + ".csl")
    if not path.is_file():
        raise EssaylintError(
            f"CSL style '{choice}' not found (not a shipped style, a path, or in {styles})",
            f"use one of {', '.join(SHIPPED)}, the path of a .csl file, or a style "
            "installed in Zotero",
        )
    return read_style(path, styles)


def read_style(path: Path, styles: Path) -> Style:
    try:
        root = etree.parse(str(path)).getroot()
    except (OSError, etree.XMLSyntaxError) as exc:
        raise EssaylintError(f"{path} is not a readable CSL file: {exc}") from exc
    style_id = (root.findtext("csl:info/csl:id", "", CSL_NS) or "").strip()
    title = (root.findtext("csl:info/csl:title", "", CSL_NS) or path.stem).strip()
    parent = root.find("csl:info/csl:link[@rel='independent-parent']", CSL_NS)
    if parent is not None:
        # pandoc formats with the parent; Zotero gets the style the student chose
        found = _parent_style(path, parent.get("href", ""), styles)
        return replace(found, style_id=style_id or found.style_id, title=title)
    category = root.find("csl:info/csl:category[@citation-format]", CSL_NS)
    return Style(
        path=path,
        style_id=style_id or f"http://www.zotero.org/styles/{path.stem}",
        title=title,
        has_bibliography=root.find("csl:bibliography", CSL_NS) is not None,
        is_note=category is not None and category.get("citation-format") == "note",
    )


def _parent_style(path: Path, href: str, styles: Path) -> Style:
    candidate = styles / (href.rstrip("/").rsplit("/", 1)[-1] + ".csl")
    if not candidate.is_file():
        raise EssaylintError(
            f"{path.name} is a dependent style: pandoc needs its parent {href}",
            f"install the parent style in Zotero, or pass its .csl with --csl ({candidate})",
        )
    return read_style(candidate, styles)
