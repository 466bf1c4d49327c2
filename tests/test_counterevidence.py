"""Counterevidence (issue #22): through the CLI, on the sample repo (tests/support/
sample_repo.py: the three sample papers shipped with essaylint, all CC BY).

The claims are published sentences: the abstract of Tully et al. 2010 (in the library and
cited; its own limitations paragraph limits the claim) and a sentence of 'Opportunities and
obstacles for deep learning in biology and medicine' (greenelab/deep-review, CC BY 4.0),
which no source of the library is about.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from essaylint.audit.counterevidence import judge as judge_module
from essaylint.audit.counterevidence import search as search_module
from essaylint.audit.counterevidence.cues import limitation_kinds, stated_limit_kinds
from essaylint.audit.counterevidence.judge import finding_sentence, judge
from essaylint.audit.counterevidence.limits_filter import load_filter
from essaylint.audit.counterevidence.rules import KARPATHY, TULLY
from essaylint.audit.counterevidence.search import CounterSearch, own_limit_kinds
from essaylint.cli.main import cli
from essaylint.core.project import Project
from essaylint.ingest.state import current_chunks

TULLY_UID = "doc_354b33f6"
TULLY_CLAIM = TULLY.split(" (Tully")[0] + "."  # the claim without its citation
SCIFACT = Path(__file__).parent / "data" / "counterevidence_scifact.json"
# Not high-risk (no strong claim type): searched in strict mode only.
PRIOR_WORK = (
    "Comprehensive programmes combining exercise and education have been found to improve "
    "physical status and psychosocial well-being, as well as reducing hospital readmissions."
)


@pytest.fixture
def draft(sample_repo: Project) -> Iterator[Path]:
    path = sample_repo.root / "drafts" / "counter.md"
    path.write_text(f"# Claims\n\n{TULLY}\n\n{KARPATHY}\n\n{PRIOR_WORK}\n", encoding="utf-8")
    yield path
    path.unlink()
    for table in (sample_repo.outputs / "audits").glob("counter.*"):
        table.unlink()


def run_cli(project: Project, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-C", str(project.root), *args])
    return result.exit_code, result.stdout


def audit_json(project: Project, *args: str) -> dict[str, Any]:
    code, out = run_cli(project, "audit", "drafts/counter.md", "--no-suggest", "--json", *args)
    assert code in (0, 1), out
    (report,) = json.loads(out)["drafts"]
    return report


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_off_by_default_no_table_no_search(
    sample_repo: Project, draft: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the counterevidence search ran while off")

    monkeypatch.setattr(CounterSearch, "__init__", refuse)
    report = audit_json(sample_repo)
    assert "counterevidence" not in report["audits"]
    assert not (sample_repo.outputs / "audits" / "counter.counterevidence.md").exists()
    assert not any(f["rule"] == "claim/counterevidence" for f in _findings(report))


def test_only_counterevidence_while_off_says_how_to_switch_it_on(
    sample_repo: Project, draft: Path
) -> None:
    code, _ = run_cli(sample_repo, "audit", "drafts/counter.md", "--only", "counterevidence")
    result = CliRunner().invoke(
        cli,
        ["-C", str(sample_repo.root), "audit", "drafts/counter.md", "--only", "counterevidence"],
    )
    assert code == 2
    assert "--counterevidence soft" in result.output


def test_only_counterevidence_runs_the_audits_it_reads(sample_repo: Project, draft: Path) -> None:
    report = audit_json(sample_repo, "--only", "counterevidence", "--counterevidence", "soft")
    assert list(report["audits"]) == ["counterevidence"]
    assert report["audits"]["counterevidence"]["rows"]


def test_strict_finds_the_sources_own_limits_and_nothing_invented(
    sample_repo: Project, draft: Path
) -> None:
    report = audit_json(sample_repo, "--counterevidence", "strict")
    findings = _findings(report)
    tully_line, karpathy_line = line_of(draft, TULLY), line_of(draft, KARPATHY)
    items = [f for f in findings if f["rule"] == "claim/counterevidence"]
    assert items and {f["line"] for f in items} <= {tully_line, line_of(draft, PRIOR_WORK)}
    at_tully = [f for f in items if f["line"] == tully_line]
    assert at_tully, findings
    texts = _library_texts(sample_repo)
    for finding in items:
        data = finding["data"]
        assert data["relation"] in ("contradicts", "limits")
        assert set(data) >= {"doc_uid", "relation", "quote", "locator", "confidence"}
        assert " ".join(data["quote"].split()) in texts[data["doc_uid"]]  # verbatim
        assert data["locator"]["page_start"] is not None
        assert re.fullmatch(r"\(.+, \d{4}, p\. \d+(-\d+)?\)\{#doc_\w+\}", data["citation"])
    assert any(f["data"]["doc_uid"] == TULLY_UID for f in at_tully)
    nothing = [f for f in findings if f["rule"] == "claim/no-counterevidence-found"]
    # PRIOR_WORK cites nothing, so Tully's limits are not said of it, and nothing contradicts it
    assert [f["line"] for f in nothing] == [karpathy_line, line_of(draft, PRIOR_WORK)]
    assert "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS" in nothing[0]["message"]
    table = (sample_repo.outputs / "audits" / "counter.counterevidence.md").read_text()
    header = (
        "| claim_id | line | claim_text | relation | source | quote | locator | suggested_query |"
    )
    assert header in table
    assert "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS" in table and TULLY_UID in table


def test_soft_searches_only_high_risk_claims(sample_repo: Project, draft: Path) -> None:
    soft = audit_json(sample_repo, "--counterevidence", "soft")["audits"]["counterevidence"]
    strict = audit_json(sample_repo, "--counterevidence", "strict")["audits"]["counterevidence"]
    prior = line_of(draft, PRIOR_WORK)
    assert prior not in {r["line"] for r in soft["rows"]}
    assert prior in {r["line"] for r in strict["rows"]}
    assert line_of(draft, TULLY) in {r["line"] for r in soft["rows"]}
    assert soft["summary"].startswith("1 claims searched (soft)")


def test_a_changed_draft_searches_only_its_new_claims(sample_repo: Project, draft: Path) -> None:
    audit_json(sample_repo, "--counterevidence", "strict")
    draft.write_text(draft.read_text() + "\nElectronic records always cut hospital errors.\n")
    section = audit_json(sample_repo, "--counterevidence", "strict")["audits"]["counterevidence"]
    assert section["metrics"]["searched"] == 1


def test_a_refitted_limits_filter_is_not_hidden_by_the_caches(
    sample_repo: Project, draft: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def tully_limits(report: dict[str, Any]) -> list[dict[str, Any]]:
        rows = report["audits"]["counterevidence"]["rows"]
        return [r for r in rows if r["relation"] == "limits" and r["doc_uid"] == TULLY_UID]

    assert tully_limits(audit_json(sample_repo, "--counterevidence", "strict"))
    shipped = load_filter()
    keeps_nothing = {n: dataclasses.replace(v, threshold=1.01) for n, v in shipped.variants.items()}
    refitted = dataclasses.replace(shipped, variants=keeps_nothing, digest="a-refitted-filter")
    monkeypatch.setattr(search_module, "load_filter", lambda: refitted)
    assert not tully_limits(audit_json(sample_repo, "--counterevidence", "strict"))


def test_configured_mode_needs_no_flag(sample_repo: Project, draft: Path) -> None:
    config = sample_repo.config_path
    before = config.read_text(encoding="utf-8")
    config.write_text(before.replace("  counterevidence: off", "  counterevidence: soft"))
    try:
        report = audit_json(sample_repo)
    finally:
        config.write_text(before)
    assert "counterevidence" in report["audits"]


def test_query_counter_pack(sample_repo: Project) -> None:
    code, out = run_cli(
        sample_repo, "query", TULLY_CLAIM, "--counter", "--doc", TULLY_UID, "--json"
    )
    assert code == 0, out
    pack = json.loads(out)
    assert pack["status"] == "FOUND"
    item = pack["items"][0]
    assert item["doc_uid"] == TULLY_UID and item["relation"] == "limits"
    assert item["citation"].startswith("(Tully et al., 2010, p. ")
    code, out = run_cli(sample_repo, "query", KARPATHY, "--counter", "--json")
    empty = json.loads(out)
    assert empty["status"] == "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS" and empty["items"] == []
    assert empty["suggested_query"]


def test_only_a_cited_source_limits_a_claim(sample_repo: Project) -> None:
    """Tully's limitations paragraph limits the claim that cites Tully; uncited, the claim
    gets no `limits` item from it (a limit of an uncited source is mostly another
    question's)."""
    code, out = run_cli(sample_repo, "query", TULLY_CLAIM, "--counter", "--json")
    assert code == 0, out
    uncited = json.loads(out)["items"]
    assert all(item["relation"] == "contradicts" for item in uncited), uncited
    code, out = run_cli(
        sample_repo, "query", TULLY_CLAIM, "--counter", "--doc", TULLY_UID, "--json"
    )
    cited = json.loads(out)["items"]
    assert any(i["relation"] == "limits" and i["doc_uid"] == TULLY_UID for i in cited), cited


@pytest.mark.parametrize(
    ("claim", "sentence", "relation"),
    [
        (
            "Exercise training reduces mortality in heart failure patients.",
            "Exercise training increased mortality in patients with heart failure.",
            "contradicts",
        ),
        (
            "Exercise training reduces mortality in heart failure patients.",
            "Exercise training had no significant effect on mortality in heart failure patients.",
            "contradicts",
        ),
        (
            "Exercise training reduces mortality in heart failure patients.",
            "In a small pilot study, exercise training reduced mortality in heart failure "
            "patients.",
            "limits",
        ),
        (  # 'heart failure' is not a denial, and 'failed to maintain' finds no null result
            "Heart failure programmes improve motivation to exercise.",
            "Some heart failure patients failed to maintain their exercise motivation.",
            None,
        ),
        (  # a hedged negation neither denies nor limits
            "Exercise training reduces mortality in heart failure patients.",
            "Exercise training may not reduce mortality in heart failure patients.",
            None,
        ),
        (  # naming a population restricts nothing
            "Exercise training reduces mortality in heart failure patients.",
            "Among women, exercise training reduces mortality in heart failure patients.",
            None,
        ),
        (  # a subgroup's result is a result, not a limit the source states of its work (read
            # so on full texts: 0 of 4 right); its own limitations section says what limits it
            "Exercise training reduces mortality in heart failure patients.",
            "Exercise training reduced mortality only in heart failure patients under 60.",
            None,
        ),
        (  # Evidence Inference, PMC3661377 (CC BY): "greater reductions" is a reduction
            "Apremilast 30 mg BID significantly reduces pruritus scores compared with placebo.",
            "Significantly greater reductions from baseline in mean pruritus scores at week 16 "
            "were reported with apremilast 20 mg BID (P=0.005) and 30 mg BID (P<0.001), but not "
            "with 10 mg BID (P=0.366) versus placebo.",
            None,
        ),
        (  # PMC5883519 (CC BY): the reduction, not IGF-1's rise beside "growth", is the finding
            "Recombinant human growth hormone significantly reduces BMI standard deviation "
            "scores at the 6-month compared with control.",
            "After 6 months, subjects in the rhGH treatment group had significant reductions in "
            "BMI standard deviation scores (SDS) compared with controls (2.32 ± 0.85 vs. 2.80 ± "
            "0.61; P = 0.041), and Insulin-like growth factor 1(IGF-1) level increased during "
            "rhGH treatment, in comparison with the control group",
            None,
        ),
    ],
)
def test_judge(claim: str, sentence: str, relation: str | None) -> None:
    verdict = judge(claim, sentence, 0.8, finding=True)
    assert (verdict.relation if verdict else None) == relation


def test_only_a_pages_finding_sentence_contradicts() -> None:
    claim = "Exercise training reduces mortality in heart failure patients."
    reversal = "Exercise training increased mortality in heart failure patients."
    assert judge(claim, reversal, 0.95, finding=True).relation == "contradicts"
    assert judge(claim, reversal, 0.95, finding=False) is None


def test_the_finding_sentence_is_the_result_not_its_neighbour() -> None:
    """SciFact's haplogroup I abstract: the result the claim reverses, not the next sentence,
    which also says 'increased risk' but reports what the association is independent of."""
    data = json.loads(SCIFACT.read_text(encoding="utf-8"))
    (doc,) = [d for d in data["documents"] if d["doc_id"] == "2867345"]
    claim = "In British Men, haplogroup I decreases risk of cardiovascular disease."
    best = finding_sentence(claim, doc["sentences"], doc["title"])
    assert doc["sentences"][best].startswith("Carriers of haplogroup I had about a 50% higher")


def test_judge_ignores_what_is_not_close(monkeypatch: pytest.MonkeyPatch) -> None:
    claim = "Exercise training reduces mortality in heart failure patients."
    reversal = "Exercise training increased mortality in heart failure patients."
    assert judge(claim, reversal, judge_module.RELATED_COSINE - 0.01, finding=True) is None


@pytest.fixture(scope="module")
def scifact_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Project, dict[str, Any]]:
    """Two SciFact abstracts as the whole library (tests/data/counterevidence_scifact.json)."""
    from essaylint.app.ingest import run_ingest
    from essaylint.app.scaffold import scaffold
    from essaylint.config import load_config

    data = json.loads(SCIFACT.read_text(encoding="utf-8"))
    root = tmp_path_factory.mktemp("counter") / "essay"
    scaffold(root)
    for doc in data["documents"]:
        body = "\n\n".join([f"# {doc['title']}", *doc["sentences"]]) + "\n"
        (root / "raw" / "evidence" / f"scifact_{doc['doc_id']}.md").write_text(body, "utf-8")
    project = Project(root)
    run_ingest(project, load_config(project.config_path))
    return project, data


