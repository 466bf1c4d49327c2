"""Does a source sentence contradict a claim, limit it, or neither?

A sentence is judged only when it is about the claim: close in meaning (cosine of the
embeddings, RELATED_COSINE). Two readers then decide ``contradicts``:
- the contradiction reader (text/judge.py, a cross-encoder trained for it) reads claim and
  sentence together and calls it on any such sentence whose P(contradicts) reaches
  READER_THRESHOLD: it catches reversals that no cue word marks;
- the support judge's contradiction cues (it denies what the claim asserts, or reverses its
  direction; benefit against harm and a different number add to these) on a sentence that
  also shares two content words with the claim, beyond direction words, but only on the
  sentence of its page that states the finding the claim asks about: the one the evidence
  pack would quote (``finding_sentence``). On any other sentence the cues mostly fire on a
  neighbouring finding, a background line or a method ('INTERVENTIONS: ... vs ...').
The limitation cues decide ``limits`` on a sentence that shares the claim's words and states
a finding (it restricts the finding to a population, setting, design, sample size or time; a
claim's 'all' narrowed to 'some' is not one: read on Check-COVID, 1 of 9 was right); the
search then keeps such a verdict only where the learned filter of limits_filter.py expects a
reader to call it right, with its probability as the confidence. The
cue thresholds were set before any measurement; the finding sentence rule was chosen on
SciFact train and the half of Check-COVID's train claims the evidence judge never saw, the
reader's model and threshold on the half of them it never saw (bench/counter_reader.py);
bench/counterevidence.py reports the held-out sets apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from essaylint.audit.citations import cues
from essaylint.audit.citations.features import numbers, words
from essaylint.audit.claims.features import hedge_count
from essaylint.audit.counterevidence.cues import DIRECTION_DOWN, stated_limit_kinds
from essaylint.retrieve.finding import probabilities

Relation = Literal["contradicts", "limits"]
# Negation words that name a condition more often than they deny one ('heart failure', 'in
# the absence of'): set aside before the negation cue is read.
NOT_DENIALS = frozenset({"failure", "failures", "absence", "absent"})
# What 'finds no effect' reads like; other negations ('failed to maintain') deny too little.
NULL_PHRASES = (
    "no significant",
    "not significant",
    "not significantly",
    "not associated",
    "no association",
    "no effect",
    "no difference",
    "did not differ",
    "no relationship",
    "no correlation",
    "no change",
    "no evidence",
    "not related",
    "not linked",
    "unrelated to",
    "independent of",
    "no benefit",
    "no impact",
    "no increase",
    "no reduction",
    "no improvement",
    "not required",
    "not necessary",
)
# Words that deny an effect on their own; 'similar', 'comparable' and 'independent' are left
# out: in abstracts they more often compare or qualify than deny.
NULL_WORDS = frozenset(
    {"unchanged", "unaffected", "ineffective", "insignificant", "nonsignificant"}
)
OPEN_OR_METHOD = re.compile(
    r"\b(?:whether|unknown|unclear|hypothesi[sz]ed?|we (?:assessed|investigated|examined|"
    r"tested|evaluated|compared|aimed|sought|studied)|aims? (?:to|of)|objective|purpose|"
    r"outcome measures|design|methods?)\b",
    re.IGNORECASE,
)
RELATED_COSINE = 0.55  # below this a sentence is about something else
# The contradiction reader's P(contradicts) from which it alone calls a related sentence
# `contradicts`: chosen on Check-COVID train claims it never saw (most caught minus false
# alarms with false alarms at most 0.05; BENCHMARKS.md, "A contradiction reader").
READER_THRESHOLD = 0.6
MIN_SHARED = 2  # content stems shared with the claim, direction words left out


@dataclass(frozen=True)
class Verdict:
    relation: Relation
    confidence: float
    cues: tuple[str, ...]


def judge(
    claim: str, sentence: str, cosine: float, finding: bool = False, against: float = 0.0
) -> Verdict | None:
    """The relation of ``sentence`` to ``claim`` (``cosine``: of their embeddings), or None;
    ``finding``: the sentence is its page's finding sentence for the claim, the only kind
    the cues may call contradicting; ``against``: the contradiction reader's P(contradicts)
    for the pair (0 where it was not read)."""
    if cosine < RELATED_COSINE:
        return None
    verdict = _cued(claim, sentence, cosine, finding)
    if against >= READER_THRESHOLD and (verdict is None or verdict.relation != "contradicts"):
        return Verdict(
            "contradicts", round(min(0.95, 0.5 * cosine + 0.5 * against), 2), ("reader",)
        )
    return verdict


def _cued(claim: str, sentence: str, cosine: float, finding: bool) -> Verdict | None:
    """The verdict of the cues alone: contradiction cues on the finding sentence, limitation
    cues on any sentence that shares the claim's topic and states a finding."""
    shared = cues.shared_stems(claim, sentence) - cues.DIRECTION_STEMS
    if len(shared) < MIN_SHARED or not states_a_finding(sentence):
        return None
    against = contradiction_cues(claim, sentence) if finding else []
    if against and hedge_count(sentence):  # 'may not reduce': neither denies nor limits
        return None  # (read as limits, 0 of 3 were: bench/data/counterevidence_limits_verdicts)
    if against:
        return Verdict("contradicts", _confidence(cosine, len(against)), tuple(against))
    limits = stated_limit_kinds(sentence, claim)
    if limits:
        return Verdict("limits", _confidence(cosine, len(limits)), tuple(limits))
    return None


