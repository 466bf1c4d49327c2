"""Word lists and weights of the claim detector (lower-case forms, no spaCy needed)."""

from __future__ import annotations

from typing import Literal

ClaimType = Literal[
    "causal", "comparative", "quantitative", "generalising", "recommending", "superlative"
]
CLAIM_TYPES: tuple[ClaimType, ...] = (
    "causal",
    "comparative",
    "quantitative",
    "generalising",
    "recommending",
    "superlative",
)

# A cue's weight is how strongly it alone makes the sentence a claim needing evidence.
WEIGHTS: dict[str, float] = {
    "causal.svo": 0.7,
    "causal.verb": 0.55,
    "causal.phrase": 0.6,
    "causal.noun": 0.6,
    "causal.because": 0.3,
    "comparative.than": 0.7,
    "comparative.phrase": 0.6,
    "comparative.bare": 0.3,
    "quantitative.percent": 0.8,
    "quantitative.stat": 0.75,
    "quantitative.significant": 0.5,
    "quantitative.digits": 0.6,
    "quantitative.words": 0.45,
    "quantitative.multiple": 0.55,
    "generalising.absolute": 0.75,
    "generalising.most": 0.6,
    "generalising.widely": 0.55,
    "recommending.modal": 0.7,
    "recommending.need": 0.6,
    "recommending.verb": 0.6,
    "recommending.essential": 0.6,
    "superlative.single_most": 0.9,
    "superlative.the_most": 0.8,
    "superlative.most": 0.65,
    "superlative.est": 0.7,
    "superlative.only": 0.6,
    "superlative.leading": 0.6,
    "superlative.ever": 0.45,
    "superlative.first": 0.45,
}

FLAG_THRESHOLD = 0.5  # claim cues at or above this strength make a strong claim
# A number alone is not a claim: these cues count only beside another one.
BARE_NUMBER_CUES = frozenset({"quantitative.digits", "quantitative.words"})
HEDGE_FACTOR = 0.45  # strength is multiplied by this per hedge (at most two count)
APPROXIMATOR_FACTOR = 0.6  # "almost every", "not all": a softer generalisation
EXTRA_TYPE_BONUS = 0.1  # per further claim type with a cue of weight >= 0.5
BOOSTER_BONUS = 0.1


def _forms(*stems: str) -> list[str]:
    """Regular verb forms: ``reduce`` -> reduce, reduces, reduced, reducing."""
    forms: list[str] = []
    for stem in stems:
        base = stem[:-1] if stem.endswith("e") else stem
        forms += [stem, stem + "s", base + "ed", base + "ing"]
    return forms


# Causal verbs with regular forms (reduce, reduces, reduced, reducing).
REGULAR_CAUSAL_VERBS = (
    "cause",
    "reduce",
    "increase",
    "decrease",
    "explain",
    "improve",
    "worsen",
    "prevent",
    "trigger",
    "determine",
    "undermine",
    "boost",
)
CAUSAL_LEMMAS = [
    *REGULAR_CAUSAL_VERBS,
    "drive",
    "lead",
    "result",
    "contribute",
    "raise",
    "lower",
    "halve",
]
CAUSAL_VERB_FORMS = [
    *_forms(*REGULAR_CAUSAL_VERBS),
    "drive",
    "drives",
    "drove",
    "driven",
    "driving",
]
# Verbs that need a particle ("leads to", "results in", "contributes to").
CAUSAL_PARTICLE_VERBS = {
    "to": ["lead", "leads", "led", "leading", *_forms("contribute")],
    "in": _forms("result"),
}
# Ambiguous forms only trusted when the tagger says VERB.
CAUSAL_TAGGED_ONLY = ["raise", "raises", "raised", "lower", "lowers", "lowered", "halve", "halves"]
CAUSAL_PHRASES = [
    ["because", "of"],
    ["due", "to"],
    ["owing", "to"],
    ["thanks", "to"],
    ["as", "a", "result", "of"],
    ["as", "a", "consequence", "of"],
]
CAUSAL_NOUNS = [
    "cause",
    "causes",
    "driver",
    "drivers",
    "determinant",
    "determinants",
    "consequence",
    "consequences",
    "effect",
    "effects",
    "impact",
]