def _counter_pack(project: Project, claim: str) -> list[dict[str, Any]]:
    code, out = run_cli(project, "query", claim, "--counter", "--json")
    assert code == 0, out
    return json.loads(out)["items"]


def test_the_contradiction_is_read_on_the_finding_sentence(
    scifact_repo: tuple[Project, dict[str, Any]],
) -> None:
    """Published text: cues on a neighbouring sentence (cosine above 0.7, 'increased risk'
    against 'decreases risk') were the item before; the result itself is now."""
    project, data = scifact_repo
    (doc,) = [d for d in data["documents"] if d["doc_id"] == "2867345"]
    claim = "In British Men, haplogroup I decreases risk of cardiovascular disease."
    against = [i for i in _counter_pack(project, claim) if i["relation"] == "contradicts"]
    assert [" ".join(i["quote"].split()) for i in against] == [doc["sentences"][7]]
    locator = against[0]["locator"]  # a Markdown source: no page, a character anchor
    assert locator["has_page"] is False and locator["label"] == "no page (char anchor)"


@pytest.mark.parametrize(
    "claim",
    [  # supported by their abstract (SciFact labels): no sentence of it contradicts them
        "In British Men, haplogroup I increases risk of cardiovascular disease by 50%.",
        pytest.param(
            "Pioglitazone use is significantly associated with an increased risk of prostate "
            "cancer.",
            marks=pytest.mark.xfail(
                strict=True,
                reason="a known false alarm of the contradiction reader: 'pioglitazone was not "
                "associated with bladder cancer risk' read against a prostate-cancer claim "
                "(its measured false alarms are in BENCHMARKS.md)",
            ),
        ),
    ],
)
def test_a_supported_claim_draws_no_contradiction(
    scifact_repo: tuple[Project, dict[str, Any]], claim: str
) -> None:
    project, data = scifact_repo
    assert {c["label"] for c in data["claims"] if c["claim"] == claim} == {"SUPPORTED"}
    items = _counter_pack(project, claim)
    assert not [i for i in items if i["relation"] == "contradicts"], items


