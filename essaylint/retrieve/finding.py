"""Which sentences of a passage state a finding: a small conditional-logit model over cheap
per-sentence features (result cues such as p-values, percentages and change verbs against
background, aim and method cues; the section a sentence sits in; its position and length;
its overlap with the question), fitted on public evidence-sentence annotations
(essaylint/assets/README.md; bench/quote_model.py refits it, bench/quotes.py measures it).

The score of sentence i is ((x_i - mean) / std) · weights; the probabilities of a passage's
sentences are their softmax.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from essaylint.text.stopwords import QUESTION

if TYPE_CHECKING:
    import numpy as np

MODEL_FILE = "quote_model.json"
_log = logging.getLogger("essaylint.retrieve")
_TERM = re.compile(r"[^\W_]+", re.UNICODE)


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


CUES: dict[str, re.Pattern[str]] = {
    "num": _rx(r"\d"),
    "pct": _rx(r"%|\bpercent"),
    "pval": _rx(r"\bp\s*[<=>≤≥]\s*0?[.·]\d|\bp\s*-?values?\b"),
    "ci": _rx(r"\b95\s*%|\bCI\b|confidence interval"),
    "ratio": _rx(r"\b(OR|RR|HR|aOR|IRR)\b|odds ratio|hazard ratio|relative risk|risk ratio"),
    "pm": _rx(r"±|\+/-|\bSD\b|\bSEM?\b"),
    "signif": _rx(r"significan"),
    "nonsignif": _rx(
        r"\b(no|not|non)[- ]?significant|\bdid not\b|\bno (difference|association|effect|change)"
        r"|not associated|\bunchanged\b|similar between"
    ),
    "assoc": _rx(r"associat|correlat|linked to|\bpredict"),
    "change": _rx(
        r"\b(increas|decreas|reduc|improv|higher|lower|greater|less\b|more\b|fewer|elevat|enhanc"
        r"|inhibit|suppress|prevent|attenuat|impair|declin|rais|diminish|induc|promot|protect)"
    ),
    "compare": _rx(r"\b(than|compared|comparison|versus|vs\.?|relative to|whereas)\b"),
    "found": _rx(
        r"\bwe (found|show|observed|demonstrate|report|identified|detected|confirm)|\b(was|were)"
        r" (found|observed|detected)|\bresults? (show|indicate|suggest|demonstrate|reveal|confirm)"
        r"|\b(showed|shows|demonstrated|revealed|indicated|resulted in|led to|exhibited|"
        r"displayed)\b"
    ),
    "concl": _rx(
        r"\bin conclusion|\bconclu|\bthese (results|findings|data|observations)|\bour (results|"
        r"findings|data)|\btaken together|\b(thus|therefore|hence|overall)\b"
    ),
    "hedge": _rx(r"\b(may|might|could|suggest|possibl|potential|likely)\b"),
    "background": _rx(
        r"\b(is|are) (a|an|the|one of|known|thought|believed|considered|common|widely)\b|\b(has|"
        r"have) been\b|\bremains?\b|\bunclear\b|\bunknown\b|little is known|poorly understood|"
        r"\bplays? an? (important|key|central|critical)|\bhowever\b"
    ),
    "aim": _rx(
        r"\b(aim|aims|aimed|objective|purpose|goal)\b|\bwe (investigated|examined|assessed|"
        r"evaluated|tested|hypothesi[sz]ed|sought|studied|explored|describe|propose|present|"
        r"analy[sz]ed)|\bto (determine|investigate|evaluate|assess|examine|explore|test|compare|"
        r"identify|characteri[sz]e|clarify)\b|\bhere,? we\b|\bthis (study|paper|article|review|"
        r"trial|work)\b"
    ),
    "method": _rx(
        r"\b(randomi[sz]ed|enrolled|recruited|participants|patients were|cohort|we (used|"
        r"conducted|performed|measured|recruited)|(were|was) (measured|assessed|collected|"
        r"obtained|included|randomi[sz]ed|allocated|treated|given|administered|followed)|"
        r"questionnaire|data from|\busing\b|\bmethods?\b)"
    ),
    "cite": _rx(r"\[\d+(?:[-–,]\s*\d+)*\]|et al\.|\(\w+,? (?:19|20)\d\d\)"),
    "footer": _rx(
        r"https?://|\bdoi\b|©|copyright|licen[cs]e|creative commons|cite this|correspondence|"
        r"e-?mail|accepted|received"
    ),
    "labelres": _rx(
        r"^\W*(results?|findings?|conclusions?|interpretation)\b\s*[:.]|^(RESULTS?|FINDINGS|"
        r"CONCLUSIONS?|INTERPRETATION)\s"
    ),
    "labelbg": _rx(
        r"^\W*(background|introduction|objectives?|aims?|purpose|methods?|design|setting|"
        r"participants|context)\b\s*[:.]|^(BACKGROUND|INTRODUCTION|OBJECTIVES?|AIMS?|PURPOSE|"
        r"METHODS?|DESIGN|SETTING|PARTICIPANTS|CONTEXT)\s"
    ),
    "figref": _rx(r"\b(fig(ure)?s?\.?|tables?)\s*\d"),
}
_RESULT_CUES = ("pval", "signif", "change", "found", "assoc")
_INLINE_LABEL = re.compile(
    r"^(BACKGROUND|INTRODUCTION|OBJECTIVES?|AIMS?|PURPOSE|CONTEXT|METHODS?|DESIGN|SETTING|"
    r"PARTICIPANTS|PATIENTS|INTERVENTIONS?|MEASUREMENTS?|MAIN OUTCOME MEASURES?|RESULTS?|"
    r"FINDINGS|CONCLUSIONS?|INTERPRETATION|DISCUSSION|SIGNIFICANCE)\b(?:\s+AND\s+[A-Z]+)?\s*[:.]?\s"
)
_HEADING = re.compile(r"^[A-Z][A-Z .&/-]{2,}:?$|^[A-Z]+(\.[A-Z ]+)+:$")
_SECTIONS = [
    re.compile(r"result|finding|outcome", re.IGNORECASE),
    re.compile(r"conclu|discussion|interpretation|summary", re.IGNORECASE),
    re.compile(r"background|introduction|objective|aim|purpose|context|rationale", re.IGNORECASE),
    re.compile(
        r"method|design|setting|participant|patient|procedure|material|statistic|intervention|"
        r"measure",
        re.IGNORECASE,
    ),
]
_NUMBER_TOKEN = re.compile(r"[-+±(]*[\d.,%]+[)%]*")
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)?")


def terms(text: str) -> set[str]:
    """Lower-cased content words cut to 5 letters: a crude stemmer good enough to match."""
    return {w.lower()[:5] for w in _TERM.findall(text) if w.lower() not in QUESTION and len(w) > 1}


def _is_heading(sentence: str) -> bool:
    s = sentence.strip()
    short = len(s.split()) <= 8 and not re.search(r"[.!?)\]]$", s)
    return bool(_HEADING.match(s)) or short


def _bigrams(text: str) -> set[tuple[str, str]]:
    words = [w.lower()[:5] for w in _TERM.findall(text)]
    return set(itertools.pairwise(words))


class _Passage:
    """What the features of one sentence need to know about the others."""

    def __init__(self, sentences: list[str], query: str, title: str) -> None:
        self.sentences = sentences
        self.n = len(sentences)
        self.query_terms = terms(query)
        self.sets = [terms(s) for s in sentences]
        self.overlaps = [len(st & self.query_terms) for st in self.sets]
        df = {t: sum(t in st for st in self.sets) for t in self.query_terms}
        idf = {t: math.log((self.n + 1) / (1 + df[t])) + 0.1 for t in self.query_terms}
        total = sum(idf.values()) or 1.0
        self.idf = [sum(idf[t] for t in st & self.query_terms) / total for st in self.sets]
        self.idf_top = max(self.idf, default=0.0)
        words = [w.lower()[:5] for w in _TERM.findall(query)]
        self.query_bigrams = {
            (a, b) for a, b in itertools.pairwise(words) if a not in QUESTION or b not in QUESTION
        }
        self.query_numbers = set(_NUMBERS.findall(query))
        self.title_terms = terms(title)
        self.flags = [[1.0 if rx.search(s) else 0.0 for rx in CUES.values()] for s in sentences]
        self.density = [
            o / max(1, len(s.split())) ** 0.25
            for o, s in zip(self.overlaps, sentences, strict=True)
        ]
        self.density_top = max(self.density, default=0.0)

    def cue(self, j: int, name: str) -> float:
        return self.flags[j][_CUE_INDEX[name]] if 0 <= j < self.n else 0.0

    def result(self, j: int) -> float:
        return max(self.cue(j, k) for k in _RESULT_CUES) if 0 <= j < self.n else 0.0


_CUE_INDEX = {name: i for i, name in enumerate(CUES)}


def features(sentences: list[str], query: str, title: str = "") -> list[list[float]]:
    """One row per sentence, in the order of the fitted model's ``features``."""
    p = _Passage(sentences, query, title)
    rows = []
    section = ""
    n_terms = max(1, len(p.query_terms))
    for i, s in enumerate(sentences):
        words = s.split()
        nw = max(1, len(words))
        heading = _is_heading(s)
        if heading:
            section = s
        label = _INLINE_LABEL.match(s)
        if label:
            section = label.group(1)
        share = p.overlaps[i] / n_terms
        numeric = sum(bool(_NUMBER_TOKEN.fullmatch(w)) for w in words) / nw
        rows.append(
            [
                *p.flags[i],
                1.0 if heading else 0.0,
                *(1.0 if rx.search(section) else 0.0 for rx in _SECTIONS),
                i / (p.n - 1) if p.n > 1 else 0.0,
                1.0 if i == 0 else 0.0,
                1.0 if i == p.n - 1 else 0.0,
                math.log(nw),
                1.0 if nw < 8 else 0.0,
                1.0 if nw > 50 else 0.0,
                numeric,
                share,
                min(p.overlaps[i], 8) / 8.0,
                p.density[i] / p.density_top if p.density_top else 0.0,
                1.0 if p.density_top and p.density[i] == p.density_top else 0.0,
                share * p.result(i),
                p.idf[i],
                p.idf[i] / p.idf_top if p.idf_top else 0.0,
                min(len(p.query_bigrams & _bigrams(s)), 4) / 4.0,
                1.0 if p.query_numbers & set(_NUMBERS.findall(s)) else 0.0,
                len(p.sets[i] & p.title_terms) / max(1, len(p.title_terms)),
                p.result(i - 1),
                p.result(i + 1),
                p.cue(i - 1, "aim"),
                p.cue(i - 1, "method"),
            ]
        )
    return rows


