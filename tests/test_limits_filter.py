"""The `limits` filter of the counterevidence search (issue #22): what it keeps of the cues'
items, on sentences of published trial reports read blind (bench/data/
counterevidence_limits_verdicts_fulltext.jsonl; Evidence Inference, PubMed Central, CC BY),
and end to end through `essaylint query --counter` on two of those articles
(tests/data/counterevidence_limits_filter.json)."""

from __future__ import annotations

import glob
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from essaylint.audit.counterevidence.limits_filter import (
    CUE_KINDS,
    FEATURE_NAMES,
    features,
    load_filter,
)
from essaylint.audit.shipped_model import TEXT_ONLY, WITH_EMBEDDING
from essaylint.cli.main import cli
from essaylint.core.project import Project

ROOT = Path(__file__).resolve().parents[1]
ARTICLES = Path(__file__).parent / "data" / "counterevidence_limits_filter.json"

# (claim, sentence, cues, the reader's verdict): items of the counterevidence bench's full-text
# pools 3 and 4, each claim its article's conclusion, as the helpers read them.
READ = [
    (
        "Amikacin sulfate bladder wash was effective in preventing CAUTI.",
        "The main limitation of this study was the small sample size and the fact that the main "
        "researcher was not blinded to the study.",
        ("own limitation", "sample size", "stated limit"),
        "right",
    ),
    (
        "The safety profile of dovitinib plus fulvestrant was consistent with the known safety "
        "profile of single-agent dovitinib.",
        "These data should be interpreted with caution owing to the small sample size.",
        ("own limitation", "sample size", "stated limit"),
        "right",
    ),
    (
        "A primary care-based heart failure self-management program designed for patients with "
        "low literacy reduces the risk of hospitalizations or death.",
        "Because of the small sample size and the unequal distribution of baseline "
        "characteristics, we adjusted for baseline differences using linear regression.",
        ("own limitation", "sample size"),
        "borderline",  # a method note: it concedes a small sample to justify an adjustment
    ),
    (
        "We found an enhanced preference for the low level-pain paired cue and enhanced TH "
        "expression in the VTA of the Placebo and Placebo + Naloxone groups.",
        "There were a number of limitations in this study.",
        ("own limitation", "stated limit"),
        "wrong",  # announces limitations and names none
    ),
    (
        "Total amount of absorbed iron is similar between cooked and raw bananas.",
        "More studies are needed to determine the effect of resistant starch on iron absorption "
        "from different food sources including bananas.",
        ("stated limit",),
        "borderline",  # research on another question
    ),
]


def test_the_shipped_filter_was_fitted_on_the_verdicts_in_the_repository() -> None:
    """bench/limits_filter_train.py wrote it from exactly these files (rerun it after adding
    verdicts)."""
    digest = hashlib.sha1()
    pattern = ROOT / "bench" / "data" / "counterevidence_limits_verdicts*.jsonl"
    for path in sorted(glob.glob(str(pattern))):
        digest.update(Path(path).read_bytes())
    model = load_filter()
    assert model.training["data_digest"] == digest.hexdigest()[:16]
    assert model.training["script"] == "bench/limits_filter_train.py"
    assert set(model.variants) == {WITH_EMBEDDING, TEXT_ONLY}
    assert len(features("a sentence", ())) == len(FEATURE_NAMES)


def test_the_embedding_variant_only_for_its_own_embedder() -> None:
    model = load_filter()
    full = model.variants[WITH_EMBEDDING]
    assert model.variant_for(full.embedding_model) is full
    assert model.variant_for("some-other-embedder") is model.variants[TEXT_ONLY]
    assert model.variant_for(None) is model.variants[TEXT_ONLY]
    with pytest.raises(ValueError, match="vector"):
        full.probability("The sample was small.", ("sample size",))


@pytest.mark.parametrize(("claim", "sentence", "cues", "verdict"), READ)
def test_keeps_what_a_reader_called_right(
    claim: str, sentence: str, cues: tuple[str, ...], verdict: str
) -> None:
    from essaylint.index.embed import MiniLMEmbedder, get_embedder

    embedder = get_embedder()
    assert embedder.model_id == MiniLMEmbedder.model_id
    model = load_filter()
    full = model.variant_for(embedder.model_id)
    claim_vector, vector = embedder.embed_queries([claim, sentence])
    p_full = full.probability(sentence, cues, vector, float(vector @ claim_vector))
    text = model.variants[TEXT_ONLY]
    p_text = text.probability(sentence, cues)
    assert (p_full >= full.threshold) == (verdict == "right"), p_full
    assert (p_text >= text.threshold) == (verdict == "right"), p_text


@pytest.fixture(scope="module")
def trial_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Project, list[dict[str, Any]]]:
    """Two trial reports, each its title, its conclusion and the paragraph where the cues
    find a limitation."""
    from essaylint.app.ingest import run_ingest
    from essaylint.app.scaffold import scaffold
    from essaylint.config import load_config

    documents = json.loads(ARTICLES.read_text(encoding="utf-8"))["documents"]
    root = tmp_path_factory.mktemp("limits") / "essay"
    scaffold(root)
    for doc in documents:
        body = f"# {doc['title']}\n\n{doc['claim']}\n\n{doc['paragraph']}\n"
        (root / "raw" / "evidence" / f"{doc['pmc']}.md").write_text(body, encoding="utf-8")
    project = Project(root)
    run_ingest(project, load_config(project.config_path))
    return project, documents


def _limits(project: Project, doc: dict[str, Any]) -> list[dict[str, Any]]:
    from essaylint.ingest.library import library_entries

    entries = library_entries(project.library_csv)
    uid = next(u for u, e in entries.items() if e.source_path.endswith(f"{doc['pmc']}.md"))
    args = ["-C", str(project.root), "query", doc["claim"], "--counter", "--doc", uid, "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    items = json.loads(result.stdout)["items"]
    return [i for i in items if i["relation"] == "limits" and i["doc_uid"] == uid]


def test_a_stated_limitation_is_an_item_a_method_note_is_not(
    trial_repo: tuple[Project, list[dict[str, Any]]],
) -> None:
    project, (amikacin, heart_failure) = trial_repo
    (item,) = _limits(project, amikacin)
    assert item["quote"].startswith(amikacin["quote_start"])
    assert 0.5 <= item["confidence"] <= 1.0  # the filter's probability
    quotes = [i["quote"] for i in _limits(project, heart_failure)]
    assert not [q for q in quotes if q.startswith(heart_failure["quote_start"])], quotes


@given(quote=st.text(max_size=400), cues=st.lists(st.sampled_from(CUE_KINDS), max_size=3))
def test_any_sentence_gets_a_probability(quote: str, cues: list[str]) -> None:
    values = features(quote, cues)
    assert len(values) == len(FEATURE_NAMES) and all(0.0 <= v <= 1.0 for v in values)
    assert 0.0 < load_filter().variants[TEXT_ONLY].probability(quote, cues) < 1.0