PIOGLITAZONE_AGAINST = (  # SciFact: CONTRADICTED by its abstract; the claim audit keeps none
    "Pioglitazone use is not associated with an increased risk of prostate cancer."
)
NEUTRAL = "The Y chromosome was studied in British men over several decades."


def test_strict_also_searches_statements_the_claim_audit_leaves_out(
    scifact_repo: tuple[Project, dict[str, Any]],
) -> None:
    project, data = scifact_repo
    draft = project.root / "drafts" / "statements.md"
    draft.write_text(f"# Findings\n\n{PIOGLITAZONE_AGAINST}\n\n{NEUTRAL}\n", encoding="utf-8")
    try:
        soft = _audit(project, "soft")
        strict = _audit(project, "strict")
    finally:
        draft.unlink()
    assert soft["claims"]["rows"] == [] and soft["counterevidence"]["rows"] == []
    section = strict["counterevidence"]
    assert section["summary"].startswith("0 claims and 2 other statements searched (strict)")
    assert {r["line"] for r in section["rows"]} == {3}  # nothing said of the neutral line 5
    assert {r["claim_id"] for r in section["rows"]} == {"s001"}
    pioglitazone = next(d for d in data["documents"] if d["doc_id"] == "3355397")
    against = [r for r in section["rows"] if r["relation"] == "contradicts"]
    assert " ".join(against[0]["quote"].split()) in [
        pioglitazone["title"],
        *pioglitazone["sentences"],
    ]
    rules = {f["rule"] for f in section["findings"]}
    assert rules == {"claim/counterevidence"}  # never 'nothing found' for a non-claim