@lru_cache(maxsize=1)
def load_model() -> dict[str, Any]:
    """The fitted model shipped with essaylint (package data)."""
    text = resources.files("essaylint.assets").joinpath(MODEL_FILE).read_text(encoding="utf-8")
    return json.loads(text)


JUDGED = 8  # sentences per passage the evidence judge reads: the finding model's best


def scores(sentences: list[str], query: str, title: str = "") -> np.ndarray:
    """The finding model's score of each sentence (before the softmax)."""
    import numpy as np

    model = load_model()
    x = np.array(features(sentences, query, title), dtype=np.float64)
    return ((x - np.array(model["mean"])) / np.array(model["std"])) @ np.array(model["weights"])


def judged(sentences: list[str], query: str, z: np.ndarray) -> np.ndarray | None:
    """The evidence judge's logit (essaylint/text/judge.py) for the JUDGED sentences the
    finding model ranks first; the others get the lowest of those. None when the judge
    cannot be loaded (a damaged install): the quote is then the finding model's alone."""
    import numpy as np

    from essaylint.text.judge import evidence_logits

    top = [int(i) for i in np.argsort(-z, kind="stable")[:JUDGED]]
    try:
        logits = evidence_logits(query, [sentences[i] for i in top])
    except Exception as error:  # any loader failure: onnxruntime raises its own types
        _log.warning("quotes without the evidence judge (%s: %s)", type(error).__name__, error)
        return None
    out = np.full(len(sentences), float(logits.min()))
    out[top] = logits
    return out


def probabilities(
    sentences: list[str], query: str, title: str = "", judge: bool = False
) -> np.ndarray:
    """The softmax over a passage's sentences of how much each states the finding asked for;
    with ``judge``, the evidence judge's reading of each sentence against the query is added
    with the weight fitted beside the model (bench/quote_model.py --judge)."""
    import numpy as np

    z = scores(sentences, query, title)
    read = judged(sentences, query, z) if judge and len(sentences) > 1 else None
    if read is not None:
        z = z + float(load_model()["judge_weight"]) * read
    p = np.exp(z - z.max())
    return p / p.sum()
