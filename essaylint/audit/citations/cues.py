"""Contradiction cues between a citing sentence and a source sentence: negation, direction of
change, risk vs protection, quantifiers and antonyms. Each cue is 0 or 1. Pure Python.

The scoped cues look only near the words the two texts share, so that "did not increase
mortality" against "increased mortality" counts, and a negation elsewhere in the sentence
does not. The word lists come from the research prototype of the citation judge (bench/
data/README.md); the judge's weights for each cue are fitted on labelled data.
"""

from __future__ import annotations

import re

from essaylint.audit.citations.features import content_stems, stem, words


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


NEGATIONS = _words(
    "no not never none neither nor cannot without unrelated unaffected unchanged lack lacks "
    "lacking absence absent fail fails failed failure ineffective insignificant nonsignificant"
)
NEGATION_PHRASES = (
    "not associated",
    "no association",
    "no significant",
    "not significant",
    "no evidence",
    "no effect",
    "no difference",
    "no relationship",
    "no correlation",
    "no change",
    "did not",
    "does not",
    "do not",
    "was not",
    "were not",
    "is not",
    "are not",
    "has not",
    "have not",
    "had not",
    "could not",
    "cannot",
    "can not",
    "n't",
    "not related",
    "not linked",
    "unrelated to",
    "independent of",
    "regardless of",
    "similar between",
    "comparable between",
    "did not differ",
)
# Negation tokens that scope over the words after them ("did not increase", "no effect on").
SCOPING_NEGATIONS = _words(
    "no not never none neither nor cannot without lack lacks lacking absence absent fail fails "
    "failed failure unable n't"
)
# Words that deny an effect on their own ("mortality was unchanged").
NULL_RESULT = _words(
    "unrelated unaffected unchanged ineffective insignificant nonsignificant independent "
    "similar comparable"
)
UP = _words(
    """increase increases increased increasing higher high more greater raise raises raised
    elevated elevate elevation improve improves improved improvement enhance enhances enhanced
    promote promotes promoted induce induces induced activate activates activated upregulate
    upregulates upregulated upregulation rise rises risen rising gain gains accelerate
    accelerates accelerated boost boosts boosted stimulate stimulates stimulated exacerbate
    exacerbates exacerbated worsen worsens worsened larger longer faster stronger above exceed
    exceeds exceeded maximum most many"""
)
DOWN = _words(
    """decrease decreases decreased decreasing lower low less fewer reduce reduces reduced
    reducing reduction decline declines declined inhibit inhibits inhibited inhibition
    suppress suppresses suppressed suppression impair impairs impaired downregulate
    downregulates downregulated downregulation attenuate attenuates attenuated diminish
    diminishes diminished prevent prevents prevented slow slows slowed loss drop drops dropped
    fall falls fell block blocks blocked abolish abolishes abolished smaller shorter slower
    weaker below minimum least lowest fewest rare rarely"""
)
DIRECTION_STEMS = frozenset(stem(w) for w in UP | DOWN)
HARM = _words(
    """risk risks harmful harm harms detrimental adverse deleterious worse worsens toxic danger
    dangerous hazard unsafe damage damages damaging pathogenic susceptibility vulnerable
    vulnerability mortality death deaths fatal"""
)
BENEFIT = _words(
    """protective protect protects protected protection beneficial benefit benefits safe safer
    safety effective efficacy efficacious helpful advantage favorable favourable resistant
    resistance immune immunity survival cure cures cured"""
)
QUANTIFIERS = (
    ("only", _words("only solely exclusively")),
    ("all", _words("all every always each entire entirely universally invariably")),
    ("none", _words("no none never nobody nothing")),
    (
        "some",
        _words(
            "some several many most few occasionally sometimes often partially partly subset "
            "majority minority"
        ),
    ),
)
CLASHING_QUANTIFIERS = (
    {"all", "some"},
    {"all", "none"},
    {"some", "none"},
    {"only", "some"},
    {"only", "all"},
)
ANTONYMS = (
    ("positive", "negative"),
    ("positively", "negatively"),
    ("present", "absent"),
    ("presence", "absence"),
    ("benign", "malignant"),
    ("before", "after"),
    ("early", "late"),
    ("earlier", "later"),
    ("male", "female"),
    ("men", "women"),
    ("children", "adults"),
    ("acute", "chronic"),
    ("agonist", "antagonist"),
    ("activation", "inhibition"),
    ("gain", "loss"),
    ("sufficient", "insufficient"),
    ("necessary", "unnecessary"),
    ("required", "dispensable"),
    ("likely", "unlikely"),
    ("common", "rare"),
    ("true", "false"),
    ("accurate", "inaccurate"),
    ("effective", "ineffective"),
    ("safe", "unsafe"),
    ("significant", "insignificant"),
    ("possible", "impossible"),
    ("able", "unable"),
    ("increase", "decrease"),
    ("high", "low"),
    ("higher", "lower"),
    ("more", "less"),
    ("cause", "prevent"),
    ("causes", "prevents"),
    ("support", "oppose"),
    ("supports", "opposes"),
    ("warming", "cooling"),
    ("rising", "falling"),
    ("larger", "smaller"),
    ("faster", "slower"),
    ("longer", "shorter"),
    ("strong", "weak"),
    ("stronger", "weaker"),
    ("better", "worse"),
    ("benefit", "harm"),
    ("protective", "harmful"),
    ("won", "lost"),
    ("alive", "dead"),
)
ANTONYM_OF: dict[str, frozenset[str]] = {}
for _a, _b in ANTONYMS:
    ANTONYM_OF[_a] = ANTONYM_OF.get(_a, frozenset()) | {_b}
    ANTONYM_OF[_b] = ANTONYM_OF.get(_b, frozenset()) | {_a}

