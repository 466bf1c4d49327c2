"""The papers of the cite-worthiness set: where each comes from, its field and its licence.

Every paper is openly licensed (CC BY 2.5/3.0/4.0, CC BY-SA 4.0 or CC0). The licence of a PLOS or
PMC article is read from its own ``<license>`` element by build_data.py and recorded per paper;
Manubot manuscripts carry ``LICENSE.md`` (CC BY 4.0) in their repository root.

Fields (five, for cross-domain folds):
  life     molecular/cell biology, genetics, microbiology, virology, immunology
  med      clinical medicine, epidemiology, public health
  eco      ecology, earth/climate science, palaeontology, agriculture
  comp     computational/mathematical/physical sciences, chemistry, CS, ML, software
  social   social and behavioural science, science policy, meta-science, scholarly
           communication, ethics, education
"""

from __future__ import annotations

# -- PLOS articles: PLOS/allofplos @ 07fdeed848b2816a7fbf7da6418ef6e2076e1960 ----------------
PLOS_REPO = "PLOS/allofplos"
PLOS_COMMIT = "07fdeed848b2816a7fbf7da6418ef6e2076e1960"
PLOS_DIRS = ("allofplos/starter_corpus", "tests/testdata")

# article -> field. Letters, synopses, book reviews, corrections and retractions are left out
# (few or no citations, not argumentative prose).
PLOS_FIELDS: dict[str, str] = {
    # life
    "journal.pbio.0020334": "life",
    "journal.pbio.0040088": "life",
    "journal.pbio.1000359": "life",
    "journal.pbio.1001199": "life",
    "journal.pbio.1001315": "life",
    "journal.pbio.1001473": "life",
    "journal.pbio.1001636": "life",
    "journal.pbio.2002354": "life",
    "journal.pbio.2002399": "life",
    "journal.pgen.1000052": "life",
    "journal.pgen.1002912": "life",
    "journal.pgen.1003316": "life",
    "journal.pone.0016329": "life",
    "journal.pone.0052690": "life",
    "journal.pone.0055490": "life",
    "journal.pone.0067179": "life",
    "journal.pone.0069640": "life",
    "journal.pone.0074790": "life",
    "journal.pone.0100977": "life",
    "journal.pone.0138823": "life",
    "journal.pone.0147124": "life",
    "journal.pone.0152025": "life",
    "journal.pone.0160653": "life",
    "journal.ppat.0020025": "life",
    "journal.ppat.0040045": "life",
    "journal.ppat.1000105": "life",
    "journal.ppat.1000166": "life",
    "journal.ppat.1002247": "life",
    "journal.ppat.1002769": "life",
    "journal.ppat.1003133": "life",
    "journal.pone.0012262": "life",
    # med
    "journal.pmed.0020007": "med",
    "journal.pmed.0020171": "med",
    "journal.pmed.0030520": "med",
    "journal.pmed.1000097": "med",
    # journal.pmed.1001080 left out: WHO licence, not CC BY
    "journal.pmed.1001300": "med",
    "journal.pmed.1001418": "med",
    "journal.pmed.1001473": "med",
    "journal.pmed.1001518": "med",
    "journal.pmed.1001786": "med",
    "journal.pntd.0001041": "med",
    "journal.pntd.0001969": "med",
    "journal.pone.0008519": "med",
    "journal.pone.0010685": "med",
    "journal.pone.0016976": "med",
    "journal.pone.0026358": "med",
    "journal.pone.0028031": "med",
    "journal.pone.0046041": "med",
    "journal.pone.0047391": "med",
    "journal.pone.0050698": "med",
    "journal.pone.0058242": "med",
    "journal.pone.0066742": "med",
    "journal.pone.0067227": "med",
    "journal.pone.0068090": "med",
    "journal.pone.0078921": "med",
    "journal.pone.0120049": "med",
    "journal.pone.0146913": "med",
    "journal.pone.0152459": "med",
    "journal.pone.0153170": "med",
    # eco
    "journal.pone.0005723": "eco",
    "journal.pone.0067380": "eco",
    "journal.pone.0070598": "eco",
    "journal.pone.0078761": "eco",
    "journal.pone.0080518": "eco",
    "journal.pone.0081648": "eco",
    "journal.pone.0087236": "eco",
    "journal.pone.0116586": "eco",
    "journal.pone.0120924": "eco",
    "journal.pone.0185809": "eco",
    "journal.ppat.1002735": "eco",
    # comp
    "journal.pcbi.1000112": "comp",
    "journal.pcbi.1001051": "comp",
    "journal.pcbi.1001083": "comp",
    "journal.pcbi.1002484": "comp",
    "journal.pcbi.1003292": "comp",
    "journal.pcbi.1004079": "comp",
    "journal.pcbi.1004082": "comp",
    "journal.pcbi.1004089": "comp",
    "journal.pcbi.1004113": "comp",
    "journal.pcbi.1004141": "comp",
    "journal.pcbi.1004152": "comp",
    "journal.pcbi.1004156": "comp",
    "journal.pcbi.1004453": "comp",
    "journal.pcbi.1004692": "comp",
    "journal.pone.0002554": "comp",
    "journal.pone.0008915": "comp",
    "journal.pone.0111971": "comp",
    "journal.pone.0114370": "comp",
    "journal.pone.0115067": "comp",
    "journal.pone.0116201": "comp",
    "journal.pone.0116752": "comp",
    "journal.pone.0117014": "comp",
    "journal.pone.0117688": "comp",
    "journal.pone.0117949": "comp",
    "journal.pone.0118238": "comp",
    "journal.pone.0118342": "comp",
    "journal.pone.0119074": "comp",
    "journal.pone.0119705": "comp",
    "journal.pone.0121226": "comp",
    "journal.pone.0126470": "comp",
    # social
    "journal.pbio.1001289": "social",
    "journal.pbio.2001413": "social",
    "journal.pcbi.1000204": "social",
    "journal.pcbi.1000589": "social",
    "journal.pmed.0020124": "social",
    "journal.pmed.0030132": "social",
    "journal.pmed.0030445": "social",
    "journal.pmed.1000431": "social",
    "journal.pmed.1001186": "social",
    "journal.pntd.0000149": "social",
    "journal.pntd.0002570": "social",
    "journal.pone.0036880": "social",
    "journal.pone.0040259": "social",
    "journal.pone.0042593": "social",
    "journal.pone.0153152": "social",
}

