"""Claim detection: which sentences make causal, comparative, quantitative, generalising,
recommending or superlative claims, and how strongly (hedges lower the strength).

The work is done by spaCy ``Matcher`` patterns over lower-case words (they also run on the
``spacy.blank("en")`` fallback) plus, when the tagger and parser are present, tag-based
``Matcher`` patterns and ``DependencyMatcher`` patterns that confirm a causal verb has a
subject and an object and tell "the most effective" (superlative) from "most hospitals"
(generalising). Each match becomes a :class:`Cue`; :func:`strength` combines them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from essaylint.audit.claims import lexicon as lx
from essaylint.audit.claims.query import key_phrases
from essaylint.text.nlp import is_parsed, load_nlp

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Token

Pattern = list[dict[str, Any]]


@dataclass(frozen=True)
class Cue:
    """One piece of evidence that a sentence is a claim: ``label`` is ``type.kind``."""

    label: str
    text: str
    weight: float
    token: int

    @property
    def claim_type(self) -> str:
        return self.label.split(".")[0]


@dataclass(frozen=True)
class ClaimAnalysis:
    """The detector's reading of one sentence."""

    text: str
    cues: tuple[Cue, ...] = ()
    hedges: tuple[str, ...] = ()
    boosters: tuple[str, ...] = ()
    strength: float = 0.0
    key_phrases: tuple[str, ...] = ()
    not_a_claim: str = ""  # "question", "heading", "self-reference" or ""
    # The cite-worthiness model's hedge-lowered score and the threshold of the variant that
    # gave it (citeworthiness.py); None when the sentence was not scored.
    citeworthiness: float | None = None
    cite_threshold: float = 1.0
    own_work: str = ""  # why the sentence describes the writer's own work, or ""

    @property
    def claim_types(self) -> list[str]:
        """Detected types, strongest cue first."""
        best: dict[str, float] = {}
        for cue in self.cues:
            best[cue.claim_type] = max(best.get(cue.claim_type, 0.0), cue.weight)
        return sorted(best, key=lambda kind: (-best[kind], lx.CLAIM_TYPES.index(kind)))

    @property
    def is_strong(self) -> bool:
        """The claim cues reach the flag threshold (hedges lower them)."""
        return not self.not_a_claim and self.strength >= lx.FLAG_THRESHOLD

    @property
    def needs_source(self) -> bool:
        """Published authors would cite a sentence like this (the learned score)."""
        return (
            not self.not_a_claim
            and self.citeworthiness is not None
            and self.citeworthiness >= self.cite_threshold
        )

    @property
    def strong_wording(self) -> bool:
        """A sweeping claim about the world: strong cues other than a bare number, not a
        description of the writer's own work, and not already cite-worthy."""
        if self.needs_source or self.own_work or self.not_a_claim:
            return False
        cues = [c for c in self.cues if c.label not in lx.BARE_NUMBER_CUES]
        return strength(cues, self.hedges, self.boosters) >= lx.FLAG_THRESHOLD


# -- sentences that are not claims ---------------------------------------------------------

_META = re.compile(
    r"^\W*(?:(?:in\s+)?(?:this|the\s+present|my|our)\s+(?:essay|paper|assignment|report|"
    r"section|chapter|dissertation|argument)|the\s+essay|(?:i|we)\s+(?:will|argue|shall|"
    r"first|then|now|conclude)|here\s+i\b)",
    re.IGNORECASE,
)
_META_ANYWHERE = re.compile(
    r"\b(?:this|the\s+present)\s+essay\b|\b(?:discussed|reviewed|considered|presented|"
    r"examined|covered)\s+here\b",
    re.IGNORECASE,
)
_META_CONTINUED = re.compile(
    r"^\W*it\s+(?:argues|asks|examines|explores|considers|discusses|first|then|finally|"
    r"concludes|will|begins|turns)\b",
    re.IGNORECASE,
)


def not_a_claim(text: str, after_meta: bool = False) -> str:
    """Why ``text`` is not a claim ("question", "heading", "self-reference"), or ""."""
    stripped = text.strip()
    if stripped.startswith("#"):
        return "heading"
    if stripped.rstrip("*_\"'”’)").endswith("?"):
        return "question"
    if _META.search(stripped) or _META_ANYWHERE.search(stripped):
        return "self-reference"
    if after_meta and _META_CONTINUED.search(stripped):
        return "self-reference"
    return ""


