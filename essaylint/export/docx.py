"""`essaylint export --docx`: the whole pipeline, from the draft to a checked .docx."""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from essaylint.config import load_config
from essaylint.core.errors import EssaylintError
from essaylint.core.guard import check_output
from essaylint.core.project import Project
from essaylint.core.records import LibraryEntry
from essaylint.draft import Draft, parse_draft
from essaylint.export.csl import Style, csl_item, resolve_style
from essaylint.export.docx_check import check_docx
from essaylint.export.fields import (
    FieldPlan,
    ResolvedItem,
    add_fields,
    plain_document,
    preferences_xml,
    random_id,
    strip_stray_cites,
)
from essaylint.export.markdown import PandocSource, Problem, build_markdown
from essaylint.export.pandoc import Pandoc, find_pandoc
from essaylint.export.refdoc import make_reference_doc
from essaylint.export.zotero import (
    Lookup,
    ZoteroSession,
    ZoteroSettings,
    ZoteroUnavailableError,
    lookup,
)
from essaylint.ingest.library import library_entries
from essaylint.ingest.works import preferred_of

ZOTERO_MODES = ("auto", "off", "required", "embed")
TITLE_META = ("title", "subtitle")
_LIMIT_KEYS = ("word_limit", "word-limit", "wordlimit", "max_words", "words")
_LIMIT_TEXT = (
    re.compile(r"(\d[\d,]*)\s*words?\s*(?:max|maximum|limit)", re.I),
    re.compile(r"(?:max|maximum|limit|up to)\D{0,12}?(\d[\d,]*)\s*words", re.I),
)


class ExportRefusedError(EssaylintError):
    """Citations export cannot turn into citations: exit 1, with every line:col."""

    exit_code = 1

    def __init__(self, problems: list[Problem]) -> None:
        lines = [f"  {p.where} {p.rule}: {p.message}  {p.raw!r}" for p in problems]
        super().__init__(
            f"{len(problems)} citation problem(s) stop the export:\n" + "\n".join(lines),
            "fix them (add the source to library.csv, find the evidence), or pass --force "
            "to keep them as plain text",
        )
        self.problems = problems


@dataclass
class ExportOptions:
    output: Path | None = None
    zotero: str = "auto"
    csl: str | None = None
    reference_doc: Path | None = None
    force: bool = False
    locale: str | None = None
    word_limit: int | None = None
    zotero_settings: ZoteroSettings | None = None


@dataclass
class ExportReport:
    draft: str
    output: str
    document: str  # "live" (Zotero fields) or "plain" (formatted text)
    style: str
    style_id: str
    pandoc: str
    citations: int
    zotero_api: str = ""
    matched: dict[str, str] = field(default_factory=dict)
    unmatched: dict[str, str] = field(default_factory=dict)
    kept_as_text: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    reference_list: str = "added"
    word_count: int = 0
    word_limit: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["kept_as_text"] = [p.__dict__ for p in self.kept_as_text]
        data["over_limit"] = bool(self.word_limit and self.word_count > self.word_limit)
        return data


def export_docx(project: Project, draft_path: Path, options: ExportOptions) -> ExportReport:
    if options.zotero not in ZOTERO_MODES:
        raise EssaylintError(f"--zotero must be one of {', '.join(ZOTERO_MODES)}")
    draft = parse_draft(draft_path)
    entries = library_entries(project.library_csv)
    source = build_markdown(draft, set(entries), preferred_of(entries))
    if source.problems and not options.force:
        raise ExportRefusedError(source.problems)
    style = resolve_style(options.csl)
    pandoc = find_pandoc()
    output = options.output or project.outputs / "export" / f"{draft_path.stem}.docx"
    check_output(project, output, load_config(project.config_path).project.drafts_dir)
    report = ExportReport(
        draft=str(draft_path),
        output=str(output),
        document="plain",
        style=style.description,
        style_id=style.style_id,
        pandoc=f"{pandoc.version} ({pandoc.path})",
        citations=len(source.clusters),
        kept_as_text=list(source.problems),
        reference_list=source.reference_list,
        word_count=draft.word_count,
        word_limit=options.word_limit or word_limit(draft),
    )
    report.warnings += list(draft.warnings)
    if source.problems:
        report.warnings.append(f"--force: {len(source.problems)} citation problem(s) kept as text")
    uids = list(dict.fromkeys(i.doc_uid for c in source.clusters for i in c.items))
    report.warnings += [
        f"{u} is marked not citable in library.csv"
        for u in uids
        if entries[u].citable.strip() and not entries[u].is_citable
    ]
    resolved, live = _resolve(options, entries, uids, report)
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="essaylint-export-") as tmp:
        _convert(pandoc, source, resolved, style, live, options, draft, Path(tmp), output)
    if live:
        problems = check_docx(output, len(source.clusters), style.style_id)
        if problems:
            raise EssaylintError(
                "the exported document failed its own check:\n  " + "\n  ".join(problems),
                "this is a bug in essaylint: please report it with the draft",
            )
    report.document = "live" if live else "plain"
    return report