PIOGLITAZONE_FOR = (  # SciFact: SUPPORTED by its abstract; the reader alone calls it against
    "Pioglitazone use is significantly associated with an increased risk of prostate cancer."
)


def test_a_cited_source_that_says_the_claim_is_not_reported_against_it(
    scifact_repo: tuple[Project, dict[str, Any]],
) -> None:
    """The search alone calls a sentence of the cited abstract contradicting (the reader's
    known false alarm); the audit, where the citation audit found that abstract saying the
    sentence, does not report it."""
    from essaylint.ingest.library import library_entries

    project, _ = scifact_repo
    entries = library_entries(project.library_csv)
    uid = next(u for u, e in entries.items() if e.source_path.endswith("scifact_3355397.md"))
    code, out = run_cli(project, "query", PIOGLITAZONE_FOR, "--counter", "--doc", uid, "--json")
    assert code == 0, out
    searched = json.loads(out)["items"]
    assert any(i["relation"] == "contradicts" and i["doc_uid"] == uid for i in searched)
    author = entries[uid].authors.split(";")[0].split(",")[0].strip() or "Source"
    cited = f"{PIOGLITAZONE_FOR[:-1]} ({author}, {entries[uid].year or 'n.d.'}){{#{uid}}}."
    draft = project.root / "drafts" / "statements.md"
    draft.write_text(f"# Findings\n\n{cited}\n", encoding="utf-8")
    try:
        report = _audit(project, "strict")
    finally:
        draft.unlink()
    (row,) = report["citations"]["rows"]
    assert row["status"] == "OK"
    rows = report["counterevidence"]["rows"]
    assert rows and not [r for r in rows if r["relation"] == "contradicts"], rows