# -- patterns ------------------------------------------------------------------------------


def _words(*words: str) -> Pattern:
    return [{"LOWER": word} for word in words]


def _any(words: Sequence[str]) -> dict[str, Any]:
    return {"LOWER": {"IN": list(words)}}


_GAP = {"OP": "{0,6}", "IS_PUNCT": False, "LOWER": {"NOT_IN": ["than"]}}


def _lexical_patterns() -> dict[str, list[Pattern]]:
    """Patterns over lower-case words and lexical attributes: they run without a model."""
    particle = [[_any(verbs), {"LOWER": part}] for part, verbs in lx.CAUSAL_PARTICLE_VERBS.items()]
    return {
        "causal.verb": [[_any(lx.CAUSAL_VERB_FORMS)], *particle],
        "causal.phrase": [_words(*phrase) for phrase in lx.CAUSAL_PHRASES],
        "causal.noun": [[_any(lx.CAUSAL_NOUNS), _any(["of", "on"])], _words("root", "cause")],
        "causal.because": [[{"LOWER": "because"}, {"LOWER": {"NOT_IN": ["of"]}}]],
        "comparative.than": [[_any(lx.COMPARATIVE_WORDS), _GAP, {"LOWER": "than"}]],
        "comparative.phrase": [_words(*phrase) for phrase in lx.COMPARATIVE_PHRASES],
        "comparative.bare": [[_any(lx.COMPARATIVE_WORDS)]],
        "quantitative.percent": [
            [{"LIKE_NUM": True}, _any(["%", "percent"])],
            [{"LIKE_NUM": True}, {"LOWER": "per"}, {"LOWER": "cent"}],
            [{"TEXT": {"REGEX": r"^\d+(?:\.\d+)?%$"}}],
        ],
        "quantitative.stat": [_words(*phrase) for phrase in lx.STAT_PHRASES],
        "quantitative.significant": [[_any(["significant", "significantly"])]],
        "quantitative.number": [[{"LIKE_NUM": True}]],
        "quantitative.multiple": [[_any(lx.MULTIPLE_WORDS)]],
        "generalising.absolute": [
            [_any(lx.ABSOLUTE_WORDS)],
            *(_words(*phrase) for phrase in lx.ABSOLUTE_PHRASES),
        ],
        "generalising.widely": [[_any(["widely", "universally"])]],
        "most": [[{"LOWER": "most"}]],
        "recommending.modal": [[_any(lx.RECOMMEND_MODALS)]],
        "recommending.need": [[_any(["need", "needs"]), {"LOWER": "to"}]],
        "recommending.verb": [[_any(lx.RECOMMEND_VERBS)]],
        "recommending.essential": [
            [_any(["is", "are", "was", "be"]), _any(lx.ESSENTIAL_WORDS), _any(["that", "to"])]
        ],
        "superlative.single_most": [_words("single", "most")],
        "superlative.est": [
            [_any(lx.SUPERLATIVE_WORDS)],
            [{"LOWER": "the"}, {"LOWER": "least"}],
        ],
        "superlative.only": [[{"LOWER": "the"}, {"LOWER": "only"}, {"LOWER": {"NOT_IN": ["one"]}}]],
        "superlative.leading": [[{"LOWER": "the"}, {"LOWER": "leading"}]],
        "superlative.ever": [[{"LOWER": "ever"}], [{"LOWER": "unprecedented"}]],
        "superlative.first": [[{"LOWER": "the"}, {"LOWER": "first"}]],
        "hedge": [[_any(lx.HEDGE_WORDS)], *(_words(*phrase) for phrase in lx.HEDGE_PHRASES)],
        "booster": [[_any(lx.BOOSTER_WORDS)], _words("without", "doubt")],
    }


def _tagged_patterns() -> dict[str, list[Pattern]]:
    """Extra patterns that need the tagger (skipped on the blank fallback)."""
    comparative = {"TAG": {"IN": ["JJR", "RBR"]}, "LOWER": {"NOT_IN": sorted(lx.NOT_COMPARATIVE)}}
    return {
        "comparative.than": [[comparative, _GAP, {"LOWER": "than"}]],
        "comparative.bare": [[comparative]],
        "causal.verb": [[{"LOWER": {"IN": lx.CAUSAL_TAGGED_ONLY}, "POS": "VERB"}]],
        "superlative.est": [
            [{"TAG": {"IN": ["JJS", "RBS"]}, "LOWER": {"NOT_IN": ["most", "least"]}}]
        ],
    }