# -- PMC JATS fixtures of allenai/s2orc-doc2json @ 71c022ed4bed3ffc71d22c2ac5cdbc133ad04e3c -------
S2ORC_REPO = "allenai/s2orc-doc2json"
S2ORC_COMMIT = "71c022ed4bed3ffc71d22c2ac5cdbc133ad04e3c"
PMC_FIELDS = {
    "tests/jats/PMC5828200.nxml": "life",  # Oncotarget, curcuminoid & amyloid (CC BY 3.0)
    "tests/jats/PMC6398430.nxml": "eco",  # Behavioral Ecology, urban crows (CC BY 4.0)
    "tests/jats/PMC7417471.nxml": "comp",  # Nano Convergence, graphene sensors (CC BY 4.0)
}
# ACL Anthology papers as S2ORC JSON (GROBID parse) with cite_spans. ACL Anthology licenses
# papers from 2016 on under CC BY 4.0 (Anthology policy; the fixture itself states no licence).
ACL_FIELDS = {
    "tests/pdf/N18-3011.json": "comp",
    "tests/pdf/2020.acl-main.207.json": "comp",
}

# -- Manubot manuscripts (Pandoc Markdown with [@key] citations), all LICENSE.md = CC BY 4.0
# except indigo-dc/sqa-baseline (CC BY-SA 4.0, README/LICENSE). Commit = the snapshot read.
MANUBOT: list[dict[str, str]] = [
    {"repo": "greenelab/deep-review", "field": "comp"},
    {"repo": "greenelab/meta-review", "field": "social"},
    {"repo": "greenelab/scihub-manuscript", "field": "social"},
    {"repo": "greenelab/iscb-diversity-manuscript", "field": "social"},
    {"repo": "greenelab/knowledge-graph-review", "field": "comp"},
    {"repo": "greenelab/nature_news_manuscript", "field": "social"},
    {"repo": "greenelab/manubot-gpt-manuscript", "field": "comp"},
    {"repo": "greenelab/biopriors-review", "field": "comp"},
    {"repo": "greenelab/connectivity-search-manuscript", "field": "comp"},
    {"repo": "greenelab/mpmp-manuscript", "field": "life"},
    {"repo": "greenelab/text_mined_hetnet_manuscript", "field": "comp"},
    {"repo": "greenelab/xswap-manuscript", "field": "comp"},
    {"repo": "dhimmel/rephetio-manuscript", "field": "life"},
    {"repo": "SORTEE-Github-Hackathon/manuscript", "field": "social"},
    {"repo": "Sage-Bionetworks/governanceGreenPaper", "field": "social"},
    {"repo": "data2health/contributorship", "field": "social", "style": "plain_author_year"},
    {"repo": "Mangul-Lab-USC/enhancing_reproducibility", "field": "social"},
    {"repo": "stain/ro-crate-paper", "field": "comp"},
    {"repo": "indigo-dc/sqa-baseline", "field": "comp", "licence": "CC BY-SA 4.0"},
    {"repo": "dib-lab/2020-workflows-paper", "field": "comp"},
    {"repo": "Benjamin-Lee/deep-rules", "field": "comp"},
    {"repo": "slochower/smirnoff-host-guest-manuscript", "field": "comp"},
    {"repo": "chemical-roles/manuscript", "field": "comp"},
    {"repo": "fmsabatini/sPlotOpen_Manuscript", "field": "eco"},
    {"repo": "jaybee84/ml-in-rd", "field": "med"},
    {"repo": "habi/acinar-analysis-manuscript", "field": "life"},
    {"repo": "trangdata/tpot-fss-ms", "field": "comp"},
    {"repo": "trangdata/treeheatr-manuscript", "field": "comp"},
    {"repo": "zach-hensel/low-noise-manuscript", "field": "life"},
]
# Content files that are not argumentative prose.
MANUBOT_SKIP_FILE = (
    "front-matter",
    "back-matter",
    "abstract",
    "response",
    "acknowledg",
    "contribution",
    "declaration",
    "disclosure",
    "additional-files",
    "supp",
    "reference-annotations",
    "graphical-abstract",
    "author-summary",
    "authorship_policy",
    "cutstuff",
    "funding",
    "box_",
    "figure_legends",
    "ref-snippets",
    "ethics",
    "references",
)
