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
from essaylint.export.csl import csl_item, csl_name
from essaylint.ingest.library import library_entries
from essaylint.ingest.works import preferred_of


@dataclass
class UsedSources:
    draft: str
    cited: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    paths: list[dict[str, Any]] = field(default_factory=list)
    copies: dict[str, str] = field(default_factory=dict)  # a cited copy → the one listed


def marker(uid: str) -> str:
    return f"essaylint: {uid}"


def used_sources(project: Project, draft_path: Path, out_dir: Path | None = None) -> UsedSources:
    draft = parse_draft(draft_path)
    entries = library_entries(project.library_csv)
    result = UsedSources(draft=str(draft_path))
    works = preferred_of(entries)
    for uid in draft.cited_doc_uids:
        if uid not in entries:
            result.unknown.append(uid)
            continue
        if works[uid] != uid:
            result.copies[uid] = works[uid]
        if works[uid] not in result.cited:  # each work once, as its preferred copy
            result.cited.append(works[uid])
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
    items = [_with_marker(csl_item(e), e.doc_uid) for e in entries]
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


def _with_marker(item: dict[str, Any], uid: str) -> dict[str, Any]:
    """The doc_uid marker in note (Zotero's Extra), after any note the item has."""
    note = "\n".join(n for n in (item.get("note", ""), marker(uid)) if n)
    return {**item, "note": note}


# -- BibTeX ------------------------------------------------------------------------------------

BIB_TYPES = {
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "review": "article",
    "paper-conference": "inproceedings",
    "chapter": "incollection",
    "entry-encyclopedia": "incollection",
    "book": "book",
    "report": "techreport",
    "thesis": "phdthesis",
    "manuscript": "unpublished",
}
_LATEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "^": r"\^{}",
    "~": r"\textasciitilde{}",
}
_BIB_SPECIAL = re.compile(r"([\\&%$#_^~])")
_SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "but",
        "by",
        "for",
        "from",
        "in",
        "into",
        "nor",
        "of",
        "on",
        "or",
        "over",
        "per",
        "the",
        "to",
        "up",
        "via",
        "vs",
        "with",
    ]
)


def _bib(text: str) -> str:
    """Text for a BibTeX field: LaTeX's special characters escaped; literal braces dropped
    (BibTeX counts even an escaped brace when it balances a field)."""
    text = text.replace("{", "").replace("}", "")
    return _BIB_SPECIAL.sub(lambda m: _LATEX[m.group(1)], text)


def protect_title(title: str) -> str:
    """The title for BibTeX with only the words whose capitals must survive a style's
    sentence casing in braces: acronyms and mixed case ("{DNA}", "{LongEval}") always, and
    capitalised words inside a sentence-case title (proper nouns: "in {Malawi}")."""
    words = title.split(" ")
    sentence_case = _is_sentence_case(words)
    out = []
    start_of_sentence = True
    for word in words:
        bare = word.strip(".,;:!?()[]\"'“”‘’")
        letters = [c for c in bare if c.isalpha()]
        escaped = _bib(word)
        protect = bool(letters) and (
            (len(letters) > 1 and sum(c.isupper() for c in letters) > 1)
            or any(c.isupper() for c in bare[1:] if c.isalpha())
            or (sentence_case and not start_of_sentence and bare[:1].isupper())
        )
        if protect and bare:
            escaped = escaped.replace(_bib(bare), "{" + _bib(bare) + "}", 1)
        out.append(escaped)
        start_of_sentence = word.endswith((":", "?", "!", ".")) and len(bare) > 1
    return " ".join(out)


def _is_sentence_case(words: list[str]) -> bool:
    """Most words after the first in lower case (a title in Title Case is not)."""
    content = [
        w.strip(".,;:!?()[]\"'")
        for w in words[1:]
        if len(w.strip(".,;:!?()[]\"'")) > 3 and w.lower() not in _SMALL_WORDS
    ]
    capitalised = sum(1 for w in content if w[:1].isupper())
    return bool(content) and capitalised < 0.5 * len(content)


def _bib_author(name: str) -> str:
    """A library.csv name in BibTeX's "von Last, Jr, First" form; an organisation in braces."""
    parts = [p.strip() for p in name.split(",")]
    if len(parts) == 1:
        return "{" + _bib(parts[0]) + "}"
    item = csl_name(name)
    pieces = [item.get("family", ""), item.get("suffix", ""), item.get("given", "")]
    return ", ".join(_bib(p) for p in pieces if p)


