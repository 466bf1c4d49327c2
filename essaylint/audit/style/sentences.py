"""Rules that look at one sentence at a time."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from essaylint.audit.style import lexicon
from essaylint.audit.style.context import Context
from essaylint.audit.style.rules import (
    EMPTY_SENTENCE,
    FILLER,
    LONG_SENTENCE,
    NOMINALISATION,
    STACKED_HEDGES,
    UNCLEAR_REFERENCE,
    VERY_LONG_SENTENCE,
    Hit,
)
from essaylint.audit.style.view import SentenceView, excerpt

_FILLER = re.compile(
    r"\b(?:" + "|".join(r"\s+".join(map(re.escape, p.split())) for p in lexicon.FILLERS) + r")\b",
    re.I,
)
_SPLIT_POINTS = re.compile(
    r"(?:[;:]|,\s+(?:and|but|so|because|which|while|whereas|although)\b|\s+because\b)", re.I
)
_PRONOUNS = ("This", "These", "It")


def hit_at(ctx: Context, view: SentenceView, start: int, end: int, **kwargs: object) -> Hit:
    """A hit spanning ``[start, end)`` of ``view.masked``."""
    line, column = ctx.locate(view.start + start)
    end_line, end_column = ctx.locate(view.start + end)
    return Hit(line=line, column=column, end_line=end_line, end_column=end_column, **kwargs)  # type: ignore[arg-type]


def long_sentences(ctx: Context) -> Iterator[Hit]:
    """style/long-sentence over max_sentence_words; style/very-long-sentence instead when the
    sentence also exceeds very_long_sentence_words (one finding per sentence)."""
    limit, very_long = ctx.settings.max_sentence_words, ctx.settings.very_long_sentence_words
    for view in ctx.views:
        words = ctx.words(view.sentence)
        if words > limit:
            yield hit_at(
                ctx,
                view,
                0,
                len(view.masked.rstrip()),
                rule=VERY_LONG_SENTENCE if words > very_long else LONG_SENTENCE,
                excerpt=excerpt(view.sentence.plain_text),
                message=f"sentence of {words} words (limit {limit})",
                suggestion=_split_advice(view, limit),
                data={"words": words},
            )


def _split_advice(view: SentenceView, limit: int) -> str:
    text = " ".join(view.sentence.plain_text.split())
    points = [m for m in _SPLIT_POINTS.finditer(text) if len(text[: m.start()].split()) > 5]
    if not points:
        return f"Split it into two or three sentences of under {limit} words, one idea each."
    cuts = ", ".join(f"'…{' '.join(text[: m.end()].split()[-3:])}'" for m in points[:3])
    return f"Split it at {cuts}: one idea per sentence, each under {limit} words."


def fillers(ctx: Context) -> Iterator[Hit]:
    for view in ctx.views:
        for match in _FILLER.finditer(view.masked):
            phrase = " ".join(match.group().split())
            replacement = lexicon.FILLERS.get(phrase.lower(), "")
            advice = f"Write '{replacement}'." if replacement else "Delete it; say the point."
            yield hit_at(
                ctx,
                view,
                match.start(),
                match.end(),
                rule=FILLER,
                excerpt=phrase,
                message=f"filler phrase '{phrase}'",
                suggestion=f"'{phrase}' adds words, not meaning. {advice}",
            )


def stacked_hedges(ctx: Context) -> Iterator[Hit]:
    window = ctx.settings.hedge_window_words
    for view in ctx.views:
        words = view.words()
        hedges = [i for i, w in enumerate(words) if _is_hedge(words, i)]
        for first, second in itertools.pairwise(hedges):
            if second - first - 1 <= window:
                a, b = words[first], words[second]
                phrase = view.masked[a.start() : b.end()]
                yield hit_at(
                    ctx,
                    view,
                    a.start(),
                    b.end(),
                    rule=STACKED_HEDGES,
                    excerpt=" ".join(phrase.split()),
                    message=f"stacked hedges '{a.group()}' and '{b.group()}'",
                    suggestion=(
                        f"Keep one hedge: '{a.group()}' or '{b.group()}', not both; say how "
                        "sure the evidence lets you be."
                    ),
                )
                break


def _is_hedge(words: list[re.Match[str]], index: int) -> bool:
    word = words[index].group()
    lower = word.lower()
    if lower not in lexicon.HEDGES or (word[0].isupper() and lower == "may" and index):
        return False
    following = words[index + 1].group().lower() if index + 1 < len(words) else ""
    return not (lower in lexicon.NEGATABLE and following == "not")


def nominalisations(ctx: Context) -> Iterator[Hit]:
    most = ctx.settings.nominalisation_max_per_sentence
    chain = ctx.settings.nominalisation_chain
    for view in ctx.views:
        words = view.words()
        nominal = [i for i, w in enumerate(words) if _is_nominal(w.group())]
        longest = _longest_chain(words, nominal)
        if len(nominal) < most and len(longest) < chain:
            continue
        shown = [words[i].group() for i in (longest if len(longest) >= chain else nominal)]
        yield hit_at(
            ctx,
            view,
            words[nominal[0]].start(),
            words[nominal[-1]].end(),
            rule=NOMINALISATION,
            excerpt=", ".join(shown),
            message=f"{len(nominal)} nominalisations" + _chain_note(longest, chain),
            suggestion=(
                f"Turn some nouns back into verbs with a subject, e.g. '{shown[0]}' → "
                f"'{_verb_hint(shown[0])}': say who does what."
            ),
        )


def _is_nominal(word: str) -> bool:
    lower = word.lower()
    return bool(lexicon.NOMINAL_SUFFIX.match(lower)) and lower not in lexicon.NOT_NOMINAL


def _longest_chain(words: list[re.Match[str]], nominal: list[int]) -> list[int]:
    """The longest run of nominalisations joined by 'of' (optionally 'of the/a/an')."""
    chains: list[list[int]] = []
    for index in nominal:
        previous = chains[-1][-1] if chains else -10
        between = [w.group().lower() for w in words[previous + 1 : index]]
        if chains and _joined_by_of(between):
            chains[-1].append(index)
        else:
            chains.append([index])
    return max(chains, key=len, default=[])


def _joined_by_of(between: list[str]) -> bool:
    """'of' or 'of the/a/an/its/their' between two nominalisations."""
    if not between or between[0] != "of" or len(between) > 2:
        return False
    return len(between) == 1 or between[1] in ("the", "a", "an", "its", "their")


def _chain_note(chain: list[int], minimum: int) -> str:
    return f", a chain of {len(chain)} joined by 'of'" if len(chain) >= minimum else ""


def _verb_hint(noun: str) -> str:
    lower = noun.lower().removesuffix("s")
    for suffix, verb in (("isation", "ise"), ("ization", "ize"), ("ation", "ate")):
        if lower.endswith(suffix):
            return lower[: -len(suffix)] + verb
    for suffix in ("ment", "ness", "ance", "ence", "tion", "sion", "ity"):
        if lower.endswith(suffix):
            return lower[: -len(suffix)] + "…"
    return lower


def unclear_references(ctx: Context) -> Iterator[Hit]:
    """Only with a parsing pipeline: word lists cannot tell "This shows" from "This shortage
    shows", and guessing is what made the rule wrong on published prose."""
    if ctx.nlp is None:
        return
    candidates = [v for v in ctx.views if _opening_pronoun(v)]
    ctx.parse(candidates)
    for view in candidates:
        opening = view.opening()
        assert opening is not None
        unclear = _unclear(ctx, view)
        if unclear:
            word = opening.group()
            yield hit_at(
                ctx,
                view,
                opening.start(),
                opening.end(),
                rule=UNCLEAR_REFERENCE,
                excerpt=excerpt(view.sentence.plain_text, 60),
                message=f"'{word}' has no clear antecedent",
                suggestion=_reference_advice(word),
            )


