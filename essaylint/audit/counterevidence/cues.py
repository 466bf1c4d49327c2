"""Limitation cues and the opposite-seeking query variants of the counterevidence search.

The contradiction cues (negation, direction, quantifier, numbers) are the citation support
judge's (audit/citations/cues.py); this module adds what *limits* a claim: a source sentence
that restricts a finding to a population, a setting, a design, a sample size or a time span.
"""

from __future__ import annotations

import re

from essaylint.audit.citations.cues import ANTONYM_OF, DOWN, UP, tokens
from essaylint.audit.citations.support import suggested_query

# The citation judge's down-words and the plural they lack: without "reductions",
# "significant reductions in BMI … and IGF-1 level increased" read as a rise against "reduces
# BMI". The citation judge keeps its lists: its weights were fitted on them. More inflections
# ("lowered", "preventing", "slowing", "improving") were measured and withdrawn: on Check-COVID
# they fired on noun phrases of the claim ("effective at preventing infection"), 5 of 7 wrong.
DIRECTION_DOWN = DOWN | {"reductions"}

_LIMITATION_PATTERNS: dict[str, tuple[str, ...]] = {
    # Naming a population ('in mice', 'in vitro', 'patients with') restricts nothing by
    # itself: read against SciFact claims it was right for 11 of 39 items
    # (bench/data/counterevidence_limits_verdicts.jsonl); only 'only in' is kept.
    "population": (r"\bonly (?:in|among|for) ",),
    "setting": (
        r"\b(?:to|in) (?:other|different|all) (?:settings|populations|countries|contexts)\b",
        r"\bsingle[- ](?:centre|center|site|hospital|institution)\b",
        # Generalisability, not 'Generalized Anxiety Disorder' (read as a limit, 0 of 3).
        r"\bgenerali[sz]ab\w*",
        r"\b(?:cannot|can not|may not|might not|could not|not) be generali[sz]ed\b",
        r"\bgenerali[sz]ation\b",
        r"\btransferab\w*",
    ),
    # A design named ('observational', 'bias') is mostly the study's topic or method, not a
    # limit it states (3 of 8 right); what denies a causal reading is kept.
    "design": (
        r"\b(?:cannot|can not|could not|does not|do not) (?:establish|infer|determine|prove) "
        r"caus\w*",
        # Confounding the study could not rule out; 'after controlling for confounders' is a
        # strength (read as a limit, 0 of 8): see _ADJUSTED.
        r"\bconfound\w*",
    ),
    "sample size": (
        r"\b(?:small|limited|modest) (?:sample|number|cohort|study|studies|trials?)\b",
        r"\bpilot (?:study|studies|trial|trials|data|survey)\b",
        r"\bunder-?powered\b",
        r"\bsample size\b",
        r"\bsmall (?:size|numbers?)\b",
    ),
    "time": (
        r"\bshort[- ]term\b",
        r"\b(?:longer|long[- ]term|extended) follow[- ]up\b",
        r"\blong[- ]term (?:effects?|outcomes?|benefits?) (?:are|is|remain|were) "
        r"(?:unknown|unclear|uncertain)\b",
    ),
    "stated limit": (
        # The study's own limitations, not 'travel limitations' or 'limitations in infection
        # control' (a bare 'limitation' read as a limit: 3 of 12 right).
        r"\blimitations? (?:of|to|in) (?:this|our|the present|the current|these|the) "
        r"(?:study|studies|analysis|analyses|trial|trials|review|work|data|findings|results|"
        r"approach|design|evidence)\b",
        r"\b(?:study|analysis|trial|review|studies|trials) (?:has|had|have|with|is subject to)"
        r" (?:several |some |a number of |important |certain |many )?limitations\b",
        r"\b(?:a|one|the|main|major|key|important|potential|several|some|its|our) "
        r"limitations? (?:is|was|are|were|of|includes?|included)\b",
        r"\b(?:is|are|was|were) limited by\b",
        r"\b(?:should|must) be interpreted with caution\b",
        r"\bfurther (?:research|studies|trials|work) (?:is|are) (?:needed|required|warranted)\b",
        r"\b(?:remains?|is|are) (?:unclear|uncertain|inconclusive|controversial)\b",
        r"\binconsistent (?:results|findings|evidence)\b",
        r"\bmixed (?:results|findings|evidence)\b",
    ),
}


