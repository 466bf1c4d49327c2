"""`essaylint export-used-sources`: the sources a draft cites, ready to import into Zotero.

Each record carries its doc_uid so a re-import can be matched by export: CSL-JSON
``note`` (Zotero's CSL import puts it in Extra) and, in BibTeX and RIS, the citation key,
a note and an ``essaylint:doc_…`` tag.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from essaylint.config import load_config
from essaylint.core.guard import check_output
from essaylint.core.project import Project
from essaylint.core.records import LibraryEntry
from essaylint.draft import parse_draft
from essaylint.export.csl import csl_item
from essaylint.ingest.library import library_entries

_BIB_TYPES = {"article-journal": "article", "book": "book", "webpage": "online"}
_RIS_TYPES = {"article-journal": "JOUR", "book": "BOOK", "webpage": "ELEC"}
_BIB_SPECIAL = re.compile(r"([{}\\&%$#_^~])")


@dataclass
class UsedSources:
    draft: str
    cited: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    paths: list[dict[str, Any]] = field(default_factory=list)


def marker(uid: str) -> str:
    return f"essaylint: {uid}"


def used_sources(project: Project, draft_path: Path, out_dir: Path | None = None) -> UsedSources:
    draft = parse_draft(draft_path)
    entries = library_entries(project.library_csv)
    result = UsedSources(draft=str(draft_path))
    for uid in draft.cited_doc_uids:
        (result.cited if uid in entries else result.unknown).append(uid)
    cited = [entries[uid] for uid in result.cited]
    out_dir = out_dir or project.outputs / "export"
    drafts_dir = load_config(project.config_path).project.drafts_dir
    check_output(project, out_dir, drafts_dir)
    stem = draft_path.stem
    for suffix in (".sources.json", ".sources.bib", ".sources.ris", ".sources-pdfs.txt"):
        check_output(project, out_dir / f"{stem}{suffix}", drafts_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    writers = {
        "csljson": (f"{stem}.sources.json", to_csl_json),
        "bibtex": (f"{stem}.sources.bib", to_bibtex),
        "ris": (f"{stem}.sources.ris", to_ris),
    }
    for name, (filename, writer) in writers.items():
        path = out_dir / filename
        path.write_text(writer(cited), encoding="utf-8")
        result.files[name] = str(path)
    result.paths = [_path_record(project, entry) for entry in cited]
    listing = out_dir / f"{stem}.sources-pdfs.txt"
    listing.write_text(
        "".join(p["path"] + "\n" for p in result.paths if p["exists"] and p["is_pdf"]), "utf-8"
    )
    result.files["pdfs"] = str(listing)
    return result


def _path_record(project: Project, entry: LibraryEntry) -> dict[str, Any]:
    path = project.root / entry.source_path if entry.source_path else None
    return {
        "doc_uid": entry.doc_uid,
        "path": str(path) if path else "",
        "exists": bool(path and path.is_file()),
        "is_pdf": bool(path and path.suffix.lower() == ".pdf"),
    }


def to_csl_json(entries: list[LibraryEntry]) -> str:
    items = [dict(csl_item(e), note=marker(e.doc_uid)) for e in entries]
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


def _bib(text: str) -> str:
    return _BIB_SPECIAL.sub(r"\\\1", text)


def to_bibtex(entries: list[LibraryEntry]) -> str:
    records = []
    for entry in entries:
        item = csl_item(entry)
        fields = [("title", "{" + _bib(entry.title) + "}")] if entry.title else []
        authors = [a.strip() for a in entry.authors.split(";") if a.strip()]
        if authors:
            fields.append(("author", " and ".join(_bib(a) for a in authors)))
        year = item.get("issued", {}).get("date-parts", [[None]])[0][0]
        if year:
            fields.append(("year", str(year)))
        container = "journal" if item["type"] == "article-journal" else "booktitle"
        for key, value in (
            (container, entry.container),
            ("publisher", entry.publisher),
            ("doi", item.get("DOI", "")),
            ("url", entry.url),
        ):
            if value.strip():
                fields.append((key, _bib(value.strip())))
        fields += [("keywords", f"essaylint:{entry.doc_uid}"), ("note", marker(entry.doc_uid))]
        body = ",\n".join(f"  {key} = {{{value}}}" for key, value in fields)
        kind = _BIB_TYPES.get(item["type"], "misc")
        records.append(f"@{kind}{{{entry.doc_uid},\n{body}\n}}\n")
    return "\n".join(records)


def to_ris(entries: list[LibraryEntry]) -> str:
    records = []
    for entry in entries:
        item = csl_item(entry)
        lines = [f"TY  - {_RIS_TYPES.get(item['type'], 'GEN')}"]
        lines += [f"AU  - {a.strip()}" for a in entry.authors.split(";") if a.strip()]
        year = item.get("issued", {}).get("date-parts", [[None]])[0][0]
        for tag, value in (
            ("TI", entry.title),
            ("PY", str(year or "")),
            ("T2", entry.container),
            ("PB", entry.publisher),
            ("DO", item.get("DOI", "")),
            ("UR", entry.url),
        ):
            if value.strip():
                lines.append(f"{tag}  - {value.strip()}")
        lines += [
            f"KW  - essaylint:{entry.doc_uid}",
            f"N1  - {marker(entry.doc_uid)}",
            f"ID  - {entry.doc_uid}",
            "ER  - ",
        ]
        records.append("\n".join(lines) + "\n")
    return "\n".join(records)