def to_bibtex(entries: list[LibraryEntry]) -> str:
    return "\n".join(_bibtex_entry(entry) for entry in entries)


def _bibtex_entry(entry: LibraryEntry) -> str:
    item = csl_item(entry)
    kind = item["type"]
    fields: list[tuple[str, str]] = []
    if entry.title.strip():
        fields.append(("title", protect_title(entry.title.strip())))
    authors = [a for a in entry.authors.split(";") if a.strip()]
    if authors:
        fields.append(("author", " and ".join(_bib_author(a) for a in authors)))
    year = item.get("issued", {}).get("date-parts", [[None]])[0][0]
    if year:
        fields.append(("year", str(year)))
    container = {"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle"}
    bib_type = BIB_TYPES.get(kind, "misc")
    if entry.container.strip():
        fields.append((container.get(bib_type, "howpublished"), _bib(entry.container.strip())))
    holder = {"techreport": "institution", "phdthesis": "school"}.get(bib_type, "publisher")
    page = entry.page.strip() or (entry.number.strip() if bib_type == "article" else "")
    for key, value in (
        ("volume", entry.volume),
        ("number", entry.number if bib_type == "techreport" else entry.issue),
        ("pages", page.replace("-", "--")),
        (holder, entry.publisher),
        ("isbn", entry.isbn),
    ):
        if value.strip():
            fields.append((key, _bib(value.strip())))
    for key, value in (
        ("doi", item.get("DOI", "")),
        ("url", entry.url),
        ("urldate", entry.accessed_at),
    ):
        if value.strip():
            fields.append((key, value.strip()))
    if entry.arxiv.strip():
        fields += [("eprint", entry.arxiv.strip()), ("archiveprefix", "arXiv")]
    fields += [("keywords", f"essaylint:{entry.doc_uid}"), ("note", marker(entry.doc_uid))]
    body = ",\n".join(f"  {key} = {{{value}}}" for key, value in fields)
    return f"@{bib_type}{{{entry.doc_uid},\n{body}\n}}\n"


# -- RIS ---------------------------------------------------------------------------------------

RIS_TYPES = {
    "article-journal": "JOUR",
    "article-magazine": "MGZN",
    "article-newspaper": "NEWS",
    "paper-conference": "CPAPER",
    "chapter": "CHAP",
    "entry-encyclopedia": "ENCYC",
    "book": "BOOK",
    "report": "RPRT",
    "thesis": "THES",
    "article": "UNPB",
    "manuscript": "MANSCPT",
    "webpage": "ELEC",
    "dataset": "DATA",
    "software": "COMP",
    "speech": "SLIDE",  # Zotero reads RIS SLIDE as a Presentation
    "legal_case": "CASE",  # Zotero: Case
    "legislation": "STAT",  # Zotero: Statute
    "bill": "BILL",
}


def to_ris(entries: list[LibraryEntry]) -> str:
    return "\n".join(_ris_record(entry) for entry in entries)


def _ris_record(entry: LibraryEntry) -> str:
    item = csl_item(entry)
    kind = RIS_TYPES.get(item["type"], "GEN")
    lines = [f"TY  - {kind}"]
    lines += [f"AU  - {a.strip()}" for a in entry.authors.split(";") if a.strip()]
    year = item.get("issued", {}).get("date-parts", [[None]])[0][0]
    first, _, last = (
        entry.page.strip() or entry.number.strip() if kind == "JOUR" else entry.page.strip()
    ).partition("-")
    for tag, value in (
        ("TI", entry.title),
        ("PY", str(year or "")),
        ("DA", entry.published_date.replace("-", "/")),
        ("T2", entry.container),
        ("VL", entry.volume),
        ("IS", entry.number if kind == "RPRT" else entry.issue),
        ("SP", first),
        ("EP", last),
        ("PB", entry.publisher),
        ("SN", entry.isbn),
        ("DO", item.get("DOI", "")),
        ("UR", entry.url),
        ("Y2", entry.accessed_at.replace("-", "/")),
    ):
        if value.strip():
            lines.append(f"{tag}  - {value.strip()}")
    if entry.arxiv.strip():
        lines.append(f"N1  - arXiv: {entry.arxiv.strip()}")
    lines += [
        f"KW  - essaylint:{entry.doc_uid}",
        f"N1  - {marker(entry.doc_uid)}",
        f"ID  - {entry.doc_uid}",
        "ER  - ",
    ]
    return "\n".join(lines) + "\n"
