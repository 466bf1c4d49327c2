"""What the cite-worthiness model reads in one sentence: 47 hand-made features, word n-grams
and the hedge count. Regular expressions only (no spaCy), well under a millisecond a sentence.

The sentence is read as a draft shows it, citation markers removed (a narrative citation keeps
its author names: "Smith et al. showed ..."). The features say whether it describes the
writer's own work (first person, method verbs, "this study", figure and section references),
reports numbers and statistics, names prior work ("X et al. propose", "has been shown",
"previous studies"), and which claim cues of the claim lexicon it carries. The order of
:data:`FEATURE_NAMES` is the order of the weights in the shipped model.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable

from essaylint.audit.claims import lexicon as lx


def _alternatives(words: Iterable[str]) -> str:
    """``\\b(?:longest|...|short)\\b`` of ``words``."""
    ordered = sorted(set(words), key=len, reverse=True)
    return r"\b(?:" + "|".join(re.escape(w) for w in ordered) + r")\b"


def _rx(pattern: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    return re.compile(pattern, flags)


# -- the writer's own work -------------------------------------------------------------------
FIRST_PERSON = _rx(r"\b(?:we|our|ours|us|i|my|me)\b")
WE_START = _rx(
    r"^\W*(?:here,?\s+|in\s+this\s+\w+,?\s+|to\s+\w+[^,]{0,60},\s+|first,?\s+|next,?\s+|"
    r"then,?\s+|finally,?\s+|thus,?\s+|therefore,?\s+)?(?:we|i)\b"
)
METHOD_VERBS = (  # noqa: SIM905 - a word list reads better as text
    "use used using apply applied perform performed measure measured collect collected "
    "compute computed calculate calculated estimate estimated implement implemented train "
    "trained evaluate evaluated develop developed design designed derive derived define "
    "defined propose proposed present presented describe described analyse analysed analyze "
    "analyzed test tested compare compared fit fitted obtain obtained select selected "
    "extract extracted generate generated construct constructed simulate simulated assess "
    "assessed identify identified quantify quantified model modeled modelled run ran "
    "sample sampled recruit recruited record recorded observe observed find found show "
    "showed shown demonstrate demonstrated report reported focus focused introduce "
    "introduced consider considered chose choose adopt adopted employ employed build built "
    "conduct conducted explore explored examine examined investigate investigated"
).split()
WE_VERB = _rx(
    r"\b(?:we|i)\s+(?:\w+ly\s+|also\s+|then\s+|first\s+|further\s+|additionally\s+|"
    r"have\s+|had\s+|will\s+|can\s+|could\s+)?" + _alternatives(METHOD_VERBS)[2:-2] + r"\b"
)
SELF_REFERENCE = _rx(
    r"\b(?:this|the\s+present|our|the\s+current)\s+(?:study|paper|work|article|review|"
    r"analysis|manuscript|essay|report|approach|method|model|framework|tool|software|"
    r"package|dataset|data\s+set|survey|experiment|investigation|project|research|"
    r"section|chapter|thesis|dissertation|assignment|implementation|pipeline)\b"
)
HERE_WORD = _rx(
    r"\b(?:here|herein|in\s+this\s+(?:study|paper|work|article|review|section|essay))\b"
)
PASSIVE_METHOD = _rx(
    r"\b(?:was|were)\s+(?:then\s+|also\s+|first\s+|subsequently\s+)?(?:\w+ly\s+)?"
    r"(?:used|performed|measured|collected|calculated|computed|obtained|recorded|"
    r"analy[sz]ed|incubated|extracted|estimated|assessed|determined|conducted|"
    r"carried\s+out|applied|selected|sampled|recruited|excluded|included|"
    r"fitted|fit|tested|evaluated|trained|defined|randomi[sz]ed|stained|washed|"
    r"centrifuged|treated|grown|cultured|prepared|diluted|added|transferred|"
    r"amplified|sequenced|counted|scored|identified|generated|set|chosen|"
    r"normali[sz]ed|adjusted|compared|classified|coded|interviewed|asked|given)\b"
)
IMPERATIVE_START = _rx(r"^\W*(?:note|see|consider|let|suppose|assume|recall)\b")

# -- figures, tables, sections, equations ----------------------------------------------------
FIGURE_REFERENCE = _rx(
    r"\b(?:fig(?:ure)?s?\.?|table|tables|panel|supplementa\w*|appendix|"
    r"eq(?:uation)?s?\.?|section|sections|box)\s*\(?[A-Z]?\d+|\bS\d+\s+(?:fig|table|text|file)"
    r"|\bfig(?:ure)?s?\.?\s*\d|\((?:see\s+)?(?:fig|table|methods|supplementary)\w*"
)
FIGURE_WORD = _rx(
    r"\b(?:figure|fig\.|table|plot|panel|graph|heatmap|histogram|shown\s+in|"
    r"illustrated|depicted|displayed)\b"
)

# -- numbers and statistics ------------------------------------------------------------------
NUMBER = _rx(r"(?<![\w.])[-+−]?\d+(?:[.,]\d+)*(?![\w])")
PERCENT = _rx(r"\d\s*%|\bper\s*cent\b|\bpercent\b")
# A statistic as it is reported: a p-value, an interval, a deviation, an effect measure, ±, n =.
REPORTED_STATISTIC = _rx(
    r"\b[pP]\s*[<=>≤≥]\s*0?\.\d|\b(?:CI|SD|SE|SEM|IQR|OR|HR|RR|AUC|RMSE|R2|R²)\b|±|"
    r"\b[nrNR]\s*=\s*\d",
    0,
)
# ... or only named ("significantly", "the mean"): in published prose, mostly the authors' own.
STATISTIC = _rx(
    REPORTED_STATISTIC.pattern + r"|\bconfidence\s+interval|\bstandard\s+(?:deviation|error)|"
    r"\bmean\b|\bmedian\b|\bodds\s+ratio|\bsignifican",
    0,
)
UNIT = _rx(
    r"\d\s*(?:mg|µg|μg|ng|kg|g|ml|mL|µl|μl|l|L|mm|cm|km|m|µm|μm|nm|°C|K|h|hr|min|s|ms|"
    r"mM|µM|μM|nM|M|Hz|kHz|MHz|GB|MB|kb|bp|Mb|kDa|%|ppm|rpm|×|x)\b",
    0,
)
YEAR = _rx(r"\b(?:1[6-9]\d\d|20[0-4]\d)s?\b")
SINCE_YEAR = _rx(
    r"\b(?:since|until|by|in|from|during|between)\s+(?:the\s+)?(?:1[6-9]\d\d|20[0-4]\d)"
)

# -- prior work --------------------------------------------------------------------------------
ET_AL = _rx(r"\bet\s+al\b|\band\s+colleagues\b|\band\s+co-?workers\b")
AUTHOR_VERB = _rx(
    r"\b[A-Z][a-zà-ÿ'’-]+(?:\s+(?:and|&)\s+[A-Z][a-zà-ÿ'’-]+)?\s+"
    r"(?:et\s+al\.?\s+)?(?:showed|show|shows|found|find|finds|reported|reports|"
    r"proposed|proposes|propose|suggested|suggests|argued|argues|demonstrated|"
    r"demonstrates|described|describes|developed|introduced|observed|noted|"
    r"concluded|claimed|defined|identified|presented|used)\b",
    0,
)
POSSESSIVE_NAME = _rx(
    r"\b[A-Z][a-z]+['’]s\s+(?:work|study|model|theory|law|method|approach|"
    r"hypothesis|findings|analysis|framework)\b",
    0,
)
PRIOR_WORK = _rx(
    r"\b(?:previous(?:ly)?|prior|earlier|recent(?:ly)?|past|existing|classic(?:al)?|"
    r"seminal|landmark)\s+(?:\w+\s+){0,2}?(?:stud(?:y|ies)|work|works|research|report(?:s|ed)?|"
    r"reviews?|literature|analys[ie]s|investigations?|experiments?|findings|trials?|"
    r"efforts?|approaches|methods|models|papers|publications|surveys?|evidence|data)\b"
)
STUDIES_HAVE = _rx(
    r"\b(?:stud(?:y|ies)|reports?|authors|researchers|investigators|scholars|"
    r"experiments|analyses|trials|surveys|reviews|others|papers|evidence|"
    r"literature|work)\s+(?:\w+\s+)?(?:ha(?:ve|s)|had)\s+(?:\w+\s+)?(?:shown|"
    r"found|reported|demonstrated|suggested|identified|documented|established|"
    r"described|proposed|observed|indicated|revealed|argued|noted|highlighted|"
    r"examined|investigated|explored|focused|used|attempted)\b"
)
HAS_BEEN_SHOWN = _rx(
    r"\b(?:has|have|had)\s+(?:\w+ly\s+|also\s+|long\s+|previously\s+|"
    r"recently\s+|already\s+)?been\s+(?:\w+ly\s+)?(?:shown|reported|"
    r"described|proposed|demonstrated|suggested|found|identified|"
    r"observed|documented|established|implicated|linked|associated|"
    r"characteri[sz]ed|studied|investigated|used|applied|developed|"
    r"recogni[sz]ed|known|noted|attributed|argued|hypothesi[sz]ed|"
    r"discovered|confirmed|estimated|predicted|cited)\b"
)
KNOWN = _rx(
    r"\b(?:it\s+is\s+(?:well\s+)?(?:known|established|accepted|recogni[sz]ed|"
    r"believed|thought|estimated|reported)|is\s+(?:well\s+)?known|are\s+(?:well\s+)?known|"
    r"according\s+to|as\s+(?:previously\s+)?(?:reported|described|shown|suggested|noted|"
    r"defined|proposed)|in\s+line\s+with|consistent\s+with|in\s+agreement\s+with|"
    r"widely|commonly|well[- ]established|well[- ]known|growing\s+body|"
    r"a\s+(?:number|variety|range)\s+of\s+(?:stud|method|approach|tool)|several\s+"
    r"(?:stud|method|approach|tool|group|author)|many\s+(?:stud|method|approach|tool|"
    r"researchers|authors))"
)
WORLD_QUANTITY = _rx(
    r"\b(?:worldwide|globally|world's|annually|each\s+year|per\s+year|"
    r"million|billion|prevalence|incidence|mortality|population|"
    r"countries|people|patients|children|adults)\b"
)
TOOL_NAME = _rx(
    r"(?<!^)(?<![.!?]\s)\b(?:[A-Z]{2,}[A-Za-z0-9-]*|[A-Z][a-z]+[A-Z]\w*|[a-z]+[A-Z]\w+)\b", 0
)
CAPITALISED = _rx(r"(?<=\s)[A-Z][a-z]{2,}\b", 0)
URL = _rx(r"https?://|www\.|\.org\b|\.com\b")
SOFTWARE = _rx(
    r"\b(?:software|package|library|toolkit|R\s+package|python|version|v\d|"
    r"open[- ]source|github|implementation|database|repository)\b"
)

# -- rhetoric ------------------------------------------------------------------------------------
CONTRAST_START = _rx(
    r"^\W*(?:however|although|while|whereas|in\s+contrast|nevertheless|yet|but|"
    r"despite|on\s+the\s+other\s+hand|unlike)\b"
)
RESULT_START = _rx(
    r"^\W*(?:thus|therefore|hence|consequently|overall|together|taken\s+together|"
    r"in\s+summary|in\s+conclusion|collectively|these\s+(?:results|data|findings|"
    r"observations|analyses))\b"
)
THESE_RESULTS = _rx(
    r"\b(?:these|our|the(?:se)?\s+present)\s+(?:results|data|findings|"
    r"observations|analyses|experiments|simulations|estimates)\b"
)
DEFINITION = _rx(
    r"\b(?:is|are)\s+(?:defined\s+as|known\s+as|called|termed|referred\s+to\s+as)|"
    r"\brefers?\s+to\b|\bis\s+a\s+(?:\w+\s+){0,3}(?:that|which|of)\b"
)
QUESTION = _rx(r"\?\s*$")
EXAMPLE = _rx(r"\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as|including|i\.e\.)")
QUOTE = _rx(r"[\"“”]")
PARENTHESIS = _rx(r"\(")

# -- the claim lexicon's cues ------------------------------------------------------------------
CAUSAL = _rx(
    _alternatives(lx.CAUSAL_VERB_FORMS)
    + "|"
    + _alternatives(lx.CAUSAL_NOUNS)
    + r"|\bdue\s+to\b|\bbecause\b|\bleads?\s+to\b|\bresult(?:s|ed)?\s+in\b|\bcontribut\w+\s+to\b"
)
COMPARATIVE = _rx(
    _alternatives(lx.COMPARATIVE_WORDS) + r"|\bthan\b|\bcompared\s+(?:with|to)\b|\boutperform\w*"
)
SUPERLATIVE = _rx(
    _alternatives(lx.SUPERLATIVE_WORDS) + r"|\bmost\s+\w+|\bthe\s+(?:first|only|leading)\b"
)
GENERALISING = _rx(
    _alternatives(lx.ABSOLUTE_WORDS) + r"|\bmost\s+(?:of\s+)?\w+s\b|\bwidely\b|"
    r"\bgenerally\b|\btypically\b|\busually\b|\boften\b|\bcommon(?:ly)?\b"
)
RECOMMENDING = _rx(
    _alternatives([*lx.RECOMMEND_MODALS, *lx.RECOMMEND_VERBS, *lx.ESSENTIAL_WORDS])
    + r"|\bneeds?\s+to\b"
)
HEDGE = _rx(
    _alternatives(lx.HEDGE_WORDS)
    + "|"
    + "|".join(r"\b" + r"\s+".join(phrase) + r"\b" for phrase in lx.HEDGE_PHRASES)
)
BOOSTER = _rx(_alternatives(lx.BOOSTER_WORDS))
MODAL_CAN_WILL = _rx(r"\b(?:can|cannot|can't|will|would)\b")
PAST = _rx(r"\b\w+ed\b")
PRESENT_BE_HAVE = _rx(r"\b(?:is|are|has|have)\b")

MAX_HEDGES = 2  # hedges beyond two do not lower the score further


def _count(rx: re.Pattern[str], cap: int = 3) -> Callable[[str, int], float]:
    return lambda text, _n: float(min(len(rx.findall(text)), cap))


def _has(rx: re.Pattern[str]) -> Callable[[str, int], float]:
    return lambda text, _n: 1.0 if rx.search(text) else 0.0


def _log_count(rx: re.Pattern[str]) -> Callable[[str, int], float]:
    return lambda text, _n: math.log1p(len(rx.findall(text)))


def _number_and_comparison(text: str, _n: int) -> float:
    return 1.0 if NUMBER.search(text) and COMPARATIVE.search(text) else 0.0


def _past_share(text: str, n: int) -> float:
    return len(PAST.findall(text)) / max(n, 1)


def _log_words(_text: str, n: int) -> float:
    return math.log(max(n, 1))


FEATURES: tuple[tuple[str, Callable[[str, int], float]], ...] = (
    ("first_person", _count(FIRST_PERSON)),
    ("we_start", _has(WE_START)),
    ("we_method_verb", _has(WE_VERB)),
    ("self_reference", _has(SELF_REFERENCE)),
    ("here_word", _has(HERE_WORD)),
    ("passive_method", _has(PASSIVE_METHOD)),
    ("imperative_start", _has(IMPERATIVE_START)),
    ("figure_table_ref", _has(FIGURE_REFERENCE)),
    ("figure_words", _has(FIGURE_WORD)),
    ("numbers", _log_count(NUMBER)),
    ("percent", _has(PERCENT)),
    ("statistics", _count(STATISTIC)),
    ("units", _has(UNIT)),
    ("number_and_comparison", _number_and_comparison),
    ("year", _has(YEAR)),
    ("since_year", _has(SINCE_YEAR)),
    ("et_al", _has(ET_AL)),
    ("author_verb", _has(AUTHOR_VERB)),
    ("possessive_name", _has(POSSESSIVE_NAME)),
    ("prior_work", _has(PRIOR_WORK)),
    ("studies_have", _has(STUDIES_HAVE)),
    ("has_been_shown", _has(HAS_BEEN_SHOWN)),
    ("known_consensus", _has(KNOWN)),
    ("world_quantity_words", _count(WORLD_QUANTITY, 2)),
    ("tool_names", _log_count(TOOL_NAME)),
    ("capitalised_words", _log_count(CAPITALISED)),
    ("url", _has(URL)),
    ("software_words", _has(SOFTWARE)),
    ("contrast_start", _has(CONTRAST_START)),
    ("result_start", _has(RESULT_START)),
    ("these_results", _has(THESE_RESULTS)),
    ("definition", _has(DEFINITION)),
    ("question", _has(QUESTION)),
    ("example_list", _has(EXAMPLE)),
    ("quote", _has(QUOTE)),
    ("parenthesis", _count(PARENTHESIS)),
    ("causal_cue", _count(CAUSAL)),
    ("comparative_cue", _count(COMPARATIVE)),
    ("superlative_cue", _count(SUPERLATIVE)),
    ("generalising_cue", _count(GENERALISING)),
    ("recommending_cue", _count(RECOMMENDING)),
    ("hedge", _count(HEDGE, MAX_HEDGES)),
    ("booster", _has(BOOSTER)),
    ("modal_can_will", _has(MODAL_CAN_WILL)),
    ("past_tense_share", _past_share),
    ("present_be_have", _count(PRESENT_BE_HAVE)),
    ("log_words", _log_words),
)
FEATURE_NAMES: tuple[str, ...] = tuple(name for name, _ in FEATURES)


def features(text: str) -> list[float]:
    """The hand features of ``text`` in the order of :data:`FEATURE_NAMES`."""
    n = len(text.split())
    return [compute(text, n) for _, compute in FEATURES]


_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:\.\d+)?|[%()\[\];:]")


def ngrams(text: str) -> list[str]:
    """Distinct lower-cased unigrams, bigrams and the first token ("<s> we"); numbers are
    ``<num>``."""
    tokens = ["<num>" if t[0].isdigit() else t for t in _TOKEN.findall(text.lower())]
    grams = set(tokens)
    grams.update(f"{a} {b}" for a, b in itertools.pairwise(tokens))
    if tokens:
        grams.add(f"<s> {tokens[0]}")
    return sorted(grams)


def hedge_count(text: str) -> int:
    """Hedges of the claim lexicon in ``text``, at most :data:`MAX_HEDGES`."""
    return min(len(HEDGE.findall(text)), MAX_HEDGES)


# What marks a sentence as the writer's description of their own work, data, figures or
# sections (checked in this order; the first that matches is the reason).
# (not FIRST_PERSON: it reads "US" and "i.e." as pronouns, and "I" in "type I")
WRITER = _rx(r"\b(?:[Ww]e|[Oo]urs?|us|[Mm]y|[Mm]e)\b|(?:^|[,;:]\s*)I\b", 0)
OWN_WORK: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("first person", WRITER),
    ("this study/essay", SELF_REFERENCE),
    ("here", HERE_WORD),
    ("figure or section reference", FIGURE_REFERENCE),
    ("method in the passive", PASSIVE_METHOD),
    ("own statistics", STATISTIC),
    ("own results", THESE_RESULTS),
)


def own_work(text: str, named_statistics: bool = True) -> str:
    """Why ``text`` describes the writer's own work ("first person", ...), or ""; with
    ``named_statistics`` false, statistical words alone ("significantly", "the mean") are not
    the writer's statistics: one must be reported (REPORTED_STATISTIC). That is how an essay
    reads, where "X significantly reduces Y" is a finding taken from the literature."""
    reason = next((reason for reason, rx in OWN_WORK if rx.search(text)), "")
    if reason == "own statistics" and not named_statistics:
        return reason if REPORTED_STATISTIC.search(text) else ""
    return reason


# Headings under which a writer describes their own method, data or results.
OWN_WORK_SECTION = _rx(
    r"\b(?:methods?|methodology|materials|results?|experiments?|experimental|procedures?|"
    r"participants|data\s+collection|measurements)\b"
)


def own_work_section(section_path: str) -> str:
    """ "methods or results section" when a heading of ``section_path`` names one, else ""."""
    return "methods or results section" if OWN_WORK_SECTION.search(section_path) else ""
