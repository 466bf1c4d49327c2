"""Read an exported .docx back: its fields, custom properties and settings (no Word needed).

Used after every export (a document that fails is not reported as written) and by tests.
"""

from __future__ import annotations

import contextlib
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from essaylint.export.fields import CSL_LABELS, SCHEMA

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = {
    "w": W,
    "cp": "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties",
    "vt": "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes",
}
_Q = f"{{{W}}}"


@dataclass
class Field:
    code: str = ""
    result: str = ""
    first_paragraph: int = 0
    last_paragraph: int = 0
    in_hyperlink: bool = False

    @property
    def is_citation(self) -> bool:
        return self.code.startswith(" ADDIN ZOTERO_ITEM CSL_CITATION ")

    @property
    def is_bibliography(self) -> bool:
        return self.code.startswith(" ADDIN ZOTERO_BIBL ")

    def json(self) -> dict[str, Any]:
        return json.loads(self.code[self.code.index("{") : self.code.rindex("}") + 1])


@dataclass
class DocxReport:
    fields: list[Field] = field(default_factory=list)
    properties: dict[str, str] = field(default_factory=dict)
    compatibility_mode: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def citations(self) -> list[Field]:
        return [f for f in self.fields if f.is_citation]

    @property
    def bibliographies(self) -> list[Field]:
        return [f for f in self.fields if f.is_bibliography]

    @property
    def preferences(self) -> str:
        pieces = []
        number = 1
        while f"ZOTERO_PREF_{number}" in self.properties:
            pieces.append(self.properties[f"ZOTERO_PREF_{number}"])
            number += 1
        return "".join(pieces)


def read_docx(path: Path) -> DocxReport:
    report = DocxReport()
    with zipfile.ZipFile(path) as package:
        body = etree.fromstring(package.read("word/document.xml"))
        names = set(package.namelist())
        if "docProps/custom.xml" in names:
            report.properties = _properties(package.read("docProps/custom.xml"))
        settings = etree.fromstring(package.read("word/settings.xml"))
    mode = settings.find("w:compat/w:compatSetting[@w:name='compatibilityMode']", NS)
    report.compatibility_mode = mode.get(_Q + "val", "") if mode is not None else ""
    _walk_fields(body, report)
    return report


def _properties(xml: bytes) -> dict[str, str]:
    root = etree.fromstring(xml)
    found = {}
    for prop in root.findall("cp:property", NS):
        value = prop.find("vt:lpwstr", NS)
        found[prop.get("name", "")] = value.text or "" if value is not None else ""
    return found


def _walk_fields(body: etree._Element, report: DocxReport) -> None:
    """fldChar begin/separate/end in document order; nesting and paragraphs tracked."""
    stack: list[tuple[Field, str]] = []  # (field, "code" | "result")
    paragraph = -1
    for element in body.iter(_Q + "p", _Q + "fldChar", _Q + "instrText", _Q + "t"):
        tag = etree.QName(element).localname
        if tag == "p":
            paragraph += 1
        elif tag == "fldChar":
            kind = element.get(_Q + "fldCharType")
            if kind == "begin":
                ancestors = element.iterancestors()
                linked = any(etree.QName(a).localname == "hyperlink" for a in ancestors)
                stack.append((Field(first_paragraph=paragraph, in_hyperlink=linked), "code"))
            elif not stack:
                report.problems.append(f"fldChar {kind} without begin (paragraph {paragraph})")
            elif kind == "separate":
                stack[-1] = (stack[-1][0], "result")
            elif kind == "end":
                done, _ = stack.pop()
                done.last_paragraph = paragraph
                report.fields.append(done)
        elif stack:
            current, part = stack[-1]
            if tag == "instrText" and part == "code":
                current.code += element.text or ""
            elif tag == "t" and part == "result":
                for outer, _ in stack:
                    outer.result += element.text or ""
    if stack:
        report.problems.append(f"{len(stack)} field(s) never ended")


def check_docx(path: Path, expected_citations: int, style_id: str) -> list[str]:
    """Everything wrong with a live export (an empty list when it is sound)."""
    report = read_docx(path)
    problems = list(report.problems)
    citations = report.citations
    if len(citations) != expected_citations:
        problems.append(f"{len(citations)} citation fields for {expected_citations} citations")
    ids = []
    for number, item_field in enumerate(citations, start=1):
        problems += [f"citation field {number}: {p}" for p in _citation_problems(item_field)]
        with contextlib.suppress(ValueError, KeyError):
            ids.append(item_field.json()["citationID"])
    if len(set(ids)) != len(ids):
        problems.append("citationIDs are not unique")
    if expected_citations and len(report.bibliographies) != 1:
        problems.append(f"{len(report.bibliographies)} bibliography fields (expected 1)")
    for bib in report.bibliographies:
        if not bib.code.rstrip().endswith("CSL_BIBLIOGRAPHY"):
            problems.append("bibliography field code is not BIBL {…} CSL_BIBLIOGRAPHY")
    problems += _preference_problems(report, style_id)
    if report.compatibility_mode != "15":
        problems.append(
            "settings.xml has no compatibilityMode 15 (Word would open it in Compatibility Mode)"
        )
    return problems


def _citation_problems(item_field: Field) -> list[str]:
    problems = []
    if item_field.in_hyperlink:
        problems.append("sits inside a hyperlink")
    try:
        data = item_field.json()
    except ValueError as exc:
        return [f"JSON does not parse ({exc})"]
    if data.get("schema") != SCHEMA:
        problems.append("wrong schema URL")
    properties = data.get("properties", {})
    if "plainCitation" in properties:
        problems.append("has plainCitation")
    if properties.get("formattedCitation") != item_field.result:
        problems.append(
            f"formattedCitation {properties.get('formattedCitation')!r} differs from the "
            f"field text {item_field.result!r}"
        )
    for item in data.get("citationItems", []):
        item_data = item.get("itemData", {})
        if not isinstance(item.get("uris"), list):
            problems.append("citationItem without a uris array")
        if not all(k in item_data for k in ("id", "type")):
            problems.append("itemData without id and type")
        if "locator" in item and item.get("label") not in CSL_LABELS:
            problems.append(f"locator without a valid label ({item.get('label')!r})")
        if {"abstract", "note"} & set(item_data):
            problems.append("itemData keeps abstract or note")
    return problems


def _preference_problems(report: DocxReport, style_id: str) -> list[str]:
    names = [n for n in report.properties if n.startswith("ZOTERO_PREF_")]
    if not names:
        return ["no ZOTERO_PREF_n custom properties"]
    numbers = sorted(int(n.rsplit("_", 1)[1]) for n in names)
    problems = []
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append("ZOTERO_PREF_n numbering has gaps")
    if any(len(report.properties[n]) > 255 for n in names):
        problems.append("a ZOTERO_PREF_n value is over 255 characters")
    try:
        data = etree.fromstring(report.preferences.encode("utf-8"))
    except etree.XMLSyntaxError as exc:
        return [*problems, f"preferences are not XML ({exc})"]
    if data.get("data-version") != "3":
        problems.append("preferences data-version is not 3")
    style = data.find("style")
    if style is None or style.get("id") != style_id:
        problems.append(f"preferences style id is not {style_id}")
    if data.find("prefs/pref[@name='fieldType'][@value='Field']") is None:
        problems.append("preferences lack fieldType Field")
    return problems
