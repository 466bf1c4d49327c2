"""Style audit (SPEC §6): the sample essay, one unit case per rule, waivers, offline textstat."""

from __future__ import annotations

import socket
from dataclasses import asdict
from pathlib import Path

import pytest
import yaml
from support.paths import SAMPLE

from essaylint.audit.engine import finalise
from essaylint.audit.style import RULES, audit_style, readability_by_section, render_style_table
from essaylint.config.schema import Config
from essaylint.config.style import StyleSettings, resolve_word_limit
from essaylint.draft import Draft, parse_draft, parse_draft_text

SAMPLE = SAMPLE / "essay.md"
NEVER = StyleSettings(use_spacy="never")


def styled(
    draft: Draft, settings: StyleSettings = NEVER, severity: dict | None = None, **kwargs: object
) -> tuple[list, list]:
    """The style audit as the engine reports it: essaylint.yaml's severities and the draft's
    waivers applied."""
    rows, found = audit_style(draft, settings, **kwargs)  # type: ignore[arg-type]
    config = Config()
    config.audit.severity = severity or {}
    return rows, finalise(found, draft, config)


def findings(text: str, rule: str, settings: StyleSettings = NEVER, **kwargs: object) -> list:
    _, found = styled(parse_draft_text(text), settings, **kwargs)
    return [f for f in found if f.rule == rule]


def lines(text: str, rule: str, **kwargs: object) -> list[int]:
    return [f.line for f in findings(text, rule, **kwargs)]


# -- the sample essay --------------------------------------------------------------------------


def test_sample_essay_only_d05_is_very_long_and_over_35_is_info() -> None:
    rows, found = styled(parse_draft(SAMPLE))
    long = [f for f in found if f.rule == "style/very-long-sentence"]
    assert [(f.line, f.column, f.data["words"]) for f in long] == [(25, 1, 69)]
    assert long[0].severity == "warning"
    over_35 = [f.line for f in found if f.rule == "style/long-sentence"]
    assert 25 not in over_35 and over_35 == sorted(over_35) and over_35
    assert all(f.severity == "info" for f in found if f.rule == "style/long-sentence")
    assert "Split it at" in long[0].suggestion
    table = render_style_table("essay.md", [asdict(r) for r in rows], "")
    assert "\n| line | rule | excerpt | suggestion |\n" in table
    assert "| 25 | style/very-long-sentence | Shortages also interact" in table


def test_sample_essay_no_false_spelling_or_abbreviation() -> None:
    _, found = styled(parse_draft(SAMPLE))
    rules = {f.rule for f in found}
    assert "style/spelling-mix" not in rules  # British throughout (programmes, organisational)
    assert "style/undefined-abbreviation" not in rules  # QI and DVT defined at first use
    assert all(f.severity != "error" for f in found)


# -- sentence rules ----------------------------------------------------------------------------


def test_long_sentence_threshold_and_citation_not_counted() -> None:
    words = " ".join(["word"] * 40)
    text = f"{words} (Smith, 2020, pp. 1-2){{#doc_12345678}}.\n"
    assert lines(text, "style/long-sentence", settings=StyleSettings(max_sentence_words=50)) == []
    assert lines(text, "style/long-sentence", settings=StyleSettings(max_sentence_words=35)) == [1]


def test_filler_fires_and_at_most_does_not() -> None:
    text = "We cut costs in order to save staff time.\nAt most three wards had nurses.\n"
    found = findings(text, "style/filler")
    assert [(f.line, f.column) for f in found] == [(1, 14)]
    assert "'to'" in found[0].suggestion


def test_filler_ignored_in_quotes_code_and_citations() -> None:
    text = (
        'The report said "it is important to note that staff left" and moved on.\n'
        "The flag `in order to` is code, not prose.\n"
    )
    assert lines(text, "style/filler") == []


def test_stacked_hedges() -> None:
    text = "This may possibly reduce errors.\nStaff may not attend and perhaps leave.\n"
    assert lines(text, "style/stacked-hedges") == [1]


PARSED = StyleSettings(use_spacy="always")


def test_unclear_reference_this_verb_but_not_this_noun() -> None:
    pytest.importorskip("spacy")
    text = (
        "Nurses left the ward.\nThis shows the problem.\n"
        "Managers cut budgets.\nThis approach failed.\n"
    )
    assert lines(text, "style/unclear-reference", settings=PARSED) == [2]


def test_unclear_reference_expletive_it_is_fine() -> None:
    pytest.importorskip("spacy")
    text = "It is clear that staff matter.\n\nIt argues for change in every ward.\n"
    assert lines(text, "style/unclear-reference", settings=PARSED) == [3]


def test_unclear_reference_never_fires_from_word_lists_alone() -> None:
    """Without the parse, "This shows" and "This shortage" look alike: the rule stays silent."""
    text = "Nurses left the ward.\nThis shows the problem.\n\nIt argues for change.\n"
    assert lines(text, "style/unclear-reference") == []


def test_nominalisation_chain() -> None:
    text = "The evaluation of the implementation of the regulation was slow.\nStaff met.\n"
    found = findings(text, "style/nominalisation")
    assert [f.line for f in found] == [1]
    assert "evaluate" in found[0].suggestion


