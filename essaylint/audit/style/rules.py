"""The rules of the style audit (SPEC §6), each declared once with its docs, and the raw hit
every rule's check emits. Thresholds are in essaylint.yaml (``style:``).

Examples are published sentences (openly licensed papers of bench/data/citeworth.jsonl.gz and
the Tully et al. 2010 sample paper; the source is named beside each). ``precision`` is what a
reading of the rule's findings on held-out published prose found (bench/judgement.py style,
verdicts in bench/data/style_verdicts.jsonl); ``CONFIDENCE`` turns it into the confidence each
finding shows: (right + half the borderline + 1) / (read + 2), so a small sample never claims
certainty. A rule at warning level needs a measured precision of at least 0.8.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from essaylint.audit.findings import Rule

_READ = "findings on the held-out published papers, read (bench/judgement.py style)"


def _read(right: int, borderline: int, read: int, broken: int = 0) -> str:
    skipped = f"; {broken} on text broken by the conversion not counted" if broken else ""
    return f"{right / read:.2f}: {right} of {read} {_READ} right, {borderline} borderline{skipped}"


def _confidence(right: int, borderline: int, read: int) -> float:
    return round((right + borderline / 2 + 1) / (read + 2), 2)


EXACT = "exact: a count or a formula, shown as information, not a judgement"

# Tully N. E. et al. (2010) "Patient Experiences of Structured Heart Failure Programmes",
# Rehabilitation Research and Practice 2010:157939, CC BY (essaylint/samples/LICENSES.md).
_TULLY = (
    "A number of participants had felt somewhat directionless when the programme ended. Once "
    "they became responsible for their own regulation, it was difficult to remain motivated to "
    "maintain the health-promoting behaviours that they had developed in the clinic. Some had "
    "failed to maintain an exercise regimen, in particular the participants who had symptoms of "
    "fatigue and breathlessness. Lack of equipment was partly to blame, but the absence of the "
    "discipline of the programme was also a factor."
)
_TULLY_NEXT = (
    "The participants were not unanimous on this point, however, and some seemed to have coped "
    "better with self-maintenance independently of the programme. These participants continued "
    "to exercise and did not feel the need for external sources of motivation."
)
_TULLY_END = (
    "In conclusion, the information provided here provides some perspectives from patients "
    "living with heart failure."
)
# "Reconstructing the Genomic Content of Microbiome Taxa through Shotgun Metagenomic
# Deconvolution", PLOS Comput Biol, doi:10.1371/journal.pcbi.1003292, CC BY.
_LONG_44 = (
    "Increasing the stringency for our definition and focusing on the 63 KOs that appeared in "
    "90% of the genomes from a certain genus and in less than 10% of all others genomes further "
    "increased the accuracy (92%) and recall (94%) of our reconstructed genera."
)
# "Strategies of Eradicating Glioma Cells: A Multi-Scale Mathematical Model ...", PLOS ONE,
# doi:10.1371/journal.pone.0114370, CC BY 4.0.
_LONG_59 = (
    "The glucose level is increased during its migratory phase toward the BV site and maintains "
    "a relatively plateau state after stalling the migration and initial cell divisions but "
    "slightly decreased after t = 200 h due to translocation from the mechanical interactions "
    "with the neighboring daughter cells and increased consumption of glucose by the growing "
    "mass of these tumor cells."
)
# "A Quick Guide for Developing Effective Bioinformatics Programming Skills", PLOS Comput Biol,
# doi:10.1371/journal.pcbi.1000589, CC BY: its Introduction (4 sentences, mean 34.5 words).
_BIOINFORMATICS = (
    "## Introduction\n\nBioinformatics programming skills are becoming a necessity across many "
    "facets of biology and medicine, owed in part to the continuing explosion of biological data "
    "aggregation and the complexity and scale of questions now being addressed through modern "
    "bioinformatics. Although many are now receiving formal training in bioinformatics through "
    "various university degree and certificate programs, this training is often focused "
    "strongly on bioinformatics methodology, leaving many important and practical aspects of "
    "bioinformatics to self-education and experience. The following set of guidelines distill "
    "several key principals of effective bioinformatics programming, which the authors learned "
    "through insights gained across many years of combined experience developing popular "
    "bioinformatics software applications and database systems in both academic and commercial "
    "settings. Successful adoption of these principals will serve both beginner and experienced "
    "bioinformaticians alike in career development and pursuit of professional and scientific "
    "goals."
)
# "Opportunities and obstacles for deep learning in biology and medicine" (greenelab/deep-review,
# CC BY 4.0).
_MULTITASK = (
    "Multi-task neural networks have shown the advantages of jointly modeling many targets."
)

LONG_SENTENCE = Rule(
    "style/long-sentence",
    "info",
    "A sentence over max_sentence_words (35)",
    rationale="Long sentences are harder to follow; over 35 words is worth a second look, "
    "though published prose has many (so it is information only). Examples: PLOS Comput Biol "
    "doi:10.1371/journal.pcbi.1003292 and PLOS Med doi:10.1371/journal.pmed.1000097 (CC BY).",
    example=_LONG_44,
    counter_example="The quality of reporting of systematic reviews is still not optimal.",
    precision=_read(6, 6, 19, broken=1),
)
VERY_LONG_SENTENCE = Rule(
    "style/very-long-sentence",
    "warning",
    "A sentence over very_long_sentence_words (50)",
    rationale="Over 50 words a reader loses the thread; split the sentence where it changes "
    "subject. Example: PLOS ONE doi:10.1371/journal.pone.0114370 (CC BY 4.0).",
    example=_LONG_59,
    counter_example=_LONG_44,
    precision=_read(15, 2, 17, broken=3),
)
MEAN_SENTENCE_LENGTH = Rule(
    "style/mean-sentence-length",
    "info",
    "A section's mean sentence length is out of range (12-30 words)",
    rationale="A section of very short sentences reads as a list; one of very long ones as a "
    "wall. Only sections with at least four sentences are judged. Examples: PLOS Comput Biol "
    "doi:10.1371/journal.pcbi.1000589 (CC BY) and Tully et al. 2010 (CC BY).",
    example=_BIOINFORMATICS,
    counter_example="## Maintenance\n\n" + _TULLY,
    precision=EXACT,
)
LONG_SENTENCE_SHARE = Rule(
    "style/long-sentence-share",
    "info",
    "Too many sentences over 35 words in one section (over 30%)",
    rationale="One long sentence is fine; a section where a third of the sentences run over "
    "35 words tires the reader. Examples as for style/mean-sentence-length.",
    example=_BIOINFORMATICS,
    counter_example="## Maintenance\n\n" + _TULLY,
    precision=EXACT,
)
PARAGRAPH_LENGTH = Rule(
    "style/paragraph-length",
    "info",
    "A paragraph is too short or too long (60-250 words)",
    rationale="A one-line paragraph is usually a fragment of a point; a page-long one hides "
    "several points. Published papers have many short paragraphs (methods, lead-ins), so this "
    "is information. Examples: 'Extension of Roles in the ChEBI Ontology' "
    "(chemical-roles/manuscript, CC BY 4.0) and Tully et al. 2010 (CC BY).",
    example="While the manually curated and inferred relations arising from this work are "
    "distributed in a simple format appropriate for wide reuse, we highlight two use cases below.",
    counter_example=_TULLY,
    precision=_read(1, 1, 8, broken=2),
)
PARAGRAPH_OPENING = Rule(
    "style/paragraph-opening",
    "info",
    "A paragraph opens with a fragment, a question or a citation",
    rationale="The first sentence of a paragraph should state its point; a question or a "
    "citation leaves the reader to find it. A fragment is what neither the parse nor the word "
    "list finds a verb in. Examples: 'Machine learning in rare disease' (jaybee84/ml-in-rd) and "
    "greenelab/deep-review (CC BY 4.0).",
    example="How does one know if a composite dataset has undergone proper harmonization and "
    "annotation? Ideally, the dominant patterns of the composite dataset reflect variables of "
    "interest, such as phenotype labels rather than technical labels.",
    counter_example="De novo drug design attempts to model the typical "
    "design-synthesize-test cycle of drug discovery in silico. It explores an estimated 1060 "
    "synthesizable organic molecules with drug-like properties without explicit enumeration.",
    precision="not measured: after the fragment check was fixed it fired 3 times on 210,776 "
    "held-out words (2 on text broken by the conversion, 1 borderline)",
)
SECTION_LINK = Rule(
    "style/section-link",
    "info",
    "A section ends without a sentence that links it to the next",
    rationale="The last sentence of a section should close its point or lead into the next "
    "section (thus, therefore, this means, or naming what follows). Published papers seldom do, "
    "so this is information. Examples: 'Open collaborative writing with Manubot' "
    "(greenelab/meta-review) and dhimmel/rephetio-manuscript (CC BY 4.0).",
    example="## Additional collaborative writing projects\n\nDistill uses GitHub for "
    "transparent peer review and post-publication peer review. GitHub is increasingly used for "
    "resource curation, and collaborative scholarly reviews combine literature curation with "
    "discussion and interpretation.\n\n## Limitations\n\nThere are potential limitations of "
    "our GitHub-based approach.",
    counter_example="## Methods\n\nIn a previous study to predict disease–gene associations "
    "using a hetnet of pathophysiology, we found that different types of gene sets contributed "
    "highly redundant information. Therefore, in Hetionet v1.0 we reduced the number of gene "
    "set node types from 14 to 3 by omitting several gene set collections and aggregating all "
    "pathway nodes.\n\n## Nodes\n\nNodes encode entities.",
    precision=_read(0, 2, 10),
)
UNCLEAR_REFERENCE = Rule(
    "style/unclear-reference",
    "info",
    "A sentence opens with a bare This/These (or a paragraph with It)",
    rationale="'This shows that ...' makes the reader work out what 'this' is; naming it "
    "('This shortage shows ...') is clearer. Needs spaCy's parse (style.use_spacy: always): "
    "word lists cannot tell 'This shows' from 'This shortage', so without the parse the rule is "
    "silent. In published prose the referent was nearly always clear from the sentence before, "
    "so it is information. Examples: greenelab/deep-review (CC BY 4.0) and PLOS ONE "
    "doi:10.1371/journal.pone.0002554 (CC BY).",
    example="Combining or replicating studies across systems thus requires controlling for "
    "both the above biases and dealing with mismatching standards. This has the practical "
    "effect of reducing cohort size, limiting statistical significance, preventing the "
    "detection of weak effects, and restricting the number of parameters that can be trained "
    "in a model.",
    counter_example="This decrease in density has been found to be due to a reduction in early "
    "wood density as well as a reduction in late wood proportion and may amount to 15–20% "
    "density variations from pith to perimeter.",
    precision=_read(0, 4, 20) + " (the referent was unclear in none)",
)
NOMINALISATION = Rule(
    "style/nominalisation",
    "info",
    "A sentence dense with nominalisations",
    rationale="Verbs turned into nouns (implementation, consideration, improvement) hide who "
    "does what; five in a sentence, or a chain joined by 'of', is hard to read. Technical terms "
    "(density estimation, regression) look the same to the rule. Examples: PLOS ONE "
    "doi:10.1371/journal.pone.0114370 (CC BY 4.0) and greenelab/deep-review (CC BY 4.0).",
    example="Due to its injection location, this injection in addition to the diffusion effect "
    "and natural decay would create a gradient of chemoattractants, which would serve as a "
    "localization of migratory glioma cells back to the area near the periphery of the "
    "resection cavity for second surgery or other anti-tumor treatments.",
    counter_example=_MULTITASK,
    precision=_read(7, 5, 20),
)
FILLER = Rule(
    "style/filler",
    "info",
    "A filler phrase that can be cut or shortened",
    rationale="'It is important to note that', 'in order to', 'due to the fact that' add "
    "words and no meaning. Examples: greenelab/deep-review (CC BY 4.0).",
    example="It is worth noting that FactorNet was slightly outperformed by an approach that "
    "does not use neural networks.",
    counter_example=_MULTITASK,
    precision=_read(19, 0, 20),
)
STACKED_HEDGES = Rule(
    "style/stacked-hedges",
    "info",
    "Two hedges where one is enough",
    rationale="'may possibly', 'suggests that ... could': one hedge states the uncertainty, two "
    "make the sentence evasive. Examples: PLOS Comput Biol doi:10.1371/journal.pcbi.1001051 "
    "(CC BY) and greenelab/deep-review (CC BY 4.0).",
    example="This suggests that Z-DNA could play roles in transcriptional regulation.",
    counter_example="Techniques that enable training on data without sharing the raw data may "
    "have a part to play.",
    precision=_read(18, 1, 20),
)
EMPTY_SENTENCE = Rule(
    "style/empty-sentence",
    "info",
    "A sentence with no concrete content word",
    rationale="A sentence made of vague words ('This is a very important issue in many "
    "ways') says nothing a reader can check. None of the 147 published papers has such a "
    "sentence (its 3 findings there were formulas), so the example is constructed.",
    example="This is a very important thing in many ways.",
    counter_example="Staff shortages limit care in district hospitals.",
    precision="not measured: no finding on the held-out published papers",
)
READABILITY = Rule(
    "style/readability",
    "info",
    "Readability scores per section (information)",
    rationale="Flesch reading ease and grade levels per section, to watch between drafts; "
    "formulas disagree by several grade levels, so they are never more than information. "
    "Example: Tully et al. 2010 (CC BY); sections under 100 words get no scores.",
    example="## Maintenance\n\n" + _TULLY + "\n\n" + _TULLY_NEXT,
    counter_example="## Maintenance\n\n" + _TULLY_NEXT,
    max_severity="info",
    precision=EXACT,
)
WORD_COUNT = Rule(
    "style/word-count",
    "warning",
    "The word count is over (or within 2% of) the word limit",
    rationale="Counted as the exported document will count it: markers and ids removed, "
    "headings and the reference list excluded. The limit comes from style.word_limit or "
    "rubric.yaml (the examples, from Tully et al. 2010, assume a limit of 50 words).",
    example=_TULLY,
    counter_example=_TULLY_END,
    precision="exact: a count against the writer's own limit",
)
SPELLING_MIX = Rule(
    "style/spelling-mix",
    "warning",
    "British and American spelling mixed",
    rationale="Pick one: the minority spelling is flagged where it is used. Examples: PLOS "
    "Biol doi:10.1371/journal.pbio.1001199 and doi:10.1371/journal.pbio.2001413 ('programmed' "
    "is spelled so in both varieties).",
    example="Polymorphism data were analyzed as a three-group categorical variable "
    "(codominant model) and using restricted inheritance models (log-additive, dominant and "
    "recessive). For quantitation of growth in rBM, bright-field images of acini were analyzed "
    "for size and shape with ImageJ software (National Institutes of Health). The position of "
    "the centrosome relative to the lumen, or centre of the cellular cluster, was measured "
    "using pericentrin immunofluorescence or TUBG1-GFP in image stacks.",
    counter_example="The second test group consisted of nine middle-school students who built, "
    "programmed, and used the 1-D robot in 16 two-hour sessions spread over six weeks. Mixing "
    "of colored liquids from two reservoirs into a third reservoir demonstrates basic liquid "
    "handling (Fig 2A).",
    precision=_read(20, 0, 20),
)
UNDEFINED_ABBREVIATION = Rule(
    "style/undefined-abbreviation",
    "info",
    "An acronym used before it is defined",
    rationale="Spell an acronym out at its first use: 'quality improvement (QI)'. Acronyms a "
    "reader knows (SCOWL's English abbreviations, essaylint/assets/known_acronyms.txt, and "
    "style.known_abbreviations), names said as words (PRISMA), identifiers with digits, DNA, "
    "code and mathematics are skipped. Specialist papers use many field-known acronyms, so "
    "this is information. Examples: PLOS ONE doi:10.1371/journal.pone.0087236 (CC BY 4.0) and "
    "PLOS Pathog doi:10.1371/journal.ppat.1002247 (CC BY).",
    example="Convergence to stationary was assumed for split frequencies below 0.01 and ESS "
    "values >200.",
    counter_example="HEK293 cells were grown in Dulbecco's Modified Eagle's Medium (DMEM, GIBCO) "
    "supplemented with 10% fetal bovine serum (FBS, Biosera) and 10 µg/ml ciprofloxacin (Sigma).",
    precision=_read(4, 5, 20),
)

RULES: tuple[Rule, ...] = (
    LONG_SENTENCE,
    VERY_LONG_SENTENCE,
    MEAN_SENTENCE_LENGTH,
    LONG_SENTENCE_SHARE,
    PARAGRAPH_LENGTH,
    PARAGRAPH_OPENING,
    SECTION_LINK,
    UNCLEAR_REFERENCE,
    NOMINALISATION,
    FILLER,
    STACKED_HEDGES,
    EMPTY_SENTENCE,
    READABILITY,
    WORD_COUNT,
    SPELLING_MIX,
    UNDEFINED_ABBREVIATION,
)


# How sure a finding of each rule is (see the module docstring); exact rules are certain.
CONFIDENCE: dict[str, float] = {
    LONG_SENTENCE.id: _confidence(6, 6, 19),
    VERY_LONG_SENTENCE.id: _confidence(15, 2, 17),
    MEAN_SENTENCE_LENGTH.id: 1.0,
    LONG_SENTENCE_SHARE.id: 1.0,
    PARAGRAPH_LENGTH.id: _confidence(1, 1, 8),
    PARAGRAPH_OPENING.id: _confidence(0, 1, 1),
    SECTION_LINK.id: _confidence(0, 2, 10),
    UNCLEAR_REFERENCE.id: _confidence(0, 4, 20),
    NOMINALISATION.id: _confidence(7, 5, 20),
    FILLER.id: _confidence(19, 0, 20),
    STACKED_HEDGES.id: _confidence(18, 1, 20),
    EMPTY_SENTENCE.id: _confidence(0, 0, 0),
    READABILITY.id: 1.0,
    WORD_COUNT.id: 1.0,
    SPELLING_MIX.id: _confidence(20, 0, 20),
    UNDEFINED_ABBREVIATION.id: _confidence(4, 5, 20),
}


@dataclass
class Hit:
    """One place a rule fires, before severity and waivers are applied."""

    rule: Rule
    line: int
    column: int
    excerpt: str
    message: str
    suggestion: str
    end_line: int | None = None
    end_column: int | None = None
    data: dict[str, object] = field(default_factory=dict)