def _opening_pronoun(view: SentenceView) -> bool:
    opening = view.opening()
    return opening is not None and opening.group() in _PRONOUNS


def _unclear(ctx: Context, view: SentenceView) -> bool:
    doc = ctx.doc(view)
    tokens = [t for t in doc if not t.is_space] if doc is not None else []
    if len(tokens) < 2:
        return False
    if tokens[0].text == "It":
        return _unclear_it(ctx, view, tokens)
    # "This shows", "These are": a pronoun; "This shortage", "These results": a determiner.
    return tokens[0].dep_ != "det" and tokens[1].pos_ in ("VERB", "AUX", "ADV", "ADP", "PUNCT")


def _unclear_it(ctx: Context, view: SentenceView, tokens: list) -> bool:
    """'It' is unclear when it opens a paragraph (its noun is in another paragraph) and is
    not an expletive ("It is clear that ...", "It seems to ...")."""
    paragraph = ctx.draft.paragraphs[view.sentence.paragraph_index]
    if paragraph.sentence_ids[0] != view.sentence.sentence_id:
        return False
    following = tokens[1].lower_
    if following in lexicon.EXPLETIVE_IT_NEXT or following in lexicon.NEGATABLE:
        return False
    if following in ("would", "should", "must", "can", "will"):
        return False
    head = tokens[0].head
    extraposed = any(c.dep_ in ("ccomp", "xcomp", "csubj") and c.i > head.i for c in head.children)
    return tokens[0].dep_ != "expl" and not extraposed


def _reference_advice(word: str) -> str:
    if word == "It":
        return "Name the subject: replace 'It' with the noun it stands for."
    return f"Add the noun it refers to: '{word} finding …', '{word} shortage …'."


def empty_sentences(ctx: Context) -> Iterator[Hit]:
    minimum = ctx.settings.empty_sentence_min_content_words
    for view in ctx.views:
        words = [w.group().lower().replace("’", "'") for w in view.words()]
        if len(words) < 4 or view.sentence.citations or view.sentence.evidence_needed:
            continue
        content = [w for w in words if _concrete(w)]
        if len(content) < minimum:
            yield hit_at(
                ctx,
                view,
                0,
                len(view.masked.rstrip()),
                rule=EMPTY_SENTENCE,
                excerpt=excerpt(view.sentence.plain_text),
                message="no concrete noun phrase: the sentence names nothing specific",
                suggestion="Name who, what, where or how much, or cut the sentence.",
            )


def _concrete(word: str) -> bool:
    stem = word.removesuffix("'s")
    if stem in lexicon.STOPWORDS or stem in lexicon.VAGUE or len(stem) < 3:
        return False
    return not stem.endswith("ly")
