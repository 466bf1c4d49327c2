"""Rules over paragraphs, sections and the whole draft."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from essaylint.audit.style import lexicon
from essaylint.audit.style.context import Context
from essaylint.audit.style.rules import (
    LONG_SENTENCE_SHARE,
    MEAN_SENTENCE_LENGTH,
    PARAGRAPH_LENGTH,
    PARAGRAPH_OPENING,
    SECTION_LINK,
    WORD_COUNT,
    Hit,
)
from essaylint.audit.style.view import SentenceView, excerpt
from essaylint.draft import Paragraph
from essaylint.draft import Section as DraftSection

_FINITE_SUFFIX = re.compile(r"[a-z]{2,}(?:ed|s)$")


@dataclass
class SectionText:
    """The prose sentences of one section (by ``section_path``) and where it starts."""

    path: str
    heading: str
    line: int
    column: int
    views: list[SentenceView]
    section: DraftSection | None


def sections(ctx: Context) -> list[SectionText]:
    """Sections holding prose, in order; text before the first heading has path ''."""
    by_path: dict[str, SectionText] = {}
    headings = {s.path: s for s in ctx.draft.sections if not s.is_title}
    for view in ctx.views:
        path = view.sentence.section_path
        if path not in by_path:
            section = headings.get(path)
            line = section.line if section else view.sentence.line
            column = 1 if section else view.sentence.column
            heading = section.heading if section else "(before the first heading)"
            by_path[path] = SectionText(path, heading, line, column, [], section)
        by_path[path].views.append(view)
    return list(by_path.values())


def section_hit(section: SectionText, **kwargs: object) -> Hit:
    return Hit(line=section.line, column=section.column, **kwargs)  # type: ignore[arg-type]


def mean_sentence_length(ctx: Context) -> Iterator[Hit]:
    low, high = ctx.settings.mean_sentence_words_min, ctx.settings.mean_sentence_words_max
    for section in sections(ctx):
        if len(section.views) < ctx.settings.min_section_sentences:
            continue
        lengths = [ctx.words(v.sentence) for v in section.views]
        mean = sum(lengths) / len(lengths)
        if low <= mean <= high:
            continue
        yield section_hit(
            section,
            rule=MEAN_SENTENCE_LENGTH,
            excerpt=f"{section.heading}: mean {mean:.1f} words over {len(lengths)} sentences",
            message=f"mean sentence length {mean:.1f} words (range {low:g}-{high:g})",
            suggestion=_mean_advice(section, lengths, mean > high),
            data={"mean": round(mean, 1), "sentences": len(lengths)},
        )


def _mean_advice(section: SectionText, lengths: list[int], too_long: bool) -> str:
    if not too_long:
        return "Join short sentences that share a subject, or link them with because/so."
    ranked = sorted(zip(lengths, section.views, strict=True), key=lambda p: -p[0])[:3]
    where = ", ".join(f"line {v.sentence.line} ({n} words)" for n, v in ranked)
    return f"Split the longest sentences first: {where}."


def long_sentence_share(ctx: Context) -> Iterator[Hit]:
    limit, share = ctx.settings.long_sentence_words, ctx.settings.max_long_sentence_share
    for section in sections(ctx):
        if len(section.views) < ctx.settings.min_section_sentences:
            continue
        long = [v for v in section.views if ctx.words(v.sentence) > limit]
        actual = len(long) / len(section.views)
        if actual <= share:
            continue
        lines = ", ".join(str(v.sentence.line) for v in long[:6])
        yield section_hit(
            section,
            rule=LONG_SENTENCE_SHARE,
            excerpt=f"{section.heading}: {len(long)} of {len(section.views)} sentences",
            message=f"{actual:.0%} of sentences have over {limit} words (limit {share:.0%})",
            suggestion=f"Shorten some of the sentences on lines {lines} to under {limit} words.",
            data={"share": round(actual, 3)},
        )


def paragraph_lengths(ctx: Context) -> Iterator[Hit]:
    low, high = ctx.settings.paragraph_words_min, ctx.settings.paragraph_words_max
    for paragraph in ctx.draft.paragraphs:
        views = ctx.paragraph_sentences(paragraph)
        if paragraph.kind != "paragraph" or not views:
            continue
        words = sum(ctx.words(v.sentence) for v in views)
        if low <= words <= high:
            continue
        first = views[0].sentence
        advice = (
            "Develop it (claim, evidence, comment) or merge it with a neighbour."
            if words < low
            else "Split it where the topic shifts; give each part its own opening sentence."
        )
        yield Hit(
            rule=PARAGRAPH_LENGTH,
            line=first.line,
            column=first.column,
            excerpt=excerpt(first.plain_text, 60),
            message=f"paragraph of {words} words (range {low}-{high})",
            suggestion=advice,
            data={"words": words},
        )


def paragraph_openings(ctx: Context) -> Iterator[Hit]:
    firsts = [_first(ctx, p) for p in ctx.draft.paragraphs if p.kind == "paragraph"]
    views = [v for v in firsts if v is not None]
    ctx.parse(views)
    for view in views:
        problem = _opening_problem(ctx, view)
        if problem is None:
            continue
        message, suggestion = problem
        yield Hit(
            rule=PARAGRAPH_OPENING,
            line=view.sentence.line,
            column=view.sentence.column,
            excerpt=excerpt(view.sentence.plain_text, 60),
            message=message,
            suggestion=suggestion,
        )


def _first(ctx: Context, paragraph: Paragraph) -> SentenceView | None:
    views = ctx.paragraph_sentences(paragraph)
    return views[0] if views else None


def _opening_problem(ctx: Context, view: SentenceView) -> tuple[str, str] | None:
    sentence = view.sentence
    if sentence.plain_text.rstrip().endswith("?"):
        return (
            "the paragraph opens with a question",
            "Open with the answer as a claim; the question can follow, if at all.",
        )
    if _citation_led(view):
        return (
            "the paragraph opens with a source, not a point",
            "Open with your own point (a topic sentence), then bring in the source as evidence.",
        )
    if not _has_finite_verb(ctx, view):
        return (
            "the opening sentence has no finite verb (a fragment)",
            "Make the first sentence a full claim: subject + verb + what the paragraph shows.",
        )
    return None


def _citation_led(view: SentenceView) -> bool:
    """True when a citation comes before any prose word of the sentence."""
    starts = [c.start for c in view.sentence.citations]
    first_word = view.opening()
    prose_start = view.start + first_word.start() if first_word else view.start + 10**9
    if any(start <= prose_start and start - view.start < 3 for start in starts):
        return True
    words = view.words()
    return not words and bool(starts)


def _has_finite_verb(ctx: Context, view: SentenceView) -> bool:
    """A clause, unless both the parse and the word list say otherwise: the small model
    reads verbs in -s as nouns ("The constant represents ..."), the word list reads any -s
    word as a verb, so a fragment is what neither finds a verb in."""
    words = [w.group().lower() for w in view.words()]
    hinted = any(w in lexicon.FINITE_HINTS or _FINITE_SUFFIX.fullmatch(w) for w in words)
    if len(words) >= 3 and hinted:
        return True
    doc = ctx.doc(view)
    if doc is None:
        return False
    return any(
        (t.dep_ == "ROOT" and t.pos_ in ("VERB", "AUX"))
        or t.dep_ in ("nsubj", "nsubjpass", "expl")
        or t.tag_ in ("VBD", "VBP", "VBZ", "MD")
        for t in doc
    )


def section_links(ctx: Context) -> Iterator[Hit]:
    texts = [s for s in sections(ctx) if s.section is not None]
    for section, following in itertools.pairwise(texts):
        if len(section.views) < 2 or section.section is None:
            continue
        last = section.views[-1]
        if lexicon.LINK_CUES.search(last.masked) or _mentions(last, following.heading):
            continue
        yield Hit(
            rule=SECTION_LINK,
            line=last.sentence.line,
            column=last.sentence.column,
            excerpt=excerpt(last.sentence.plain_text, 60),
            message=f"section '{section.heading}' ends without a link to what follows",
            suggestion=(
                f"End with a sentence that says what this section established and leads "
                f"into '{following.heading}'."
            ),
        )


def _mentions(view: SentenceView, heading: str) -> bool:
    words = {w.lower() for w in re.findall(r"[A-Za-z]{5,}", heading)}
    said = {w.group().lower() for w in view.words()}
    return bool(words & said)


def word_count(ctx: Context) -> Iterator[Hit]:
    limit = ctx.word_limit
    if limit is None:
        return
    count = ctx.draft.word_count
    margin = ctx.settings.word_limit_margin
    safe = int(limit * (1 - margin))
    if count <= safe:
        return
    line = _first_prose_line(ctx)
    over = count > limit
    message = (
        f"{count} words: {count - limit} over the limit of {limit}"
        if over
        else f"{count} words: within {margin:.0%} of the limit of {limit}"
    )
    yield Hit(
        rule=WORD_COUNT,
        line=line,
        column=1,
        excerpt=f"{count} words / limit {limit}",
        message=message,
        suggestion=(
            f"Cut at least {count - safe} words (target {safe} or fewer: Word may count "
            f"{margin:.0%} more than essaylint)."
        ),
        data={"words": count, "limit": limit, "safe": safe},
    )


def _first_prose_line(ctx: Context) -> int:
    title = next((s.line for s in ctx.draft.sections if s.is_title), None)
    if title is not None:
        return title
    return ctx.views[0].sentence.line if ctx.views else 1
