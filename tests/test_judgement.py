"""Judgement on published text: per-rule fixtures of real sentences (tests/data/
rule_fixtures.json, sources and licences per item), the cite-worthiness model and how it is
shipped, cached and degraded, and claims without an evidence index."""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from support.paths import DATA

from essaylint.app.scaffold import scaffold
from essaylint.audit.claims import audit_claims
from essaylint.audit.claims import cache as claims_cache
from essaylint.audit.claims import rules as claim_rules
from essaylint.audit.claims.cache import CachedDetector
from essaylint.audit.claims.citeworthiness import ModelUnavailableError, load_model
from essaylint.audit.claims.features import FEATURE_NAMES
from essaylint.audit.findings import Rule
from essaylint.audit.rubric import coverage as rubric_coverage
from essaylint.audit.rubric import rules as rubric_rules
from essaylint.audit.rubric.records import Criterion, Rubric, rubric_to_dict
from essaylint.audit.rubric.yamlio import render_rubric_yaml
from essaylint.audit.shipped_model import TEXT_ONLY, WITH_EMBEDDING
from essaylint.audit.style import audit_style
from essaylint.audit.style import rules as style_rules
from essaylint.cli.main import cli
from essaylint.config.style import StyleSettings
from essaylint.core.ports import LazyEmbedder
from essaylint.core.store import ResultCache
from essaylint.draft import parse_draft_text
from essaylint.index.embed import MiniLMEmbedder, get_embedder

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = json.loads((DATA / "rule_fixtures.json").read_text(encoding="utf-8"))["items"]
TRAIN_SCRIPT = ROOT / "bench" / "citeworth_train.py"
TRAINING_DATA = ROOT / "bench" / "data" / "citeworth.jsonl.gz"


def _ids(items: list[dict]) -> list[str]:
    return [f"{i['rule']}:{'fires' if i['fires'] else 'silent'}:{i['text'][:30]}" for i in items]


CLAIM_FIXTURES = [i for i in FIXTURES if i["rule"].startswith("claim/")]
STYLE_FIXTURES = [i for i in FIXTURES if i["rule"].startswith("style/")]


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return get_embedder()  # type: ignore[return-value]


def _claim_rules(text: str, detector: CachedDetector) -> set[str]:
    _, findings = audit_claims(parse_draft_text(text + "\n"), [], detector=detector)
    return {f.rule for f in findings}


# -- fixtures of published text ----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("item", CLAIM_FIXTURES, ids=_ids(CLAIM_FIXTURES))
def test_claim_rules_on_published_sentences(item: dict, embedder: MiniLMEmbedder) -> None:
    """Prior work and facts about the world need their citation; the writer's own method,
    data, figures and numbers do not (with the sentence vector, as the engine runs it)."""
    fired = item["rule"] in _claim_rules(item["text"], CachedDetector(embedder=embedder))
    assert fired == item["fires"], (item["why"], item["source"]["paper_id"])


@pytest.mark.parametrize(
    "item",
    [i for i in CLAIM_FIXTURES if i["rule"] == "claim/needs-evidence"],
    ids=_ids([i for i in CLAIM_FIXTURES if i["rule"] == "claim/needs-evidence"]),
)
def test_text_only_model_agrees_on_the_published_sentences(item: dict) -> None:
    """Without an embedder (or with another embedding model) the text-only variant decides."""
    fired = item["rule"] in _claim_rules(item["text"], CachedDetector())
    assert fired == item["fires"], item["why"]


@pytest.mark.parametrize("item", STYLE_FIXTURES, ids=_ids(STYLE_FIXTURES))
def test_style_rules_on_published_sentences(item: dict) -> None:
    if item["rule"] in ("style/unclear-reference", "style/paragraph-opening"):
        pytest.importorskip("spacy")
    settings = StyleSettings(use_spacy="always")
    _, findings = audit_style(parse_draft_text(item["text"] + "\n"), settings)
    assert (item["rule"] in {f.rule for f in findings}) == item["fires"], item["why"]


def test_every_finding_of_the_claim_rules_says_how_sure_it_is() -> None:
    text = "\n\n".join(i["text"] for i in CLAIM_FIXTURES)
    _, findings = audit_claims(parse_draft_text(text + "\n"), [])
    assert findings and all(f.confidence is not None for f in findings)
    for finding in findings:
        if finding.rule == "claim/needs-evidence":
            assert finding.confidence == round(float(finding.data["citeworthiness"]), 2)


# -- the model ---------------------------------------------------------------------------------