COMPARATIVE_WORDS = [
    "more",
    "less",
    "fewer",
    "higher",
    "lower",
    "better",
    "worse",
    "greater",
    "larger",
    "smaller",
    "bigger",
    "stronger",
    "weaker",
    "faster",
    "slower",
    "cheaper",
    "safer",
    "poorer",
    "richer",
    "longer",
    "shorter",
]
NOT_COMPARATIVE = {"rather", "other", "whether", "further", "earlier", "later", "former", "latter"}
COMPARATIVE_PHRASES = [
    ["compared", "with"],
    ["compared", "to"],
    ["in", "comparison", "with"],
    ["relative", "to"],
    ["outperform"],
    ["outperforms"],
    ["outperformed"],
]

STAT_PHRASES = [
    ["odds", "ratio"],
    ["hazard", "ratio"],
    ["relative", "risk"],
    ["confidence", "interval"],
    ["standard", "deviation"],
    ["statistically"],
    ["correlation"],
    ["correlated"],
    ["p", "<"],
    ["p", "="],
    ["n", "="],
]
MULTIPLE_WORDS = ["twice", "half", "halved", "doubled", "tripled", "threefold", "twofold"]
ORDINAL_WORDS = {
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "last",
}
NOT_A_QUANTITY = {"one", "zero"}
# A number right after these is a reference, not a quantity ("section 3", "p. 12").
LOCATOR_WORDS = {
    "section",
    "sections",
    "chapter",
    "chapters",
    "table",
    "tables",
    "figure",
    "figures",
    "fig",
    "fig.",
    "page",
    "pages",
    "p",
    "p.",
    "pp",
    "pp.",
    "step",
    "point",
    "part",
    "appendix",
    "paragraph",
    "question",
    "item",
    "no",
    "no.",
    "version",
    "level",
    "§",
    "draft",
    "week",
}

ABSOLUTE_WORDS = [
    "always",
    "never",
    "every",
    "everyone",
    "everybody",
    "everything",
    "invariably",
    "universally",
    "inevitably",
    "all",
]
ABSOLUTE_PHRASES = [["in", "all", "cases"], ["without", "exception"], ["in", "every", "case"]]
APPROXIMATORS = {"almost", "nearly", "virtually", "practically", "not", "largely"}
NOT_ABSOLUTE_BEFORE_ALL = {"at", "after", "above"}

RECOMMEND_MODALS = ["should", "must", "ought"]
RECOMMEND_VERBS = [*_forms("recommend"), "recommendation", "recommendations"]
ESSENTIAL_WORDS = ["essential", "vital", "imperative", "crucial", "necessary"]

SUPERLATIVE_WORDS = [
    "best",
    "worst",
    "greatest",
    "largest",
    "highest",
    "lowest",
    "biggest",
    "smallest",
    "strongest",
    "weakest",
    "fastest",
    "cheapest",
    "safest",
    "poorest",
    "richest",
]
NOT_SUPERLATIVE_EST = {
    "interest",
    "request",
    "protest",
    "harvest",
    "forest",
    "contest",
    "conquest",
    "manifest",
    "honest",
    "modest",
    "suggest",
    "digest",
    "arrest",
    "behest",
    "guest",
    "quest",
    "inquest",
    "rest",
    "test",
    "west",
    "nest",
    "chest",
    "pest",
    "vest",
    "zest",
}

HEDGE_WORDS = [
    "may",
    "might",
    "could",
    "perhaps",
    "probably",
    "likely",
    "unlikely",
    "possibly",
    "possible",
    "arguably",
    "presumably",
    "apparently",
    "potentially",
    "conceivably",
    "seemingly",
    "partly",
    "suggest",
    "suggests",
    "suggested",
    "suggesting",
    "appear",
    "appears",
    "appeared",
    "seem",
    "seems",
    "seemed",
]
HEDGE_PHRASES = [
    ["tend", "to"],
    ["tends", "to"],
    ["tended", "to"],
    ["in", "some", "cases"],
    ["to", "some", "extent"],
    ["to", "some", "degree"],
    ["for", "the", "most", "part"],
]
BOOSTER_WORDS = [
    "substantially",
    "clearly",
    "undoubtedly",
    "certainly",
    "definitely",
    "obviously",
    "conclusively",
    "dramatically",
    "strongly",
    "proves",
    "proven",
]

# Words left out of suggested queries: claim markers, not topic words.
QUERY_STOPWORDS = {
    "single",
    "most",
    "least",
    "more",
    "less",
    "many",
    "much",
    "few",
    "several",
    "various",
    "certain",
    "other",
    "same",
    "such",
    "main",
    "major",
    "important",
    "best",
    "worst",
    "better",
    "worse",
    "every",
    "all",
    "ever",
    "first",
    "only",
    "whole",
    "new",
    "cause",
    "causes",
}
