"""Rules over the whole draft: spelling variety and abbreviations."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from essaylint.audit.style import lexicon
from essaylint.audit.style.context import Context
from essaylint.audit.style.rules import SPELLING_MIX, UNDEFINED_ABBREVIATION, Hit
from essaylint.audit.style.view import SentenceView

_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9&]*[A-Z](?:s|'s|’s)?\b")
_ROMAN = re.compile(r"[IVXLC]+")
_CAPS_NEIGHBOUR = re.compile(r"[A-Z][A-Z0-9&]+")
_HEADING_WORDS = frozenset(
    [
        "ABSTRACT",
        "BACKGROUND",
        "INTRODUCTION",
        "METHODS",
        "METHOD",
        "RESULTS",
        "DISCUSSION",
        "CONCLUSION",
        "CONCLUSIONS",
        "ACKNOWLEDGEMENTS",
        "ACKNOWLEDGMENTS",
        "REFERENCES",
        "APPENDIX",
        "NOTE",
        "AND",
        "THE",
    ]
)
MAX_SPELLING_HITS = 10


@dataclass(frozen=True)
class Variant:
    """One spelling found in the draft: ``variety`` is 'British' or 'American'."""

    variety: str
    group: str
    word: str
    view: SentenceView
    start: int
    end: int


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...]:
    def compile_pairs(pairs: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], ...]:
        british = re.compile(r"\b(?:" + "|".join(b for b, _ in pairs) + r")\b", re.I)
        american = re.compile(r"\b(?:" + "|".join(a for _, a in pairs) + r")\b", re.I)
        return british, american

    ise = compile_pairs(lexicon.IZE_PAIRS)
    other = compile_pairs(lexicon.SPELLING_PAIRS)
    return (("-ise/-ize", *ise), ("spelling", *other))


def _variants(ctx: Context) -> list[Variant]:
    found: list[Variant] = []
    for view in ctx.views:
        for group, british, american in _patterns():
            for variety, pattern in (("British", british), ("American", american)):
                for match in pattern.finditer(view.masked):
                    if _proper_name(view, match):
                        continue
                    found.append(
                        Variant(variety, group, match.group(), view, match.start(), match.end())
                    )
    return found


def _proper_name(view: SentenceView, match: re.Match[str]) -> bool:
    """Capitalised mid-sentence: a name such as 'World Health Organization'."""
    return match.group()[0].isupper() and bool(view.masked[: match.start()].strip())


def spelling_mix(ctx: Context) -> Iterator[Hit]:
    variants = _variants(ctx)
    emitted = 0
    for group in ("-ise/-ize", "spelling"):
        inside = [v for v in variants if v.group == group]
        british = [v for v in inside if v.variety == "British"]
        american = [v for v in inside if v.variety == "American"]
        if not british or not american:
            continue
        majority, minority = (
            (british, american)
            if len(british) >= len(american)
            else (
                american,
                british,
            )
        )
        for variant in minority:
            if emitted >= MAX_SPELLING_HITS:
                return
            emitted += 1
            yield _spelling_hit(ctx, variant, majority)


def _spelling_hit(ctx: Context, variant: Variant, majority: list[Variant]) -> Hit:
    line, column = ctx.locate(variant.view.start + variant.start)
    examples = ", ".join(sorted({v.word.lower() for v in majority})[:3])
    wanted = majority[0].variety
    return Hit(
        rule=SPELLING_MIX,
        line=line,
        column=column,
        excerpt=variant.word,
        message=(
            f"{variant.variety} '{variant.word}' in a draft that mostly uses {wanted} "
            f"spelling ({len(majority)}x, e.g. {examples})"
        ),
        suggestion=f"Use {wanted} spelling throughout: respell '{variant.word}'.",
        data={"variety": variant.variety, "group": variant.group},
    )


def undefined_abbreviations(ctx: Context) -> Iterator[Hit]:
    known = {a.upper() for a in ctx.settings.known_abbreviations}
    definitions = _definitions(ctx)
    reported: set[str] = set()
    for view in ctx.views:
        for match in _ACRONYM.finditer(view.masked):
            acronym = _bare(match.group())
            if acronym in reported or acronym in known or _ROMAN.fullmatch(acronym):
                continue
            if acronym in _HEADING_WORDS or _in_caps_run(view.masked, match):
                continue
            offset = view.start + match.start()
            defined_at = definitions.get(acronym)
            if defined_at is not None and defined_at <= offset + len(match.group()) + 2:
                reported.add(acronym)  # defined at (or before) its first use
                continue
            if _defined_here(view.masked, match):
                continue
            reported.add(acronym)
            yield _abbreviation_hit(ctx, view, match, acronym, defined_at)


def _bare(token: str) -> str:
    for suffix in ("'s", "’s", "s"):
        if token.endswith(suffix) and len(token) > len(suffix) + 1:
            return token[: -len(suffix)]
    return token


def _definitions(ctx: Context) -> dict[str, int]:
    """Acronym -> file offset of its first ``(ACR)`` or ``ACR (Full Name)`` definition."""
    found: dict[str, int] = {}
    pattern = re.compile(r"\(([A-Z][A-Z0-9&]*[A-Z])s?\)|\b([A-Z][A-Z0-9&]*[A-Z])\s+\([A-Z][a-z]")
    for view in ctx.views:
        for match in pattern.finditer(view.masked):
            acronym = match.group(1) or match.group(2)
            found.setdefault(acronym, view.start + match.start())
    return found


def _in_caps_run(masked: str, match: re.Match[str]) -> bool:
    """Part of a run of capitalised words (a heading or shouting), not an acronym."""
    before = masked[: match.start()].split()[-1:]
    after = masked[match.end() :].split()[:1]
    return any(_CAPS_NEIGHBOUR.fullmatch(w.strip(".,;:()")) for w in before + after)


def _defined_here(masked: str, match: re.Match[str]) -> bool:
    before = masked[: match.start()].rstrip()
    return before.endswith("(") and masked[match.end() :].lstrip().startswith(")")


def _abbreviation_hit(
    ctx: Context, view: SentenceView, match: re.Match[str], acronym: str, defined_at: int | None
) -> Hit:
    line, column = ctx.locate(view.start + match.start())
    later = f" (it is defined later, on line {ctx.locate(defined_at)[0]})" if defined_at else ""
    return Hit(
        rule=UNDEFINED_ABBREVIATION,
        line=line,
        column=column,
        excerpt=match.group(),
        message=f"'{acronym}' is used before it is defined{later}",
        suggestion=f"Spell it out at first use: 'Full Name ({acronym})', then use {acronym}.",
    )