def _resolve(
    options: ExportOptions,
    entries: dict[str, LibraryEntry],
    uids: list[str],
    report: ExportReport,
) -> tuple[dict[str, ResolvedItem], bool]:
    """Zotero's items where it answers; library.csv metadata embedded for the rest."""
    found = Lookup(api="")
    live = options.zotero == "embed"
    if options.zotero != "off":
        settings = options.zotero_settings or ZoteroSettings.from_env()
        try:
            found = lookup(ZoteroSession.connect(settings), entries, uids)
            live = True
            report.zotero_api = found.api
        except ZoteroUnavailableError as exc:
            if options.zotero == "required":
                raise EssaylintError(
                    f"Zotero is not reachable: {exc.reason}",
                    "start Zotero 7 with its local API on, or set "
                    "ZOTERO_API_KEY and ZOTERO_LIBRARY_ID",
                ) from None
            then = (
                "fields embed library.csv data"
                if live
                else "plain document with formatted citations"
            )
            report.warnings.append(f"Zotero is not reachable ({exc.reason}): {then}")
    report.matched = dict(found.how)
    report.unmatched = dict(found.unmatched) if found.api else {}
    report.warnings += found.notes
    resolved = {
        uid: found.matched.get(uid) or ResolvedItem(uid, (), csl_item(entries[uid]), "library.csv")
        for uid in uids
    }
    return resolved, live


def _convert(
    pandoc: Pandoc,
    source: PandocSource,
    resolved: dict[str, ResolvedItem],
    style: Style,
    live: bool,
    options: ExportOptions,
    draft: Draft,
    tmp: Path,
    output: Path,
) -> None:
    references = tmp / "references.json"
    references.write_text(
        json.dumps([_for_citeproc(r.item_data) for r in resolved.values()], ensure_ascii=False),
        "utf-8",
    )
    reference_doc = options.reference_doc or make_reference_doc(pandoc, tmp / "reference.docx")
    locale = options.locale or str(draft.front_matter.get("lang") or "en-US")
    parsed = strip_stray_cites(pandoc.to_json(source.markdown, "markdown", []))
    if any(section.is_title for section in draft.sections):
        # the draft's title heading is the title: the front matter's would print it twice
        parsed["meta"] = {k: v for k, v in parsed["meta"].items() if k not in TITLE_META}
    args = ["--citeproc", "--bibliography", str(references), "-M", f"lang={locale}"]
    if live:  # plain runs inside the bibliography field: Zotero rewrites it on Refresh
        args += ["-M", "link-bibliography=false"]
    if style.path:
        args += ["--csl", str(style.path)]
    formatted = pandoc.to_json(json.dumps(parsed), "json", args)
    if live:
        plan = FieldPlan(
            clusters={c.cluster_id: c for c in source.clusters},
            resolved=resolved,
            preferences=preferences_xml(style, locale, random_id()),
        )
        document = add_fields(formatted, plan)
    else:
        document = plain_document(formatted)
    pandoc.convert(
        json.dumps(document), "json", "docx", ["--reference-doc", str(reference_doc)], output
    )


def _for_citeproc(item: dict[str, Any]) -> dict[str, Any]:
    """The item as citeproc formats it: without the note (Zotero's Extra)."""
    return {k: v for k, v in item.items() if k != "note"}


def word_limit(draft: Draft) -> int | None:
    """The limit from front matter: a ``word_limit`` key, or text such as "1,500 words max"."""
    front = draft.front_matter
    for key in _LIMIT_KEYS:
        value = str(front.get(key, "")).replace(",", "").strip()
        if value.isdigit():
            return int(value)
    for value in front.values():
        for pattern in _LIMIT_TEXT:
            match = pattern.search(str(value))
            if match:
                return int(match.group(1).replace(",", ""))
    return None
