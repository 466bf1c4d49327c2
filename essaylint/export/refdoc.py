"""The reference document: pandoc's own, made to open outside Compatibility Mode and
given a Bibliography paragraph style with a hanging indent."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from essaylint.export.pandoc import Pandoc

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
COMPAT = (
    "<w:compat>"
    '<w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word"'
    ' w:val="15"/>'
    '<w:compatSetting w:name="overrideTableStyleFontSizeAndJustification"'
    ' w:uri="http://schemas.microsoft.com/office/word" w:val="1"/>'
    '<w:compatSetting w:name="enableOpenTypeFeatures"'
    ' w:uri="http://schemas.microsoft.com/office/word" w:val="1"/>'
    '<w:compatSetting w:name="doNotFlipMirrorIndents"'
    ' w:uri="http://schemas.microsoft.com/office/word" w:val="1"/>'
    "</w:compat>"
)
BIBLIOGRAPHY_PPR = (
    '<w:pPr><w:spacing w:before="0" w:after="120"/><w:ind w:left="720" w:hanging="720"/></w:pPr>'
)
# Elements of CT_Settings that come after w:compat in schema order.
_AFTER_COMPAT = (
    "w:docVars",
    "w:rsids",
    "m:mathPr",
    "w:attachedSchema",
    "w:themeFontLang",
    "w:clrSchemeMapping",
    "w:doNotIncludeSubdocsInStats",
    "w:decimalSymbol",
    "w:listSeparator",
)


def make_reference_doc(pandoc: Pandoc, target: Path) -> Path:
    """Write the patched reference.docx to ``target``."""
    original = target.with_suffix(".pandoc.docx")
    pandoc.data_file("reference.docx", original)
    with (
        zipfile.ZipFile(original) as source,
        zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out,
    ):
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "word/settings.xml":
                data = patch_settings(data.decode("utf-8")).encode("utf-8")
            elif info.filename == "word/styles.xml":
                data = patch_styles(data.decode("utf-8")).encode("utf-8")
            out.writestr(info, data)
    original.unlink()
    return target


def patch_settings(xml: str) -> str:
    """Add ``<w:compat>`` with compatibilityMode 15, in schema order."""
    if "compatibilityMode" in xml:
        return xml
    xml = re.sub(r"<w:compat\s*/>|<w:compat>.*?</w:compat>", "", xml, flags=re.S)
    for name in _AFTER_COMPAT:
        match = re.search(rf"<{name}[\s/>]", xml)
        if match:
            return xml[: match.start()] + COMPAT + xml[match.start() :]
    return xml.replace("</w:settings>", COMPAT + "</w:settings>")


def patch_styles(xml: str) -> str:
    """Give the Bibliography style a hanging indent and spacing (APA and Harvard need it)."""
    match = re.search(r'<w:style [^>]*w:styleId="Bibliography"[^>]*>.*?</w:style>', xml, re.S)
    if match is None:
        style = (
            '<w:style w:type="paragraph" w:styleId="Bibliography"><w:name w:val="Bibliography"/>'
            f'<w:basedOn w:val="Normal"/><w:qFormat/>{BIBLIOGRAPHY_PPR}</w:style>'
        )
        return xml.replace("</w:styles>", style + "</w:styles>")
    style = re.sub(r"<w:pPr\s*/>|<w:pPr>.*?</w:pPr>", "", match.group(0), flags=re.S)
    style = re.sub(
        r"(<w:rPr\s*/>|<w:rPr>.*?</w:rPr>|</w:style>)",
        BIBLIOGRAPHY_PPR + r"\1",
        style,
        count=1,
        flags=re.S,
    )
    return xml[: match.start()] + style + xml[match.end() :]