def _script_settings() -> dict:
    """SETTINGS as bench/citeworth_train.py writes them (read, not imported: no scikit-learn)."""
    tree = ast.parse(TRAIN_SCRIPT.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "SETTINGS":
            return ast.literal_eval(node.value)
    raise AssertionError("SETTINGS not found in bench/citeworth_train.py")


def test_the_shipped_model_was_trained_on_the_shipped_data_with_the_scripts_settings() -> None:
    model = load_model()
    raw = gzip.decompress(TRAINING_DATA.read_bytes())
    assert model.training["data_sha256"] == hashlib.sha256(raw).hexdigest()
    assert model.training["n_sentences"] == len(raw.splitlines())
    assert model.training["settings"] == _script_settings()
    assert model.training["script"] == "bench/citeworth_train.py"
    assert model.hedge_factor == _script_settings()["hedge_factor"]
    assert set(model.variants) == {WITH_EMBEDDING, TEXT_ONLY}
    full = model.variants[WITH_EMBEDDING]
    assert full.embedding_model == MiniLMEmbedder.model_id
    assert len(full.weights_embedding) == MiniLMEmbedder.dim
    assert len(full.weights_features) == len(FEATURE_NAMES)


def test_another_embedding_model_gets_the_text_only_variant() -> None:
    model = load_model()
    assert model.variant_for(MiniLMEmbedder.model_id).name == WITH_EMBEDDING
    assert model.variant_for("text-embedding-005@vertex").name == TEXT_ONLY
    assert model.variant_for(None).name == TEXT_ONLY


@pytest.mark.parametrize("variant", [WITH_EMBEDDING, TEXT_ONLY])
def test_a_hedge_lowers_the_score(variant: str, embedder: MiniLMEmbedder) -> None:
    model = load_model()
    plain = "Studies have shown that graminoids respond strongly to warming."
    hedged = "Studies have shown that graminoids may respond strongly to warming."
    chosen = model.variants[variant]
    vectors = embedder.embed_queries([plain, hedged]) if chosen.uses_embedding else [None, None]
    scores = [model.score(chosen, t, v) for t, v in zip((plain, hedged), vectors, strict=True)]
    assert scores[1] < scores[0]
    hedged_p = chosen.probability(hedged, vectors[1])
    assert scores[1] == pytest.approx(hedged_p * model.hedge_factor)


# -- cache and degradation ---------------------------------------------------------------------


class CountingEmbedder:
    """The shipped MiniLM, counting what it is asked to embed."""

    model_id = MiniLMEmbedder.model_id
    dim = MiniLMEmbedder.dim

    def __init__(self, inner: MiniLMEmbedder) -> None:
        self.inner = inner
        self.texts: list[str] = []

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        self.texts += list(texts)
        return self.inner.embed_queries(texts)


class BrokenEmbedder:
    model_id = MiniLMEmbedder.model_id
    dim = MiniLMEmbedder.dim

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        raise RuntimeError("onnxruntime session failed")


SENTENCES = [i["text"] for i in CLAIM_FIXTURES[:4]]


def test_scores_are_cached_per_sentence(tmp_path: Path, embedder: MiniLMEmbedder) -> None:
    counting = CountingEmbedder(embedder)
    path = tmp_path / "claims.json"
    first = CachedDetector(ResultCache(path), embedder=counting).analyse(SENTENCES)
    assert sorted(counting.texts) == sorted(SENTENCES)
    again = CachedDetector(ResultCache(path), embedder=counting).analyse(SENTENCES)
    assert len(counting.texts) == len(SENTENCES)  # nothing embedded the second time
    assert [a.citeworthiness for a in again] == [a.citeworthiness for a in first]


def test_a_broken_embedder_degrades_to_the_text_model_with_one_note() -> None:
    detector = CachedDetector(embedder=BrokenEmbedder())
    analyses = detector.analyse(SENTENCES)
    assert all(a.citeworthiness is not None for a in analyses)
    (note,) = detector.notes
    assert "embedding model could not be used" in note and "RuntimeError" in note
    text_only = CachedDetector().analyse(SENTENCES)
    assert [a.citeworthiness for a in analyses] == [a.citeworthiness for a in text_only]


def test_a_missing_model_degrades_with_one_note(monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable() -> None:
        raise ModelUnavailableError("the cite-worthiness model could not be read (test)")

    monkeypatch.setattr(claims_cache, "load_model", unavailable)
    detector = CachedDetector()
    _, findings = audit_claims(parse_draft_text(SENTENCES[0] + "\n"), [], detector=detector)
    assert not any(f.rule == "claim/needs-evidence" for f in findings)
    (note,) = detector.notes
    assert note.startswith("the cite-worthiness model could not be read")


# -- claims without an index -------------------------------------------------------------------


def test_audit_only_claims_runs_without_an_index_on_a_draft_without_citations(
    tmp_path: Path,
) -> None:
    scaffold(tmp_path)
    draft = tmp_path / "drafts" / "essay.md"
    draft.write_text(
        "# Essay\n\n## Background\n\n"
        "More recently, Karpathy et al. showed the existence of individual cells in LSTMs that "
        "kept track of quotes and brackets in character-level language models.\n"
    )
    runner = CliRunner()
    result = runner.invoke(cli, ["-C", str(tmp_path), "audit", "--only", "claims", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)["drafts"]
    claims = report["audits"]["claims"]
    assert [f["rule"] for f in claims["findings"]] == ["claim/needs-evidence"]
    assert not any("index" in note for note in claims["notes"])
    draft.write_text("Staff were scarce (Smith, 2015){#doc_12345678}.\n")
    cited = runner.invoke(cli, ["-C", str(tmp_path), "audit", "--only", "claims"])
    assert cited.exit_code == 2 and "no evidence index" in cited.output


# -- measured precision ------------------------------------------------------------------------

JUDGED_RULES = [*claim_rules.RULES, *style_rules.RULES, *rubric_rules.RULES]


def _leading_figure(precision: str) -> float | None:
    """The figure a rule's precision starts with (None: exact by construction)."""
    head = precision.split(":")[0].split(" ")[0]
    return None if precision.startswith("exact") else float(head)


@pytest.mark.parametrize("rule", JUDGED_RULES, ids=[r.id for r in JUDGED_RULES])
def test_a_warning_needs_a_measured_precision_of_at_least_0_8(rule: Rule) -> None:
    """Issue 19: a rule under 0.8 on published prose is information, never a warning."""
    if rule.severity == "warning":
        figure = _leading_figure(rule.precision)
        assert figure is None or figure >= 0.8, rule.precision


def _style_readings() -> dict[str, Counter]:
    """Verdicts of the measurement samples of bench/data/style_verdicts.jsonl, per rule."""
    counts: dict[str, Counter] = {}
    for line in (ROOT / "bench" / "data" / "style_verdicts.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row["sample"] == "measure":
            counts.setdefault(row["rule"], Counter())[row["verdict"]] += 1
    return counts


READINGS = _style_readings()
READ_RULES = sorted(rule for rule, verdicts in READINGS.items() if "measurement" not in verdicts)


@pytest.mark.parametrize("rule_id", READ_RULES)
def test_style_precision_and_confidence_are_the_recorded_reading(rule_id: str) -> None:
    verdicts = READINGS[rule_id]
    read = verdicts["right"] + verdicts["borderline"] + verdicts["wrong"]
    rule = next(r for r in style_rules.RULES if r.id == rule_id)
    right = verdicts["right"]
    if not rule.precision.startswith("not measured"):  # too few findings to give a figure
        assert rule.precision.startswith(f"{right / read:.2f}: {right} of {read} ")
    expected = (verdicts["right"] + verdicts["borderline"] / 2 + 1) / (read + 2)
    assert style_rules.CONFIDENCE[rule_id] == round(expected, 2)


def test_rubric_without_its_embedding_model_checks_sections_with_one_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing_model() -> MiniLMEmbedder:
        raise OSError("model.onnx not found")

    monkeypatch.setattr(
        rubric_coverage,
        "local_embedder",
        lambda settings: LazyEmbedder(MiniLMEmbedder.model_id, MiniLMEmbedder.dim, missing_model),
    )
    scaffold(tmp_path)
    rubric = Rubric(
        criteria=[Criterion("C1", "Critical appraisal of the evidence")],
        required_sections=["Introduction", "Conclusion"],
    )
    (tmp_path / "rubric.yaml").write_text(render_rubric_yaml(rubric_to_dict(rubric)))
    (tmp_path / "drafts" / "essay.md").write_text(
        "# Essay\n\n## Introduction\n\nThe trial was small and its findings may not generalise."
        "\n\n## Conclusion\n\nA larger trial is needed.\n"
    )
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "audit", "--only", "rubric", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)["drafts"]
    audit = report["audits"]["rubric"]
    (note,) = audit["notes"]
    assert note.startswith("the embedding model could not be used (OSError: model.onnx")
    assert [(r["kind"], r["status"]) for r in audit["rows"]] == [
        ("section", "COVERED"),
        ("section", "COVERED"),
    ]
    assert audit["findings"] == []  # the criterion is not judged, so never "not covered"