def test_empty_sentence() -> None:
    text = "This is a very important issue in today's world.\nNurses in Lilongwe left.\n"
    assert lines(text, "style/empty-sentence") == [1]


# -- paragraph and section rules ---------------------------------------------------------------


def test_paragraph_length_and_opening() -> None:
    long_para = " ".join(["Staff shortages limit care on wards."] * 50)
    text = f"Why do programmes fail?\n\n{long_para}\n"
    assert lines(text, "style/paragraph-length") == [1, 3]
    assert lines(text, "style/paragraph-opening") == [1]


def test_paragraph_opening_citation_led() -> None:
    text = "(Smith, 2020){#doc_12345678} found shortages on wards.\n"
    assert lines(text, "style/paragraph-opening") == [1]


def test_section_link_and_mean_length() -> None:
    body = "Nurses left. Wards closed. Budgets fell. Staff met."
    text = f"## First\n\n{body}\n\n## Second\n\n{body} Therefore the next part follows.\n"
    assert lines(text, "style/section-link") == [3]
    assert lines(text, "style/mean-sentence-length") == [1, 5]


def test_long_sentence_share() -> None:
    long = "Staff " + " ".join(["word"] * 39) + "."
    text = f"## A\n\n{long} {long} Short one here. Another short one.\n"
    assert lines(text, "style/long-sentence-share") == [1]


# -- draft-wide rules --------------------------------------------------------------------------


def test_word_count_margin_and_rubric_limit(tmp_path: Path) -> None:
    text = " ".join(["word"] * 99) + ".\n"
    assert lines(text, "style/word-count", word_limit=100) == [1]  # within the 2% margin
    assert lines(text, "style/word-count", word_limit=200) == []
    rubric = tmp_path / "rubric.yaml"
    rubric.write_text("word_limit: 1,500\ncriteria: []\n", encoding="utf-8")
    assert resolve_word_limit(StyleSettings(), rubric) == 1500
    assert resolve_word_limit(StyleSettings(word_limit=900), rubric) == 900
    assert resolve_word_limit(StyleSettings(), tmp_path / "missing.yaml") is None


def test_spelling_mix_but_not_oxford_programs_or_names() -> None:
    mixed = "The colour of wards matters.\nThe color of walls matters.\nThe colour stays.\n"
    found = findings(mixed, "style/spelling-mix")
    assert [f.line for f in found] == [2]
    oxford = (
        "The organization chose a colour.\nThe World Health Organisation agreed.\n"
        "A computer program and a programme ran.\n"
    )
    assert lines(oxford, "style/spelling-mix") == []


def test_undefined_abbreviation() -> None:
    text = "The NHS uses QI widely.\nQuality improvement (QI) is common.\nThe UK agrees.\n"
    found = findings(text, "style/undefined-abbreviation")
    assert [(f.line, f.excerpt if hasattr(f, "excerpt") else f.data["excerpt"]) for f in found] == [
        (1, "NHS"),
        (1, "QI"),
    ]
    assert "defined later, on line 2" in found[1].message


# -- waivers, overrides, config ----------------------------------------------------------------


def test_waivers_per_rule() -> None:
    text = (
        "<!-- essaylint-disable-next-line style/filler -->\n"
        "We act in order to help.\n"
        "<!-- essaylint-disable style/stacked-hedges -->\n"
        "It may possibly help in order to heal.\n"
        "<!-- essaylint-enable style/stacked-hedges -->\n"
        "It may possibly help.\n"
    )
    assert lines(text, "style/filler") == [4]
    assert lines(text, "style/stacked-hedges") == [6]


def test_severity_overrides() -> None:
    draft = parse_draft_text("We act in order to help. This may possibly help.\n")
    _, found = styled(draft, NEVER, {"style/filler": "off", "style/stacked-hedges": "error"})
    pairs = {
        (f.rule, f.severity) for f in found if f.rule in ("style/filler", "style/stacked-hedges")
    }
    assert pairs == {("style/stacked-hedges", "error")}
    _, found = styled(draft, NEVER, {"style": "off"})
    assert found == []


def test_template_style_section_matches_defaults() -> None:
    template = Path(__file__).resolve().parents[1] / "templates" / "essaylint.yaml"
    data = yaml.safe_load(template.read_text())["style"]
    assert StyleSettings(**data) == StyleSettings()
    assert set(data) == set(StyleSettings.model_fields)
    with pytest.raises(ValueError):
        StyleSettings(unknown_key=1)  # type: ignore[call-arg]
    assert len({r.id for r in RULES}) == 16


# -- readability -------------------------------------------------------------------------------


def test_readability_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("network blocked by test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    body = " ".join(["Nurses on busy wards have less time for training and supervision."] * 12)
    draft = parse_draft_text(f"## Staff\n\n{body} (Smith, 2020){{#doc_12345678}}.\n")
    scores = readability_by_section(draft)["Staff"]
    assert scores["sentences"] == 12
    assert 20 < scores["flesch_reading_ease"] < 80
    assert 5 < scores["flesch_kincaid_grade"] < 15
    _, found = styled(draft, NEVER, {"style/readability": "error"})
    readability = [f for f in found if f.rule == "style/readability"]
    assert [f.severity for f in readability] == ["info"]  # never an error