def finding_sentence(
    claim: str, sentences: Sequence[str], title: str = "", read: bool = True
) -> int | None:
    """Which of a page's ``sentences`` (in reading order) states the finding ``claim`` asks
    about: the quote picker's first choice (retrieve/finding.py's model and, with ``read``,
    the evidence judge); None when there are none."""
    if not sentences:
        return None
    if len(sentences) == 1:
        return 0
    return int(probabilities(list(sentences), claim, title, judge=read).argmax())


def contradiction_cues(claim: str, sentence: str) -> list[str]:
    """The cues by which ``sentence`` says the opposite of ``claim``: a denial or a reversed
    direction about what they share, or benefit against harm; a different number only
    strengthens one of these."""
    found = []
    if _denies(claim, sentence):
        found.append("negation")
    if cues.scoped_direction_mismatch(claim, sentence, DIRECTION_DOWN):
        found.append("direction")
    if found and cues.valence_mismatch(claim, sentence):
        found.append("valence")
    if found and _numbers_differ(claim, sentence):
        found.append("number")
    return found


def _denies(claim: str, sentence: str) -> bool:
    """Exactly one of the two denies what they share, plainly: a null-result phrase ('no
    significant difference', 'not associated', 'unchanged') and no hedge ('may not' limits,
    it does not deny). Negation words both texts use as topic words, and NOT_DENIALS, are
    set aside."""
    topic = (set(words(claim)) & set(words(sentence)) & cues.NEGATIONS) | NOT_DENIALS
    mine, theirs = _without(claim, topic), _without(sentence, topic)
    if not cues.scoped_negation_mismatch(mine, theirs):
        return False
    shared = cues.shared_stems(mine, theirs)
    denying = theirs if cues.scoped_negated(theirs, shared) else mine
    return _null_result(denying) and not hedge_count(denying)


def _null_result(text: str) -> bool:
    padded = f" {' '.join(text.lower().split())} "
    return any(p in padded for p in NULL_PHRASES) or bool(set(words(text)) & NULL_WORDS)


def states_a_finding(sentence: str) -> bool:
    """Not an open question, an aim or a method ('whether', 'we tested the hypothesis'):
    such a sentence neither contradicts nor limits anything."""
    return not OPEN_OR_METHOD.search(sentence)


def _without(text: str, topic: set[str]) -> str:
    if not topic:
        return text
    return " ".join(w for w in text.split() if w.lower().strip(".,;:()") not in topic)


def _numbers_differ(claim: str, sentence: str) -> bool:
    mine, theirs = numbers(claim), numbers(sentence)
    return bool(mine and theirs and not mine & theirs)


def _confidence(cosine: float, cue_count: int) -> float:
    """A ranking score in 0-1 (closeness, more cues higher), not a calibrated probability:
    the measured precision of each relation is in the rule's docs."""
    return round(min(0.95, 0.5 * cosine + 0.15 * min(cue_count, 3)), 2)