def _compiled(table: dict[str, tuple[str, ...]]) -> dict[str, tuple[re.Pattern[str], ...]]:
    return {kind: tuple(re.compile(p, re.IGNORECASE) for p in ps) for kind, ps in table.items()}


LIMITATIONS = _compiled(_LIMITATION_PATTERNS)


# A sentence under one of these labels describes methods or funding; it states no limit
# (read as limits: 0 of 4).
_NOT_A_FINDING = re.compile(
    r"^\W*(?:methods?|materials and methods|main outcomes?(?: and measures?)?|outcome measures?|"
    r"funding|interventions?|participants|"
    # JAMA's "Design, Setting, and Participants:"
    r"(?:design|setting|participants)(?:,? (?:and )?(?:design|setting|participants)){1,2})\s*[:.]",
    re.IGNORECASE,
)
# The same labels in a structured abstract's capitals with no stop ('PARTICIPANTS 999,378
# liveborn singletons ... and potential confounders').
_METHOD_LABEL = re.compile(
    r"^\W*(?:MATERIALS AND METHODS|METHODS?|(?:STUDY )?DESIGN|SETTINGS?|PARTICIPANTS|PATIENTS|"
    r"SUBJECTS|INTERVENTIONS?|MAIN OUTCOMES?(?: AND MEASURES?)?|OUTCOME MEASURES?|"
    r"MEASUREMENTS|FUNDING)\b(?![a-z])"
)
_SAMPLE_SIZE_CHOSEN = re.compile(
    r"\s(?:was|were)\s(?:based|calculated|determined|estimated|chosen)\b", re.IGNORECASE
)
_ADJUSTED = re.compile(
    r"\b(?:control\w*|adjust\w*|account\w*) for\W+(?:\w+\W+){0,3}$", re.IGNORECASE
)


def limitation_kinds(text: str, claim: str = "") -> list[str]:
    """The kinds of limitation the text states (population, setting, design, sample size,
    time, stated limit), in that order; one the claim already states ('in mice', 'bias'
    where bias is its topic) limits nothing, nor does a methods or funding sentence or a
    heading ('# Short-Term Birth Sequelae of the 1918–1920 Influenza Pandemic')."""
    return _kinds(LIMITATIONS, text, claim)


def _kinds(table: dict[str, tuple[re.Pattern[str], ...]], text: str, claim: str) -> list[str]:
    """The kinds of ``table`` whose patterns ``text`` states, new to ``claim``."""
    if _NOT_A_FINDING.match(text) or _METHOD_LABEL.match(text) or text.lstrip().startswith("#"):
        return []
    stated = " ".join(claim.lower().split())
    return [
        kind
        for kind, patterns in table.items()
        if any(_states(text, m, stated) for p in patterns for m in p.finditer(text))
    ]


def _states(text: str, match: re.Match[str], claim: str) -> bool:
    """A match that limits: new to the claim, and not confounders the study adjusted for."""
    if match.group(0).lower().startswith("confound") and _ADJUSTED.search(text[: match.start()]):
        return False
    if _SAMPLE_SIZE_CHOSEN.match(text, match.end()):
        return False  # "Sample size was based on a minimal clinically important difference"
    return _new_to(claim, match.group(0))


def _new_to(claim: str, match: str) -> bool:
    words = match.lower().split()
    return not claim or " ".join(words[-2:] if len(words) > 1 else words) not in claim


