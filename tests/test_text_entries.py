"""Reference entries with no heading over them (essaylint/text/entries.py): found by their
density, never in prose that cites."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from essaylint.retrieve.quotes import best_quote
from essaylint.text.entries import in_reference_entries, reads_as_entries
from essaylint.text.sentences import sentence_spans

# The shapes of real lists whose heading the text layer lost (an arXiv physics paper, a
# chemistry journal's "Notes and references", a materials journal, a Vancouver list);
# names and numbers made up.
PHYSICS = (
    "[8] T. Arvidsson et al. [XY Collaboration], Phys. Rev. D 83, 112003 (2011). "
    "[9] L. D. Landel, Dokl. Akad. Nauk Ser. Fiz. 60 207 (1948). [10] C. N. Yan, Phys. Rev. "
    "77 242 (1950). [11] S. Y. Choe and D. J. Milner, Phys. Lett. B 553, 61 (2003)."
)
CHEMISTRY = (
    "16 (a) M. M. Haug, A. H. Sagher and J. E. Lovet, J. Am. Chem. Soc., 2016, 138, "
    "9069–9072; (b) M. Sukenda and S. Ichika, J. Org. Chem., 2003, 68, 3465–3475. "
    "17 (a) D. P. Curren and T. R. McFaden, J. Am. Chem. Soc., 2016, 138, 7741–7752."
)
MATERIALS = (
    "[81] J.-H. Kimm, J. Leer, J. Heon, IEEE J. Solid-State Circuits 2021, 56, 1093. "
    "[82] P. Yaok, H. Wun, B. Gaon, Nature 2020, 577, 641. [83] Y.-H. Chenn, T. Krishan, "
    "J. S. Emer, IEEE J. Solid-State Circuits 2016, 52, 127."
)
VANCOUVER = (
    "Smyth, J. A., Okafor, N. Bleeding after prophylaxis. J Trauma. 2014;26(1):147-54. "
    "doi:10.1000/jt.2014.01. Marsh, P., Lindqvist, B. Heparin and platelets. Thromb Res. "
    "2012;130(2):210-5."
)
APA = (
    "Okafor, A. B. (2014). Bleeding after prophylaxis in trauma patients. Journal of Trauma "
    "Surgery, 26, 147–154. Lindqvist, C. D., & Marsh, E. F. (2012). Heparin and platelets "
    "after injury. Thrombosis Research, 130, 210–215. Marsh, E. F. (2010). Complications of "
    "prophylaxis. British Journal of Surgery, 97, 88–95."
)
PROSE = (
    "Smith et al. (2003) found that bleeding was rare after prophylaxis. In contrast, "
    "Jones and Okafor (2014, p. 12) reported complications in 3.9% of trauma patients. "
    "The code and data are available at https://github.com/example/trial-analysis. "
    "As shown in [12], the effect persists at 26 weeks (p < 0.01). Exercise reduced "
    "readmissions (Okafor, 2014, p. 12). Patients valued peer support (Lindqvist & Marsh, "
    "2012, pp. 3–4), as U.S. and U.K. trials found (Marsh, 2010, p. 97). Jones et al. (2005) "
    "and Brown et al. (2012a) agreed; Lee et al. (2019) did not."
)


def _flagged(text: str) -> list[str]:
    return [
        text[s:e].strip()
        for s, e in sentence_spans(text)
        if text[s:e].strip() and in_reference_entries(text, s, e)
    ]


@pytest.mark.parametrize("entries", [PHYSICS, CHEMISTRY, MATERIALS, VANCOUVER, APA])
def test_every_sentence_of_a_run_of_entries_is_an_entry(entries: str) -> None:
    spans = [(s, e) for s, e in sentence_spans(entries) if entries[s:e].strip()]
    assert reads_as_entries(entries)
    assert len(_flagged(entries)) == len(spans)


def test_prose_that_cites_is_not_an_entry() -> None:
    assert not reads_as_entries(PROSE)
    assert _flagged(PROSE) == []


def test_the_last_sentence_before_an_unheaded_list_stays_prose() -> None:
    text = "Future work will extend the monitor to Byzantine faults in distributed commit. "
    text += PHYSICS
    flagged = _flagged(text)
    assert flagged and not any("Byzantine" in f for f in flagged)


def test_a_prose_sentence_cut_at_an_abbreviation_keeps_its_end() -> None:
    text = "Isto explica a aceleração na segunda metade do séc. XX. " + APA
    xx = text.index("XX.")
    assert not in_reference_entries(text, xx, xx + 3)
    proc = "Object-based representation in the ventral pathway. Proc. Natl. " + PHYSICS
    natl = proc.index("Natl.")
    assert in_reference_entries(proc, natl, natl + 5)


def test_a_prose_sentence_cut_at_an_inline_citation_is_prose() -> None:
    text = (
        "Prior studies had shown that the apoprotein exists in an uncomplexed form and in "
        "complexes (I.-S. Park, M.B. Carr, and R.P. Hausinger, Proc. Natl. Acad. Sci. USA "
        "91:3233-3237, 1994; I.-S. Park and R.P. Hausinger, J. Bacteriol. 177:1947-1951, 1995)."
    )
    head = next((s, e) for s, e in sentence_spans(text) if text[s:e].startswith("Prior"))
    assert text[head[1] - 6 : head[1]] == "(I.-S."  # the splitter cuts at the initials
    assert not in_reference_entries(text, *head)


@given(st.text(max_size=400))
def test_any_text_is_read_without_error(text: str) -> None:
    for s, e in sentence_spans(text):
        assert in_reference_entries(text, s, e) in (True, False)


@given(
    st.lists(st.sampled_from(["the", "patients", "bleeding", "rare", "was", "and"]), max_size=80)
)
def test_lower_case_words_are_never_entries(words: list[str]) -> None:
    text = " ".join(words)
    assert not in_reference_entries(text, 0, len(text))


BODY = (
    "Patients valued supervised exercise and peer support, but some lost motivation once "
    "the programme ended."
)
# Entries whose titles are the question's words, as a real list's are, under no heading
UNHEADED = (
    "[1] A. B. Okafor, Bleeding after thrombosis prophylaxis in trauma patients. J. Trauma "
    "Surg. 2014, 26, 147–154. [2] C. D. Lindqvist, Heparin-induced thrombocytopenia in "
    "trauma patients given prophylaxis. Thromb. Res. 2012, 130, 210–215. [3] E. F. Marsh, "
    "Complications of prophylaxis in trauma: bleeding and thrombocytopenia. Br. J. Surg. "
    "2010, 97, 88–95."
)
QUESTION = "bleeding and thrombocytopenia in trauma patients given prophylaxis"


def test_the_quote_of_a_passage_of_entries_comes_from_the_prose() -> None:
    text = f"Heart failure programmes\n\n{BODY}\n\n{UNHEADED}"
    start = text.index("[1]")
    s, e = best_quote(text, start, len(text), QUESTION)
    assert text[s:e] == BODY


def test_a_pack_never_quotes_entries_without_a_heading(tmp_path: Path) -> None:
    from support.fault_repo import essaylint, small_repo

    note = f"# Heart failure programmes\n\n{BODY}\n\n## Further reading\n\n{UNHEADED}\n"
    project = small_repo(tmp_path / "essay", {"raw/evidence/tully_notes.md": note})
    assert essaylint(project.root, "ingest").returncode == 0
    done = essaylint(project.root, "query", QUESTION, "--json")
    assert done.returncode == 0, done.stderr
    items = json.loads(done.stdout)["items"]
    quotes = [" ".join(item["quote"].split()) for item in items]
    assert quotes and not any("Okafor" in q or "Thromb." in q or "Surg." in q for q in quotes)


CLAIM = "Supervised exercise training reduces hospital readmissions in heart failure patients."
# A source whose own finding agrees, and whose unheaded list cites a paper titled against it
AGREEING = (
    "# Exercise after heart failure\n\nIn our cohort, supervised exercise training reduced "
    "hospital readmissions in heart failure patients by a third over one year.\n\n"
    "## Further reading\n\n[1] A. B. Okafor, Cardiac rehabilitation uptake. Heart 2011, 97, "
    "12–18. [2] C. D. Lindqvist, Supervised exercise training did not reduce hospital "
    "readmissions in heart failure patients: no significant difference at one year. Eur. J. "
    "Heart Fail. 2012, 14, 210–215. [3] E. F. Marsh, Adherence to exercise in heart failure. "
    "Br. J. Cardiol. 2010, 17, 88–95.\n"
)


def test_a_cited_papers_title_is_never_counterevidence(tmp_path: Path) -> None:
    from support.fault_repo import essaylint, small_repo

    project = small_repo(tmp_path / "essay", {"raw/evidence/tully_notes.md": AGREEING})
    assert essaylint(project.root, "ingest").returncode == 0
    done = essaylint(project.root, "query", CLAIM, "--counter", "--json")
    assert done.returncode == 0, done.stderr
    quotes = [item["quote"] for item in json.loads(done.stdout)["items"]]
    assert not any("no significant difference" in q for q in quotes), quotes