def _untagged_patterns() -> dict[str, list[Pattern]]:
    """Suffix rules standing in for the tagger on the blank fallback."""
    er_word = {"LOWER": {"REGEX": r"^[a-z]{3,}er$", "NOT_IN": sorted(lx.NOT_COMPARATIVE)}}
    est_word = {"LOWER": {"REGEX": r"^[a-z]{3,}est$", "NOT_IN": sorted(lx.NOT_SUPERLATIVE_EST)}}
    return {
        "comparative.than": [[er_word, _GAP, {"LOWER": "than"}]],
        "superlative.est": [[{"LOWER": "the"}, est_word]],
    }


def _dependency_patterns() -> dict[str, list[Pattern]]:
    """A causal verb with both a subject and an object or complement."""
    verb = {
        "RIGHT_ID": "verb",
        "RIGHT_ATTRS": {"LEMMA": {"IN": lx.CAUSAL_LEMMAS}, "POS": "VERB"},
    }
    subject = {
        "LEFT_ID": "verb",
        "REL_OP": ">",
        "RIGHT_ID": "subject",
        "RIGHT_ATTRS": {"DEP": {"IN": ["nsubj", "nsubjpass", "csubj"]}},
    }
    obj = {
        "LEFT_ID": "verb",
        "REL_OP": ">",
        "RIGHT_ID": "object",
        "RIGHT_ATTRS": {"DEP": {"IN": ["dobj", "prep", "attr", "ccomp", "agent", "dative"]}},
    }
    return {"causal.svo": [[verb, subject, obj]]}


# -- the detector --------------------------------------------------------------------------


class Detector:
    """A spaCy pipeline with the claim patterns compiled for it."""

    def __init__(self, nlp: Language) -> None:
        from spacy.matcher import DependencyMatcher, Matcher

        self.nlp = nlp
        self.parsed = is_parsed(nlp)
        self.matcher = Matcher(nlp.vocab)
        self.dep_matcher = DependencyMatcher(nlp.vocab)
        extra = _tagged_patterns() if self.parsed else _untagged_patterns()
        for table in (_lexical_patterns(), extra):
            for label, patterns in table.items():
                self.matcher.add(label, patterns)
        if self.parsed:
            for label, patterns in _dependency_patterns().items():
                self.dep_matcher.add(label, patterns)

    def analyse(self, texts: Sequence[str]) -> list[ClaimAnalysis]:
        """Analyse sentences in reading order (self-reference runs on: "This essay... It...")."""
        results: list[ClaimAnalysis] = []
        after_meta = False
        for text, doc in zip(texts, self.nlp.pipe(texts), strict=True):
            reason = not_a_claim(text, after_meta)
            after_meta = reason == "self-reference"
            results.append(self._analyse_doc(text, doc, reason))
        return results

    def _analyse_doc(self, text: str, doc: Doc, reason: str) -> ClaimAnalysis:
        cues, hedges, boosters = self._cues(doc)
        return ClaimAnalysis(
            text=text,
            cues=tuple(cues),
            hedges=tuple(hedges),
            boosters=tuple(boosters),
            strength=0.0 if reason else strength(cues, hedges, boosters),
            key_phrases=tuple(key_phrases(doc, self.parsed)),
            not_a_claim=reason,
        )

    def _cues(self, doc: Doc) -> tuple[list[Cue], list[str], list[str]]:
        cues: list[Cue] = []
        hedges: list[str] = []
        boosters: list[str] = []
        strings = self.nlp.vocab.strings
        for match_id, start, end in self.matcher(doc):
            label = strings[match_id]
            span = doc[start:end]
            if label == "hedge":
                if _is_hedge(doc, start):
                    hedges.append(span.text.lower())
            elif label == "booster":
                boosters.append(span.text.lower())
            else:
                cue = _refine(label, doc, start, end, self.parsed)
                if cue is not None:
                    cues.append(cue)
        for match_id, tokens in self.dep_matcher(doc) if self.parsed else ():
            verb = doc[tokens[0]]
            cues.append(Cue(strings[match_id], verb.text, lx.WEIGHTS["causal.svo"], verb.i))
        return _dedupe(cues), sorted(set(hedges)), sorted(set(boosters))