def _audit(project: Project, mode: str) -> dict[str, Any]:
    code, out = run_cli(
        project,
        "audit",
        "drafts/statements.md",
        "--no-suggest",
        "--json",
        "--counterevidence",
        mode,
    )
    assert code in (0, 1), out
    return json.loads(out)["drafts"][0]["audits"]


@pytest.mark.parametrize(
    ("text", "searched"),
    [
        (PIOGLITAZONE_AGAINST, True),
        ("Does pioglitazone use increase the risk of prostate cancer in older men?", False),
        ("This essay asks whether pioglitazone use raises the risk of cancer.", False),
        ("We recruited 40 patients with diabetes from two clinics in 2023.", False),
        ("Pioglitazone and prostate cancer.", False),  # a fragment, not a statement
        # a finding taken from the literature, worded as trial reports word it
        # (bench/data/support/evinf_contra.jsonl.gz): searched, though it says "significantly"
        ("Citrate significantly reduces mortality rates compared with heparin.", True),
        ("A 60-minute infusion significantly reduces PYY compared with a 30-minute one.", True),
        ("Mortality was significantly lower with citrate (p = 0.03).", False),  # own statistics
    ],
)
def test_which_sentences_strict_adds(text: str, searched: bool) -> None:
    from essaylint.audit.counterevidence.audit import other_statements
    from essaylint.draft import parse_draft_text

    draft = parse_draft_text(f"# Background\n\n{text}\n")
    assert bool(other_statements(draft, [])) is searched
    assert other_statements(draft, [{"sentence_id": "s001"}]) == []  # a claim row already


def test_strict_leaves_out_the_reference_list_and_own_results() -> None:
    from essaylint.audit.counterevidence.audit import other_statements
    from essaylint.draft import parse_draft_text

    text = (
        "# Results\n\nPioglitazone users had more prostate cancers than the other patients.\n\n"
        "# References\n\nLewis, J. D. et al. (2015) Pioglitazone use and risk of bladder cancer.\n"
    )
    assert other_statements(parse_draft_text(text), []) == []


def _findings(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for section in report["audits"].values() for f in section["findings"]]


def _library_texts(project: Project) -> dict[str, str]:
    return {
        uid: " ".join(" ".join(c.text for c in doc.children).split())
        for uid, doc in current_chunks(project.store).items()
    }


