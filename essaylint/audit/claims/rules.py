"""The rules of the claim audit (SPEC §6), each declared once with its docs.

Examples are published sentences from openly licensed papers of bench/data/citeworth.jsonl.gz
(source beside each); precision is measured on held-out papers by bench/judgement.py claims.
"""

from __future__ import annotations

from essaylint.audit.findings import Rule

NEEDS_EVIDENCE = Rule(
    "claim/needs-evidence",
    "warning",
    "A claim published authors would cite, without a verified citation",
    rationale="Whether an uncited sentence needs a source is learned from where the authors of "
    "147 openly licensed papers put their citations (bench/citeworth_train.py): prior work "
    "('X et al. showed ...', 'has been shown'), facts and figures about the world need one; the "
    "writer's description of their own argument, method, data, figures and sections does not, "
    "and a number alone does not. Hedges lower the score. A cited sentence is NEED until the "
    "citation audit verifies its source. Examples: 'Opportunities and obstacles for deep "
    "learning in biology and medicine' (greenelab/deep-review) and 'Sci-Hub provides access to "
    "nearly all scholarly literature' (greenelab/scihub-manuscript), both CC BY 4.0.",
    example="More recently, Karpathy et al. showed the existence of individual cells in LSTMs "
    "that kept track of quotes and brackets in character-level language models.",
    counter_example="We calculated Sci-Hub's coverage for each of the 23,037 journals "
    "(examples in Table 1).",
    precision="0.86 by reading: 0.70 of its findings are sentences the authors cited, and 21 "
    "of 40 uncited findings read need a source the authors gave nearby or left out; on 31 "
    "held-out papers of five fields, each scored by a model that never saw its field "
    "(bench/judgement.py claims); recall 0.33 against the authors' citations, 2.3 findings "
    "per 500 words",
)
EVIDENCE_NEEDED = Rule(
    "claim/evidence-needed",
    "info",
    "An [EVIDENCE_NEEDED: ...] placeholder is still open",
    rationale="A placeholder marks evidence the writer still has to find; it is listed with "
    "a ready query until a citation replaces it. Example: a sentence of 'Acupuncture and "
    "Counselling for Depression in Primary Care', PLOS Med doi:10.1371/journal.pmed.1001518 "
    "(CC BY), with its attribution replaced by a placeholder.",
    example="Depression will be the second leading cause of disease burden worldwide by 2020 "
    "[EVIDENCE_NEEDED: Global Burden of Disease projections].",
    counter_example="Depression will be the second leading cause of disease burden worldwide by "
    "2020, according to the Global Burden of Disease Study.",
    precision="exact: the placeholder is in the draft",
)
# (right + half the borderline + 1) / (read + 2) of the 60 findings read on held-out papers
STRONG_WORDING_CONFIDENCE = round((27 + 11 / 2 + 1) / (60 + 2), 2)
STRONG_WORDING = Rule(
    "claim/strong-wording",
    "info",
    "A sweeping claim stated as fact, with no source and no hedge",
    rationale="Absolute, superlative, causal, comparative or prescriptive wording (every, "
    "always, the single most, should) makes a claim about the world that a reader will want a "
    "source or a hedge for. A number alone is not such a claim, nor is the writer's description "
    "of their own work (first person, 'this study', figure and section references, a Methods "
    "or Results section). Information only: published authors seldom cite such sentences, so "
    "the cite-worthiness model leaves them below claim/needs-evidence. Examples: 'Major "
    "challenges on authorship' (data2health/contributorship) and 'A publishing infrastructure "
    "for AI-assisted academic authoring' (greenelab/manubot-gpt-manuscript), both CC BY 4.0.",
    example="As authorship remains the single most important form of recognition of individual "
    "contributions, tensions around its definition and enforcement remain challenging to "
    "address.",
    counter_example="We used the most capable GPT-4 Turbo model for evaluating the revisions "
    "(LLM-as-a-Judge).",
    precision="0.45 by reading (27 of 60 findings on held-out papers right, 11 borderline); "
    "1.4 findings per 500 words of published prose (bench/judgement.py claims)",
)

RULES: tuple[Rule, ...] = (NEEDS_EVIDENCE, EVIDENCE_NEEDED, STRONG_WORDING)