# What a cited source says of its own work, stated as a limit: 'Interpretation is limited by
# early termination of the trial', 'this small study suggests', 'further research is needed
# to confirm these findings'. A design or setting merely named ('we conducted a single-centre
# retrospective study'), a field's open question ('the efficacy remains uncertain') or a
# method ('cities with sample size of 200 or greater') is not one: read as limits of a claim
# citing the source, the sentences this keeps were 11 of 12 right, the others 0 of 51
# (bench/data/counterevidence_limits_verdicts_cited.jsonl; BENCHMARKS.md).
_OWN_WORK = (  # the source speaking of its own work
    r"\bwe\b|\bour\b|\b(?:this|these|the present|the current|the|its)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:study|studies|trial|trials|analys[ie]s|review|survey|work|data(?:set)?|samples?|"
    r"findings|results|estimates|observations|evidence|report|investigation|experiments?|"
    r"models?|cohort|design|series|focus groups?|interpretation)\b"
)
# A subgroup finding ("only among psychiatrists did we find …", "differ significantly only
# from pandemic cues") is a result, not a limit a source states of its work: 'only in' read
# so on full texts was right for none of 4 items, and wrong on abstracts too ('… is present
# only in placental mammals', under a claim on another question).
_STATED_LIMITS: dict[str, tuple[str, ...]] = {
    "setting": (
        r"\b(?:cannot|can not|may not|might not|could not|not) be generali[sz]ed\b",
        r"\b(?:limited|uncertain|unclear|restricted) (?:generali[sz]ability|external validity|"
        r"transferability)\b",
        r"\bgenerali[sz]ability (?:[\w-]+ ){0,4}(?:is|are|was|were|may be|might be|remains?) "
        r"(?:limited|uncertain|unclear|restricted)\b",
        r"\bnot allow (?:for )?(?:[\w-]+ ){0,3}generali[sz]ation\b",
        r"\b(?:limits?|limited|precludes?) (?:the )?generali[sz]\w*",
    ),
    "design": (
        r"\b(?:cannot|can not|could not|does not|do not|did not) (?:establish|infer|determine|"
        r"prove) caus\w*",
        r"\bcaus\w* (?:[\w-]+ ){0,3}(?:cannot|can not|could not) be (?:established|inferred|"
        r"determined)\b",
        r"\b(?:residual|unmeasured|uncontrolled) confound\w*",
        r"\b(?:confound\w*|bias\w*) (?:[\w-]+ ){0,3}(?:cannot|can not|could not) be (?:ruled "
        r"out|excluded)\b",
    ),
    "sample size": (
        r"\b(?:despite|due to|because of|given|owing to) (?:the |its |our |a |their )?"
        r"(?:relatively )?(?:small|limited|modest) (?:sample|number|cohort|size)\b",
        r"\b(?:small|limited|modest) (?:sample )?size of (?:the|our|this|these)\b",
        r"\b(?:the|our|this|its) (?:relatively )?(?:small|limited|modest) (?:sample(?: size)?|"
        r"number of (?:patients|participants|subjects|cases|respondents))\b(?! (?:was|were) "
        r"(?:based|calculated|chosen))",
        # a small study, not a study named pilot or preliminary: "This pilot study examined …",
        # "our pilot study showed a large benefit" (read as limits on trial reports, 0 of 9 right)
        r"\b(?:this|our) (?:relatively )?small (?:[\w-]+ )?(?:study|trial|analysis|survey|"
        r"series)\b",
        r"\b(?:in|from) (?:a|this|our) (?:relatively )?small(?: pilot)? (?:study|trial|series|"
        r"cohort)\b",
        r"\bunder-?powered\b",
        r"\b(?:lack(?:ed)? of|insufficient|limited) (?:statistical )?power\b",
        # the trial stopped, not a patient's treatment ("Remdesivir was stopped early because
        # of adverse events in 18 (12%) patients": read as a limit, 0 of 2)
        r"\b(?:trial|study|enrol?ment|recruitment)\s(?:[\w-]+\s){0,3}(?:was|were)\s(?:stopped|"
        r"terminated|halted)\s(?:early|prematurely)\b",
        r"\bearly (?:termination|stopping) of (?:the|this|our) (?:trial|study)\b",
        r"\b(?:trial|study) (?:[\w-]+ ){0,3}(?:was|were) (?:stopped|terminated|halted) "
        r"(?:[\w-]+ ){0,8}(?:due to|because of) (?:a |the )?(?:low|slow|poor|insufficient) "
        r"(?:[\w-]+ )?(?:enrol?ment|recruitment|accrual)\b",
    ),
    "time": (
        r"\blong[- ]term (?:effects?|outcomes?|benefits?|safety) (?:are|is|remain|were) "
        r"(?:unknown|unclear|uncertain)\b",
        r"\b(?:longer|long[- ]term|extended) follow[- ]up (?:is|are|will be) (?:needed|"
        r"required|warranted|necessary)\b",
    ),
    "stated limit": (
        rf"\blimitations? (?:of|to|in) (?:{_OWN_WORK})",
        r"\b(?:study|analysis|trial|review|studies|trials|work|survey) (?:has|had|have|with|is "
        r"subject to) (?:several |some |a number of |important |certain |many |other |"
        r"potential )?limitations\b",
        r"\b(?:a|one|the|main|major|key|important|potential|several|some|its|our|other) "
        r"limitations? (?:is|was|are|were|includes?|included)\b",
        r"\bthere (?:are|were|is|was) (?:several |some |a number of |important |potential )?"
        r"limitations?\b",
        r"\bwith (?:some |several |important |potential )?limitations\b",
        rf"\b(?:interpretation|generali[sz]ability|inference|conclusions?|{_OWN_WORK}) "
        r"(?:[\w-]+ ){0,4}(?:is|are|was|were|may be) limited by\b",
        r"\b(?:should|must|need to) be interpreted (?:with caution|cautiously)\b",
        r"\b(?:further|more|additional|larger|future) (?:[\w-]+ ){0,2}(?:research|studies|"
        r"trials|work|investigations?|data|evaluation) (?:is|are|will be) (?:needed|required|"
        r"warranted|necessary)\b",
        r"\b(?:requires?|needs?) (?:further |additional )?(?:evaluation|confirmation|validation|"
        r"replication)\b",
        r"\b(?:our|these|the study's) (?:[\w-]+ )?(?:estimates|findings|results|data|"
        r"conclusions) (?:are|were|remain) (?:uncertain|preliminary|tentative|limited)\b",
    ),
}
STATED_LIMITS = _compiled(_STATED_LIMITS)


