"""Rules over the whole draft: spelling variety and abbreviations."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

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
MAX_ACRONYM_LETTERS = 8
NAME_MIN_LETTERS = 5  # capitals this long with vowels enough to say as a word are a name
_SEQUENCE = re.compile(r"[ACGTUN]{6,}|[ACGTU]{2,3}")  # DNA: sequences, dinucleotides
# A neighbouring character that makes the token code or mathematics: superscripts and
# subscripts, primes, brackets of code tokens, underscores, carets.
_MATHS_NEIGHBOUR = re.compile(r"[\u00b2\u00b3\u00b9\u2070-\u209f\u1d2c-\u1d6a′″'_^\[\]<>{}\\]")
_OPERATOR = re.compile(r"[=+×÷∑∏∈≤≥≠→|]")
_IDENTIFIER_LINK = re.compile(
    r"-(?:[A-Z0-9]|(?:base|large|small|tiny|mini)\b)"
)  # SR-HD-IP, BERT-base
_IDENTIFIER_LINK_BEFORE = re.compile(r"[A-Z0-9]-$")
# Introduced as a name in the same sentence: "which we call SIBZ", "denoted KSO".
_NAMED_HERE = re.compile(
    r"\b(?:call(?:s|ed)?|denoted(?:\s+(?:as|by))?|termed|named|referred\s+to\s+as|"
    r"known\s+as|dubbed)\s+(?:the\s+|a\s+|an\s+)?$",
    re.IGNORECASE,
)
# Part of a name or an identifier: "GWAS Catalog", "RING domain", "WAL 8301", "GABP network)".
_PART_OF_NAME = re.compile(
    r"\s+(?:[A-Z][a-z]+\b|\d|(?:domain|format|file|database|catalog(?:ue)?|network|"
    r"software|package|server|score|index|scale|gene|protein|family|motif)s?\b\)?)"
)


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


@lru_cache(maxsize=1)
def known_acronyms() -> frozenset[str]:
    """Acronyms a reader is expected to know: SCOWL's English abbreviations up to level 60
    (essaylint/assets/known_acronyms.txt, with its licence)."""
    text = resources.files("essaylint.assets").joinpath("known_acronyms.txt").read_text("utf-8")
    lines = (line.strip() for line in text.splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


def undefined_abbreviations(ctx: Context) -> Iterator[Hit]:
    known = {a.upper() for a in ctx.settings.known_abbreviations} | known_acronyms()
    definitions = _definitions(ctx)
    reported: set[str] = set()
    for view in ctx.views:
        for match in _ACRONYM.finditer(view.masked):
            acronym = _bare(match.group())
            if acronym in reported or acronym in known or _ROMAN.fullmatch(acronym):
                continue
            if acronym in _HEADING_WORDS or _in_caps_run(view.masked, match):
                continue
            if _not_an_acronym(view.masked, match, acronym):
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


def _not_an_acronym(masked: str, match: re.Match[str], acronym: str) -> bool:
    """Capitals that are no acronym to spell out: identifiers with digits (GPT4, S1B, V108I),
    a name said as a word (PRISMA, BEAST), a DNA sequence, a token of code or mathematics
    (QPᵀ, [CLS], x_IJ), or part of a product code (SR-HD-IP)."""
    if any(ch.isdigit() for ch in acronym) or _SEQUENCE.fullmatch(acronym):
        return True
    if len(acronym) > MAX_ACRONYM_LETTERS:
        return True  # a protein sequence or a shouted word
    vowels = sum(ch in "AEIOU" for ch in acronym)
    if len(acronym) >= NAME_MIN_LETTERS and vowels >= 2 and vowels / len(acronym) >= 0.28:
        return True
    before = masked[max(0, match.start() - 2) : match.start()]
    after = masked[match.end() : match.end() + 2]
    if _MATHS_NEIGHBOUR.search(before[-1:] + after[:1]) or _OPERATOR.search(before + after):
        return True
    if after.startswith("(") or _IDENTIFIER_LINK.match(after):
        return True  # function notation DG(x); product codes SR-HD-IP
    if _IDENTIFIER_LINK_BEFORE.search(before) or _NAMED_HERE.search(masked[: match.start()]):
        return True
    if re.search(r"[a-z]-$", before):  # part of a compound such as t-SNE, p-ERK
        return True
    return bool(_PART_OF_NAME.match(masked[match.end() :]))


def _bare(token: str) -> str:
    for suffix in ("'s", "’s", "s"):
        if token.endswith(suffix) and len(token) > len(suffix) + 1:
            return token[: -len(suffix)]
    return token


# ``Full name (ACR)``, ``(ACR, maker)``, ``(ACR and ACR2)``; or ``ACR (full name)``.
_DEFINITION = re.compile(
    r"\(([A-Z][A-Z0-9&]*[A-Z])s?(?:\)|[,;]|\s+and\s)|\b([A-Z][A-Z0-9&]*[A-Z])\s+\((?=[^()]*[a-z])"
)


def _definitions(ctx: Context) -> dict[str, int]:
    """Acronym -> file offset of its first definition (:data:`_DEFINITION`)."""
    found: dict[str, int] = {}
    pattern = _DEFINITION
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