@pytest.mark.parametrize(
    ("sentence", "kinds"),
    [  # sentences of CORD-19 abstracts read for bench/data/counterevidence_limits_verdicts*
        (
            "Interpretation is limited by early termination of the trial, which may have been "
            "underpowered to detect a clinically important difference.",
            ["sample size", "stated limit"],
        ),
        (
            "The limited sample size and study design preclude a definitive statement about the "
            "potential effectiveness of this treatment.",
            ["sample size"],
        ),
        ("Residual confounding by indication cannot be excluded.", ["design"]),
        ("These results may not be generalizable to other populations.", ["setting"]),
        # adjusted-for confounders are a strength, not a limit
        (
            "After controlling for multiple confounding factors (age, sex, race or ethnicity), "
            "hydroxychloroquine was not associated with mortality.",
            [],
        ),
        (
            "After adjustment for potential confounders, the FPV arm also showed a "
            "significantly higher improvement rate in chest imaging.",
            [],
        ),
        ("FUNDING: Parker B. Francis and pilot grant from 2R25-HL126140.", []),
        (  # JAMA's label, a source's heading, and a sample size chosen (Check-COVID, SciFact)
            "Design, Setting, and Participants: Retrospective, single-center case series of "
            "the 1178 hospitalized patients with COVID-19.",
            [],
        ),
        ("# Short-Term Birth Sequelae of the 1918–1920 Influenza Pandemic", []),
        (
            "Sample size was based on a minimal clinically important difference of 5 points "
            "for the Oxford Shoulder Score.",
            [],
        ),
        (  # a structured abstract's label in capitals, no stop (SciFact dev-eval)
            "PARTICIPANTS 999,378 liveborn singletons and linked individual level information "
            "on macrolide prescriptions, surgery for IHPS, and potential confounders.",
            [],
        ),
        (
            "METHODS: We assessed effectiveness and safety of IL-6 blockade with tocilizumab in "
            "a single-center cohort of patients with COVID-19.",
            [],
        ),
        (  # a scale's name, not generalisation
            "Symptoms were assessed by the 7-item Generalized Anxiety Disorder scale.",
            [],
        ),
        (  # limitations of something else than the study
            "We project the impact of travel limitations on the national and international "
            "spread of the epidemic.",
            [],
        ),
    ],
)
def test_limitation_kinds(sentence: str, kinds: list[str]) -> None:
    assert limitation_kinds(sentence) == kinds


def test_an_all_narrowed_to_some_is_not_a_limit() -> None:
    claim = "All critically ill patients required mechanical ventilation to recover."
    sentence = "Some critically ill patients required mechanical ventilation to recover."
    assert judge(claim, sentence, 0.8) is None


def test_the_reader_alone_calls_a_related_sentence_contradicting() -> None:
    claim = "Exercise training reduces mortality in heart failure patients."
    other = "Exercise training was offered to every patient admitted with heart failure."
    threshold = judge_module.READER_THRESHOLD
    assert judge(claim, other, 0.8, finding=True) is None  # no cue reads it
    verdict = judge(claim, other, 0.8, against=threshold)
    assert verdict.relation == "contradicts" and verdict.cues == ("reader",)
    assert judge(claim, other, 0.8, against=threshold - 0.01) is None
    assert judge(claim, other, judge_module.RELATED_COSINE - 0.01, against=0.99) is None


def test_the_cues_keep_their_reasons_when_the_reader_agrees() -> None:
    claim = "Exercise training reduces mortality in heart failure patients."
    reversal = "Exercise training increased mortality in heart failure patients."
    verdict = judge(claim, reversal, 0.9, finding=True, against=0.99)
    assert verdict.relation == "contradicts" and "direction" in verdict.cues