def strength(cues: Sequence[Cue], hedges: Sequence[str], boosters: Sequence[str]) -> float:
    """Strongest cue, plus a bonus for each further strong claim type and for boosters,
    times :data:`lexicon.HEDGE_FACTOR` per hedge (at most two); in [0, 1]."""
    if not cues:
        return 0.0
    best: dict[str, float] = {}
    for cue in cues:
        best[cue.claim_type] = max(best.get(cue.claim_type, 0.0), cue.weight)
    ranked = sorted(best.values(), reverse=True)
    value = ranked[0] + lx.EXTRA_TYPE_BONUS * sum(1 for w in ranked[1:] if w >= 0.5)
    if boosters:
        value += lx.BOOSTER_BONUS
    value = min(value, 1.0) * lx.HEDGE_FACTOR ** min(len(hedges), 2)
    return round(value, 2)


def _dedupe(cues: list[Cue]) -> list[Cue]:
    """One cue per (type, token): the heaviest."""
    best: dict[tuple[str, int], Cue] = {}
    for cue in cues:
        key = (cue.claim_type, cue.token)
        if key not in best or cue.weight > best[key].weight:
            best[key] = cue
    return sorted(best.values(), key=lambda cue: (cue.token, cue.label))


# -- refining raw matches ------------------------------------------------------------------


