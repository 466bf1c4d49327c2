"""The rules of the counterevidence audit (SPEC §6, issue #22), each declared once.

The examples are published sentences: from the abstract of Tully et al. 2010 on heart
failure rehabilitation programmes (CC BY; a sample paper shipped with essaylint, so the
library of tests/test_rules.py holds it, and its own limitations paragraph limits the
sentence, which cites it), and from 'Opportunities and obstacles for deep learning in
biology and medicine' (greenelab/deep-review) and 'Major challenges on authorship'
(data2health/contributorship), both CC BY 4.0, which no source of that library is about.
Precision: bench/counterevidence.py (BENCHMARKS.md, "Counterevidence (issue #22)").
"""

from __future__ import annotations

from essaylint.audit.findings import Rule

TULLY = (
    "Supervised exercise sessions increased confidence to resume physical activity, while "
    "peer-group interaction and supportive medical staff improved morale "
    "(Tully et al., 2010){#doc_354b33f6}."
)
KARPATHY = (
    "More recently, Karpathy et al. showed the existence of individual cells in LSTMs that "
    "kept track of quotes and brackets in character-level language models."
)

COUNTEREVIDENCE = Rule(
    "claim/counterevidence",
    "info",
    "A source in the library contradicts or limits this claim",
    rationale="Markers reward an essay that weighs evidence. With audit.counterevidence on "
    "(soft: high-risk claims, strong and unhedged; strict: every claim, and every other "
    "statement of the draft's prose), each claim is "
    "searched for in every citable source with variants that look for the opposite (reversed "
    "direction, no significant difference, only in, however); each page's finding sentence "
    "for the claim (the one an evidence pack would quote) is judged with the citation judge's "
    "contradiction cues (negation, direction, benefit against harm, numbers), every related "
    "sentence by the contradiction reader (a cross-encoder that reads claim and sentence "
    "together), and, in the sources the sentence cites, the limitations they state of their "
    "own work (population, setting, design, sample size, time: 'this small study', "
    "'interpretation is limited by', 'further research is needed'), not a design or setting "
    "merely named nor the field's open questions, and of those only what a learned filter "
    "(fitted on 481 items read blind) expects a reader to call right. The item is a verbatim "
    "quote with its page and a ready citation: engage with it, or limit the claim. "
    "Information only: `contradicts` would be "
    "a warning only with a measured precision of at least 0.8, which it does not reach.",
    example=TULLY,
    counter_example=KARPATHY,
    precision="contradicts: 21 of 44 items read right, 5 borderline, in held-out strict "
    "audits (SciFact dev-eval 9 of 14, Check-COVID 12 of 30 sampled; bench/data/"
    "counterevidence_contradicts_verdicts_reader.jsonl); the labelled contradicting abstract "
    "is found for 0.40 of held-out contradicted claims, a supporting abstract called "
    "contradicting for 0.04 of supported ones (Check-COVID: 0.18 and 0.05; "
    "bench/counterevidence.py); on the statements strict adds to the claim audit's claims, 7 "
    "of 24 Check-COVID items read right, 1 borderline (bench/data/"
    "counterevidence_contradicts_verdicts_statements.jsonl); on trial findings worded as "
    "students word them (Evidence Inference, 78 abstracts), 0.53 of contradicted claims found "
    "but 0.31 of supported ones called contradicted, mostly claims that something reduces "
    "(bench/evinf_contradictions.py); limits, only from a source the "
    "sentence cites and only what it states as a limit of its own work: 0.65 by a blind "
    "reading held out (15 of 23 items right, 4 borderline, on Check-COVID and SciFact claims "
    "citing abstracts that do not settle or that contradict them; bench/data/"
    "counterevidence_limits_verdicts_stated.jsonl), against 0.31 for the cues before "
    "(13 of 42 on the same claims); on full texts (journal articles' PDFs, each cited by its "
    "own conclusion; bench/data/counterevidence_limits_verdicts_fulltext.jsonl) 5 of 8 right "
    "held out, 4 of 12 (5 borderline) on the pool the last fixes came from; on trial "
    "reports' full texts 35 of 70 right held out (0.50; 21 borderline) before the learned "
    "filter, 61 of 85 with it (0.72; 19 borderline; four pools no fit saw, where the "
    "code before it read 140 of 272; bench/data/counterevidence_limits_heldout_filter.jsonl)."
    " A cited source "
    "the citation audit finds saying the sentence is not reported as contradicting it: "
    "before that, 35 of 125 articles' own conclusions drew a contradiction from the article",
    max_severity="warning",
)
NO_COUNTEREVIDENCE_FOUND = Rule(
    "claim/no-counterevidence-found",
    "info",
    "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS: nothing in the library contradicts or limits this claim",
    rationale="Said so that a searched claim is never silently passed and never given an "
    "invented source: the library was searched and held nothing against the claim. It is not "
    "evidence that nothing exists outside the library.",
    example=KARPATHY,
    counter_example=TULLY,
    precision="exact: the search ran and kept no item",
    max_severity="info",
)
LIMITATION_NEEDED = Rule(
    "claim/limitation-needed",
    "info",
    "LIMITATION_NEEDED: a high-risk claim with no counterevidence found and no limitation "
    "stated in its paragraph",
    rationale="A strong, unhedged claim whose paragraph states no hedge and no limitation "
    "(population, setting, design, sample size, time) reads as one-sided; the library holds "
    "nothing against it, so the finding gives search terms for looking outside the library.",
    example="As authorship remains the single most important form of recognition of individual "
    "contributions, tensions around its definition and enforcement remain challenging to "
    "address.",
    counter_example=TULLY,
    precision="exact given the claim audit's high-risk reading (claim/strong-wording's "
    "precision) and an empty search",
    max_severity="info",
)

RULES: tuple[Rule, ...] = (COUNTEREVIDENCE, NO_COUNTEREVIDENCE_FOUND, LIMITATION_NEEDED)