# A sentence that announces limitations and names none ("This study has several
# limitations.", "As with all systematic reviews, this study had a number of limitations."):
# read as a limit of a claim, 0 of 3 right; the sentences after it state them.
_LEAD_IN = re.compile(
    r"^\W*(?:(?:[\w,'’-]+\s){0,8}?(?:has|had|have|there (?:are|were|is|was)|with)\s(?:several "
    r"|some |a number of |important |certain |many |other |potential |a few |two |three |four )?"
    r"limitations?"
    # "There are several limitations of this study.", "This was an important limitation of our
    # study.", "There are some limitations to the interpretation of these results."
    r"|(?:there (?:are|were)|this (?:was|is)) (?:an? )?(?:several |some |important |certain |"
    r"potential |also )*limitations? (?:of|to|in) (?:the interpretation of )?(?:this|our|the "
    r"present|the current|these|the) (?:study|trial|analysis|work|results|findings))\s*[.:]?\s*$",
    re.IGNORECASE,
)


def stated_limit_kinds(text: str, claim: str = "") -> list[str]:
    """The kinds of limitation a source states of its own work in ``text`` (setting, design,
    sample size, time, stated limit); nothing for a methods sentence, a heading, a sentence
    that only announces limitations or a limitation the claim already states."""
    if _LEAD_IN.match(text.strip()):
        return []
    return _kinds(STATED_LIMITS, text, claim)


def reversed_direction(text: str) -> str:
    """The text with each direction word and antonym swapped ('reduces' → 'increases'); the
    text itself when it has none."""
    out = []
    changed = False
    for token in tokens(text):
        swap = _opposite(token)
        changed |= swap != token
        out.append(swap)
    return " ".join(out) if changed else text


def _opposite(token: str) -> str:
    antonyms = ANTONYM_OF.get(token)
    if antonyms:
        return sorted(antonyms)[0]
    if token in UP:
        return "decreased"
    if token in DOWN:
        return "increased"
    return token


def query_variants(claim: str) -> list[str]:
    """The claim, then queries looking for its opposite: reversed direction, no effect, only
    in a subgroup, a 'however' or a stated limitation."""
    terms = suggested_query(claim)
    variants = [
        claim,
        reversed_direction(claim),
        f"no significant difference {terms}",
        f"not associated no effect {terms}",
        f"only in {terms}",
        f"however {terms} limitation",
    ]
    return list(dict.fromkeys(v for v in variants if v.strip()))


def outside_search_terms(claim: str) -> str:
    """Search terms for looking outside the library (a database or a search engine)."""
    terms = suggested_query(claim, limit=6)
    return f'{terms} AND (limitation OR "no effect" OR "no association" OR contradict*)'
