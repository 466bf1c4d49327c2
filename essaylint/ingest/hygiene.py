"""Text hygiene at the parser boundary: whatever a parser returns is valid Unicode before any
other stage sees it.

PDF text layers hand out UTF-16 code units: a character outside the Basic Multilingual
Plane (the mathematical italic 𝑎 of a physics paper, an emoji) can arrive as two lone
surrogates, which no UTF-8 file, JSON cache or LanceDB column accepts. Here a surrogate pair
is joined into its character, and a lone surrogate or a NUL becomes U+FFFD; the counts go
to meta/parse_quality_report.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from essaylint.core.records import ParsedDocument, parsed_from_dict, to_dict

REPLACEMENT = "\ufffd"
_SUSPECT = re.compile("[\ud800-\udfff\x00]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


@dataclass
class Repairs:
    """What hygiene changed in one document."""

    joined: int = 0  # surrogate pairs joined into one character
    replaced: int = 0  # lone surrogates and NUL characters replaced with U+FFFD

    def add(self, other: Repairs) -> None:
        self.joined += other.joined
        self.replaced += other.replaced

    def describe(self) -> str:
        parts = []
        if self.joined:
            parts.append(f"{self.joined} split characters joined (outside the BMP)")
        if self.replaced:
            parts.append(f"{self.replaced} invalid characters replaced with U+FFFD")
        return "; ".join(parts)


def valid_text(text: str) -> tuple[str, Repairs]:
    """``text`` as valid Unicode, and what was repaired."""
    if not _SUSPECT.search(text):
        return text, Repairs()
    joined = len(_PAIR.findall(text))
    lone = len(_SURROGATE.findall(text)) - 2 * joined
    nuls = text.count("\x00")
    fixed = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return fixed.replace("\x00", REPLACEMENT), Repairs(joined, lone + nuls)


def clean_document(document: ParsedDocument) -> ParsedDocument:
    """The document with every string valid (pages, metadata, warnings); the repairs are
    counted on it and named in its warnings."""
    repairs = Repairs()
    data = _clean(to_dict(document), repairs)
    if not repairs.joined and not repairs.replaced:
        return document
    cleaned = parsed_from_dict(data)
    cleaned.joined_chars += repairs.joined
    cleaned.replaced_chars += repairs.replaced
    cleaned.warnings.append(f"text repaired: {repairs.describe()}")
    return cleaned


def _clean(value: Any, repairs: Repairs) -> Any:
    if isinstance(value, str):
        text, found = valid_text(value)
        repairs.add(found)
        return text
    if isinstance(value, list):
        return [_clean(v, repairs) for v in value]
    if isinstance(value, dict):
        return {_clean(k, repairs): _clean(v, repairs) for k, v in value.items()}
    return value