def test_the_reader_reads_only_related_sentences_and_may_be_missing(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from essaylint.audit.counterevidence.search import _read_against

    claim = "Gastric infection with Helicobacter pylori decreases risk of gastric cancer in humans."
    texts = [
        "CONCLUSIONS H pylori infection may be an important cause of gastric cancer; between "
        "35% and 55% of all cases may be associated with such an infection.",
        "Serum samples were stored at -20 degrees C.",
    ]
    read = _read_against(claim, texts, [0.84, 0.2])
    assert read[0] >= judge_module.READER_THRESHOLD and read[1] == 0.0

    import essaylint.text.judge as text_judge

    def broken() -> None:
        raise RuntimeError("model file damaged")

    monkeypatch.setattr(text_judge, "get_contradiction_reader", broken)
    with caplog.at_level("WARNING", logger="essaylint.audit"):
        assert _read_against(claim, texts, [0.84, 0.2]) == [0.0, 0.0]
    assert "without the contradiction reader" in caplog.text


@pytest.mark.parametrize(
    ("sentence", "kinds"),
    [  # a cited source's own limits (Tully et al. 2010), and a web page's words (WiCE)
        (
            "The small size of the focus groups carried out does not allow for statistically "
            "significant generalisation of responses to the greater heart failure patient "
            "population.",
            ["setting", "sample size"],
        ),
        (
            "In one case, a refugee with a disability who arrived in Australia was placed in "
            "short-term accommodation without facilities to support her basic needs.",
            [],
        ),
        (
            '"Perhaps Harry just wanted to keep the family invited to a small number or maybe '
            "he didn't want anyone upstaging the bride.\"",
            [],
        ),
    ],
)
def test_own_limits_are_a_studys(sentence: str, kinds: list[str]) -> None:
    assert own_limit_kinds(sentence) == kinds


@pytest.mark.parametrize(
    ("sentence", "kinds"),
    [  # what cited CORD-19 and SciFact abstracts say of their own work, read as limits
        (
            "Interpretation is limited by early termination of the trial, which may have been "
            "underpowered to detect a clinically important difference.",
            ["sample size", "stated limit"],
        ),
        (
            "However, there are limitations to our analysis, including large uncertainties "
            "around estimates of R 0 and the duration of infectiousness.",
            ["stated limit"],
        ),
        (
            "CONCLUSIONS This small study suggests that male sex, a lower socioeconomic "
            "background, and early academic difficulties at medical school could be risk factors.",
            ["sample size"],
        ),
        (
            "Further research is needed to inform the widespread use of cloth masks globally.",
            ["stated limit"],
        ),
        (  # and what they say of the field, or of their method, is no limit of theirs
            "In this context, human convalescent plasma has been used to treat coronavirus "
            "disease 2019 (COVID-19), but the efficacy remains uncertain.",
            [],
        ),
        (
            "Hydroxychloroquine (HCQ) has received worldwide attention because of positive "
            "results from small studies.",
            [],
        ),
        (
            "We conducted a single-centre retrospective and observational study to describe "
            "new-onset psychotic episodes in COVID-19 patients.",
            [],
        ),
        (
            "Overall seroprevalence for the 90 cities with sample size of 200 or greater was "
            "1.4% (95% CI 1.3-1.6).",
            [],
        ),
        (
            "Effectiveness of COVID-19 screening and monitoring in travelers to California was "
            "limited by incomplete traveler information received by federal officials.",
            [],
        ),
        (  # a patient's treatment stopped, not the trial
            "Remdesivir was stopped early because of adverse events in 18 (12%) patients "
            "versus four (5%) patients who stopped placebo early.",
            [],
        ),
        (
            "The trial was terminated early after 103 of a planned 200 patients were enrolled.",
            ["sample size"],
        ),
        # full texts (bench/data/counterevidence_limits_verdicts_fulltext.jsonl): a sentence
        # that announces limitations names none; the ones after it do
        ("This study has several limitations.", []),
        ("As with all systematic reviews, this study had a number of limitations.", []),
        ("First, this study is limited by the relatively high-SES sample.", ["stated limit"]),
        # trial reports (Evidence Inference articles, PMC, CC BY; read in
        # bench/data/counterevidence_limits_verdicts_fulltext.jsonl): more lead-ins, and a
        # study named pilot, which states no limit; one called small does
        ("There are several limitations of this study.", []),
        ("There are important limitations to the present study.", []),
        ("This was an important limitation of our study.", []),
        ("There are some limitations to the interpretation of these results.", []),
        (
            "This pilot study examined the effect of menu labeling with caloric information "
            "and exercise equivalents (EE) on food selection.",
            [],
        ),
        (
            "Our pilot study provides a reasonable basis for promoting these "
            "non-pharmacological interventions for ICU patients.",
            [],
        ),
        (
            "However, our results demonstrate large variations in the effect of resistance "
            "training in this small sample.",
            ["sample size"],
        ),
        ("However, a limitation of the study was its short follow-up time.", ["stated limit"]),
        (  # a subgroup's result
            "Another unexpected finding was regarding the professional groups: only among "
            "psychiatrists did we find that their participation in COVID care was associated "
            "with higher levels of stress.",
            [],
        ),
    ],
)
def test_a_cited_source_states_its_own_limits(sentence: str, kinds: list[str]) -> None:
    assert stated_limit_kinds(sentence) == kinds
    assert own_limit_kinds(sentence) == kinds