NEGATION_SPAN = 6  # a negation scopes over this many tokens after it
DIRECTION_SPAN = 5  # a direction word is about a shared word this many tokens either side
FLIP_SPAN = 3  # a negation this close before a direction word flips it
_TOKEN = re.compile(r"n't|[a-z][a-z0-9\-]*|\d+(?:\.\d+)?")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower().replace("n't", " n't"))


def negated(text: str) -> bool:
    """Any negation at all ('no', 'did not', 'unrelated to', …)."""
    padded = f" {text.lower()} "
    return any(p in padded for p in NEGATION_PHRASES) or any(w in NEGATIONS for w in words(text))


def scoped_negated(text: str, shared: set[str]) -> bool:
    """A negation followed closely by a shared word or a direction word, or a word that
    denies an effect by itself ('unchanged', 'comparable')."""
    toks = tokens(text)
    for i, token in enumerate(toks):
        if token in NULL_RESULT:
            return True
        if token in SCOPING_NEGATIONS or token in NEGATIONS:
            after = toks[i + 1 : i + 1 + NEGATION_SPAN]
            if any(stem(u) in shared or u in UP or u in DOWN for u in after):
                return True
    return False


def scoped_direction(text: str, shared: set[str], down: frozenset[str] = DOWN) -> int:
    """+1 when the text says a shared thing goes up, -1 down, 0 neither or both; a negation
    just before a direction word flips it ('did not reduce')."""
    toks = tokens(text)
    total = 0
    for i, token in enumerate(toks):
        sign = 1 if token in UP else -1 if token in down else 0
        if not sign:
            continue
        near = toks[max(0, i - DIRECTION_SPAN) : i + DIRECTION_SPAN + 1]
        if any(stem(u) in shared for u in near if u != token):
            if any(b in SCOPING_NEGATIONS for b in toks[max(0, i - FLIP_SPAN) : i]):
                sign = -sign
            total += sign
    return (total > 0) - (total < 0)


def shared_stems(sentence: str, source: str) -> set[str]:
    return content_stems(sentence) & content_stems(source)


def scoped_negation_mismatch(sentence: str, source: str) -> float:
    """Exactly one of the two denies what they both talk about."""
    shared = shared_stems(sentence, source)
    if not shared:
        return 0.0
    return float(scoped_negated(sentence, shared) != scoped_negated(source, shared))


def scoped_direction_mismatch(sentence: str, source: str, down: frozenset[str] = DOWN) -> float:
    """One says a shared thing goes up, the other that it goes down (``down``: the words that
    say down, DOWN unless a caller adds to them)."""
    shared = shared_stems(sentence, source) - DIRECTION_STEMS
    if not shared:
        return 0.0
    return float(
        scoped_direction(sentence, shared, down) * scoped_direction(source, shared, down) < 0
    )


def negation_mismatch(sentence: str, source: str) -> float:
    return float(negated(sentence) != negated(source))


def _side(text: str, plus: frozenset[str], minus: frozenset[str]) -> int:
    found = set(words(text))
    side = int(bool(found & plus)) - int(bool(found & minus))
    return -side if negated(text) else side


def valence_mismatch(sentence: str, source: str) -> float:
    """One speaks of benefit or protection, the other of harm or risk (negation flips)."""
    return float(_side(sentence, BENEFIT, HARM) * _side(source, BENEFIT, HARM) < 0)


def quantifier(text: str) -> str:
    found = set(words(text))
    return next((name for name, group in QUANTIFIERS if found & group), "")


def quantifier_mismatch(sentence: str, source: str) -> float:
    """'all' against 'some', 'only' against 'all', 'none' against 'some', …"""
    pair = {quantifier(sentence), quantifier(source)}
    return float(pair in CLASHING_QUANTIFIERS)


def antonym_mismatch(sentence: str, source: str) -> float:
    """A word of the sentence whose antonym the source uses instead."""
    mine, theirs = set(words(sentence)), set(words(source))
    return float(any(ANTONYM_OF.get(w, frozenset()) & (theirs - mine) for w in mine - theirs))