def _refine(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    refine = _REFINERS.get(label.split(".")[0] if label != "most" else "most")
    if refine is None:
        return _cue(label, doc, start, end)
    return refine(label, doc, start, end, parsed)


def _cue(label: str, doc: Doc, start: int, end: int, weight: float | None = None) -> Cue:
    value = lx.WEIGHTS[label] if weight is None else weight
    return Cue(label, doc[start:end].text, value, start)


def _prev(doc: Doc, i: int) -> str:
    return doc[i - 1].lower_ if i > 0 else ""


def _next(doc: Doc, i: int) -> str:
    return doc[i + 1].lower_ if i + 1 < len(doc) else ""


def _refine_causal(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    token = doc[start]
    if label == "causal.verb" and not _is_finite_causal_verb(doc, start, parsed):
        return None
    if label == "causal.noun" and token.lower_ in ("effect", "effects", "impact"):
        return _cue(label, doc, start, end, 0.5)
    return _cue(label, doc, start, end)


_FINITE_AUX = {"is", "are", "was", "were", "be", "been", "has", "have", "had"}


def _is_finite_causal_verb(doc: Doc, i: int, parsed: bool) -> bool:
    """A verb that asserts the effect: not a noun ("an increase"), an adjective, an
    infinitive of purpose ("wants to improve") or a bare gerund ("Improving care is hard")."""
    token = doc[i]
    if parsed:
        if token.pos_ not in ("VERB", "AUX") or token.dep_ == "amod":
            return False
        if token.tag_ == "VB" and any(c.dep_ == "aux" and c.lower_ == "to" for c in token.children):
            return False
        return not (token.tag_ == "VBG" and not any(c.dep_ == "aux" for c in token.children))
    before = _prev(doc, i)
    if before in ("a", "an", "the", "to"):
        return False
    return not (token.lower_.endswith("ing") and before not in _FINITE_AUX)


def _refine_comparative(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    word = doc[start].lower_
    if word in lx.NOT_COMPARATIVE or (word == "more" and _next(doc, start) == "likely"):
        return None
    if label == "comparative.bare" and word in ("more", "less") and _next(doc, start) == "than":
        return None  # counted as comparative.than
    return _cue(label, doc, start, end)


def _refine_quantitative(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    if label != "quantitative.number":
        return _cue(label, doc, start, end)
    token = doc[start]
    word = token.lower_
    if (
        word in lx.ORDINAL_WORDS
        or word in lx.NOT_A_QUANTITY
        or re.search(r"\d(st|nd|rd|th)$", word)
    ):
        return None
    if _prev(doc, start) in lx.LOCATOR_WORDS or _is_year(doc, start):
        return None
    if any(ch.isdigit() for ch in word):
        return _cue("quantitative.digits", doc, start, end)
    return _cue("quantitative.words", doc, start, end)


def _is_year(doc: Doc, i: int) -> bool:
    """A 4-digit year is a date unless a counted noun follows ("2000 patients")."""
    text = doc[i].text
    if not (len(text) == 4 and text.isdigit() and 1500 <= int(text) <= 2100):
        return False
    following = doc[i + 1] if i + 1 < len(doc) else None
    return not (following is not None and following.is_alpha and not following.is_stop)


def _refine_generalising(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    word = doc[start].lower_
    if word == "all" and (
        _prev(doc, start) in lx.NOT_ABSOLUTE_BEFORE_ALL or _next(doc, start) in ("too",)
    ):
        return None
    if label == "generalising.absolute" and _prev(doc, start) in lx.APPROXIMATORS:
        return _cue(label, doc, start, end, lx.WEIGHTS[label] * lx.APPROXIMATOR_FACTOR)
    return _cue(label, doc, start, end)


def _refine_recommending(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    word = doc[start].lower_
    if word == "must" and _next(doc, start) == "have":
        return None  # epistemic: "must have been"
    if word == "should" and start == 0:
        return None  # conditional inversion: "Should the policy fail, ..."
    if label == "recommending.verb" and parsed and doc[start].dep_ == "amod":
        return None  # "the recommended dose"
    return _cue(label, doc, start, end)


def _refine_superlative(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    last = doc[end - 1].lower_
    if _prev(doc, start) == "at":
        return None  # "at best", "at worst"
    if last == "best" and _next(doc, end - 1) in ("practice", "practices"):
        return None
    if label == "superlative.ever" and _next(doc, start) == "since":
        return None
    return _cue(label, doc, start, end)


def _refine_most(label: str, doc: Doc, start: int, end: int, parsed: bool) -> Cue | None:
    """Tell the uses of *most* apart.

    "at most" is a bound, "for the most part" a hedge, "the most effective" a superlative,
    "most hospitals" and "most of the time" are generalisations.
    """
    before = _prev(doc, start)
    after = _next(doc, start)
    if before == "at" or after == "part" or before == "single":
        return None  # "single most" has its own pattern
    if after == "of":
        return _cue("generalising.most", doc, start, end)
    if _most_modifies_adjective(doc, start, parsed):
        kind = "superlative.the_most" if before == "the" else "superlative.most"
        return _cue(kind, doc, start, end)
    return _cue("generalising.most", doc, start, end)


_ADJECTIVE_SUFFIXES = ("ive", "ful", "ous", "able", "ible", "al", "ic", "ant", "ent", "ly", "y")


def _most_modifies_adjective(doc: Doc, i: int, parsed: bool) -> bool:
    if parsed:
        token: Token = doc[i]
        return token.dep_ == "advmod" and token.head.pos_ in ("ADJ", "ADV")
    if _prev(doc, i) == "the":
        return True
    return _next(doc, i).endswith(_ADJECTIVE_SUFFIXES)


Refiner = Callable[[str, "Doc", int, int, bool], "Cue | None"]
_REFINERS: dict[str, Refiner] = {
    "causal": _refine_causal,
    "comparative": _refine_comparative,
    "quantitative": _refine_quantitative,
    "generalising": _refine_generalising,
    "recommending": _refine_recommending,
    "superlative": _refine_superlative,
    "most": _refine_most,
}


def _is_hedge(doc: Doc, i: int) -> bool:
    token = doc[i]
    if token.text == "May" and i > 0:
        return False  # the month
    return not (token.lower_ == "possible" and _prev(doc, i) not in ("is", "was", "be", "it's"))


# -- entry points --------------------------------------------------------------------------


@lru_cache(maxsize=4)
def get_detector(names: tuple[str, ...] | None = None) -> Detector:
    """The detector for the first installed model of ``names`` (cached per process)."""
    return Detector(load_nlp(names))


def analyse_sentences(
    texts: Sequence[str], detector: Detector | None = None
) -> list[ClaimAnalysis]:
    """Analyse sentences in reading order; spaCy is loaded only when ``texts`` is not empty."""
    if not texts:
        return []
    return (detector or get_detector()).analyse(list(texts))
