"""`essaylint query` end to end on a real index of three real PDFs and one guidance file."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.paths import CORPUS

from essaylint.app.ingest import run_ingest
from essaylint.app.query import open_retriever, replay
from essaylint.app.scaffold import scaffold
from essaylint.cli.main import cli
from essaylint.config import load_config
from essaylint.core.errors import EssaylintError
from essaylint.core.project import Project
from essaylint.retrieve.engine import Retriever
from essaylint.retrieve.quotes import word_count
from essaylint.retrieve.records import Filters, QueryInputs
from essaylint.retrieve.service import answer

PDFS = (
    "tully2010_rrp_heart_failure_programmes.pdf",
    "datta2010_jtmo_dvt_prophylaxis_review.pdf",
    "agyemanduah2014_bmc_hsr_quality_improvement_malawi.pdf",
)
TULLY, DATTA, MALAWI = "doc_354b33f6", "doc_d22385dc", "doc_439d7ab5"
TULLY_AUTHORS = "Tully, Nuala E.; Morgan, Karen M.; Burke, Helen M.; McGee, Hannah M."
FOCUS = "focus groups with heart failure patients"
GUIDANCE = (
    "# Essay guidance\n\nWrite 1,500 words. Discuss focus groups with heart failure patients "
    "and cite the evidence with page numbers. Marking: structure 30%, evidence 50%.\n"
)


def set_library(project: Project, doc_uid: str, **values: str) -> None:
    path = project.library_csv
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if row["doc_uid"] == doc_uid:
            row.update(values)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("essay")
    scaffold(root)
    for name in PDFS:
        shutil.copyfile(CORPUS / name, root / "raw" / "evidence" / name)
    (root / "raw" / "instruction" / "guidance" / "brief.md").write_text(GUIDANCE)
    project = Project(root)
    config = load_config(project.config_path)
    run_ingest(project, config)
    # The extracted metadata keeps only the first author; correct it as a student would.
    set_library(project, TULLY, authors=TULLY_AUTHORS)
    run_ingest(project, config)  # vectors are cached: this only rewrites the index
    return project


@pytest.fixture(scope="module")
def retriever(project: Project) -> Retriever:
    return open_retriever(project, load_config(project.config_path))


def ask(retriever: Retriever, question: str, **kwargs) -> list:
    inputs = QueryInputs(question, **kwargs)
    return answer(retriever, inputs, write=False).pack.items


def run_cli(project: Project, *args: str):
    return CliRunner().invoke(cli, ["-C", str(project.root), "query", *args])


def test_focus_group_question_finds_tully_first_with_a_page(retriever: Retriever) -> None:
    items = ask(retriever, FOCUS)
    assert 3 <= len(items) <= 5
    assert items[0].doc_uid == TULLY
    assert items[0].locator.has_page and items[0].locator.page_start >= 1
    assert re.fullmatch(r"\(Tully et al\., 2010, p\. \d+\)\{#doc_354b33f6\}", items[0].citation)


@pytest.mark.parametrize(
    "question",
    [FOCUS, "complications of DVT prophylaxis in trauma", "quality improvement barriers Malawi"],
)
def test_quotes_are_verbatim_short_and_items_complete(retriever: Retriever, question: str) -> None:
    items = ask(retriever, question)
    parents = retriever.parent_rows([i.parent_id for i in items])
    for item in items:
        text = parents[item.parent_id].text
        assert item.quote and item.quote in text
        assert text[item.quote_start : item.quote_end] == item.quote
        assert word_count(item.quote) <= 60
        assert item.doc_uid and item.parent_id and item.citable
        assert item.citation.endswith(f"{{#{item.doc_uid}}}")
        for segment in item.segments:
            assert segment["text"] == text[segment["char_start"] : segment["char_end"]]
            assert len(segment["child_ids"]) <= 8


def test_evidence_mode_never_returns_guidance_and_instruction_mode_only_it(
    retriever: Retriever,
) -> None:
    for question in (FOCUS, "essay guidance marking structure evidence"):
        assert all(i.source_type == "evidence_document" for i in ask(retriever, question))
    instruction = ask(retriever, "how is the essay marked", mode="instruction")
    assert instruction and {i.source_type for i in instruction} == {"guidance"}
    assert all(not i.citable for i in instruction)


def test_non_citable_source_is_refused_in_evidence_mode(project: Project, tmp_path: Path) -> None:
    copy = Project(tmp_path / "copy")
    shutil.copytree(project.root, copy.root)
    set_library(copy, TULLY, citable="false")  # edited after the build: the index disagrees
    retriever = open_retriever(copy, load_config(copy.config_path))
    assert retriever.stale
    with pytest.raises(EssaylintError, match="not a citable source"):
        ask(retriever, FOCUS)


def test_filters(retriever: Retriever) -> None:
    recent = ask(retriever, FOCUS, filters=Filters(year=">=2011"))
    assert recent and {i.doc_uid for i in recent} == {MALAWI}
    assert ask(retriever, FOCUS, filters=Filters(year="<2010")) == []
    in_2010 = ask(retriever, FOCUS, filters=Filters(year="2010"))
    assert {i.doc_uid for i in in_2010} <= {TULLY, DATTA}
    only_datta = ask(retriever, FOCUS, filters=Filters(docs=(DATTA,)))
    assert only_datta and {i.doc_uid for i in only_datta} == {DATTA}
    key = retriever.library[MALAWI].citation_key
    by_key = ask(retriever, FOCUS, filters=Filters(where=(f"citation_key={key}",)))
    assert {i.doc_uid for i in by_key} == {MALAWI}
    assert ask(retriever, FOCUS, filters=Filters(source_types=("slides",))) == []


@pytest.mark.parametrize(
    "question", [FOCUS, "complications of DVT prophylaxis in trauma patients", "staffing"]
)
def test_papers_mode_regroups_the_evidence_mode_hits(retriever: Retriever, question: str) -> None:
    evidence = answer(retriever, QueryInputs(question), write=False).pack
    pack = answer(retriever, QueryInputs(question, mode="papers"), write=False).pack
    assert [i.parent_id for i in pack.items] == [i.parent_id for i in evidence.items]
    docs = [p.doc_uid for p in pack.papers]
    assert len(docs) == len(set(docs))
    assert set(docs) == {i.doc_uid for i in evidence.items}
    for paper in pack.papers:
        assert paper.items and all(i.doc_uid == paper.doc_uid for i in paper.items)
        assert paper.citation.endswith(f"{{#{paper.doc_uid}}}")


def test_filters_that_match_nothing_are_named(retriever: Retriever) -> None:
    def warned(filters: Filters) -> list[str]:
        pack = answer(retriever, QueryInputs(FOCUS, filters=filters), write=False).pack
        assert not pack.items and not pack.filters_matched
        return pack.warnings

    with pytest.raises(EssaylintError, match="--doc doc_zzz: no such document"):
        warned(Filters(docs=("doc_zzz",)))  # a typo is an error (with a did-you-mean)
    assert "--year <1900" in warned(Filters(year="<1900"))[0]
    assert "--where title=nothing" in warned(Filters(where=("title=nothing",)))[0]
    together = warned(Filters(year="2010", docs=(MALAWI,)))
    assert together[0].startswith("the filters together match none")
    matched = answer(retriever, QueryInputs(FOCUS, filters=Filters(docs=(DATTA,))), write=False)
    assert matched.pack.filters_matched and not matched.pack.warnings


def test_cli_writes_a_new_pack_per_query_and_a_replayable_record(project: Project) -> None:
    first = run_cli(project, FOCUS, "--json")
    second = run_cli(project, FOCUS, "--json")
    assert first.exit_code == 0 and second.exit_code == 0, first.output + second.output
    a, b = json.loads(first.output), json.loads(second.output)
    assert a["query_id"] != b["query_id"]
    for pack in (a, b):
        markdown = (project.root / pack["markdown_path"]).read_text()
        assert pack["query_id"] in markdown and "LOCATOR_QUALITY" in markdown
        assert "rerank: none (no offline reranker)" in markdown
    record_path = project.root / a["run_path"]
    record = json.loads(record_path.read_text())
    assert record["build_id"] == a["build_id"] and record["inputs"]["question"] == FOCUS
    replayed = replay(project, load_config(project.config_path), record_path)
    assert [(r["parent_id"], r["child_ids"], r["retrieval_score"]) for r in record["returned"]] == [
        (i.parent_id, i.matched_children, i.retrieval_score) for i in replayed.pack.items
    ]
    assert replayed.record["candidates"] == record["candidates"]


def test_fusion_is_configurable_and_recorded_and_old_records_replay_with_rrf(
    project: Project, retriever: Retriever
) -> None:
    config = load_config(project.config_path)
    assert (retriever.params.fusion, retriever.params.dense_weight) == ("cc", 0.6)
    by_scores = retriever.search(QueryInputs(FOCUS))
    assert 0 < by_scores[0].score <= 1.0  # the lists' shares sum to 1
    by_ranks = open_retriever(project, config, replace(retriever.params, fusion="rrf"))
    rrf_hits = by_ranks.search(QueryInputs(FOCUS))
    assert rrf_hits[0].score <= 2 / (retriever.params.rrf_k + 1)
    assert {h.child_id for h in rrf_hits} == {h.child_id for h in by_scores}
    result = answer(retriever, QueryInputs(FOCUS))
    assert result.record["parameters"]["fusion"] == "cc"
    old = json.loads(json.dumps(result.record))
    del old["parameters"]["fusion"], old["parameters"]["dense_weight"]
    old_path = project.root / "meta" / "query_runs" / "before-fusion.json"
    old_path.write_text(json.dumps(old), encoding="utf-8")
    replayed = replay(project, config, old_path)
    assert replayed.record["parameters"]["fusion"] == "rrf"
    rrf_pack = answer(by_ranks, QueryInputs(FOCUS), write=False).pack
    assert [i.retrieval_score for i in replayed.pack.items] == [
        i.retrieval_score for i in rrf_pack.items
    ]


def test_cli_terminal_output_and_batch_jsonl(project: Project, tmp_path: Path) -> None:
    shown = run_cli(project, FOCUS, "--limit", "3")
    assert shown.exit_code == 0 and "Tully et al." in shown.output
    assert "outputs/evidence/" in shown.output
    batch = tmp_path / "q.jsonl"
    batch.write_text(
        json.dumps({"id": "q1", "text": "心力衰竭患者的焦点小组", "en": FOCUS})
        + "\n"
        + json.dumps({"id": "q2", "text": "DVT prophylaxis complications in trauma"})
        + "\n"
    )
    result = run_cli(project, "--batch", str(batch), "--json")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line["id"] for line in lines] == ["q1", "q2"]
    assert lines[0]["en"] == FOCUS and lines[0]["items"][0]["doc_uid"] == TULLY
    assert lines[1]["items"][0]["doc_uid"] == DATTA


def test_cli_unknown_doc_is_an_error_and_an_empty_filtered_answer_warns(project: Project) -> None:
    typo = DATTA[:-1] + ("0" if DATTA[-1] != "0" else "1")
    result = run_cli(project, FOCUS, "--doc", typo)
    assert result.exit_code == 2
    assert f"--doc {typo}: no such document in library.csv" in result.stderr
    assert f"did you mean {DATTA}?" in result.stderr
    result = run_cli(project, FOCUS, "--year", "<1900")
    assert result.exit_code == 1
    assert "warning: --year <1900: no document of the library has such a year" in result.stderr
    assert "No passage matched" not in result.output


def test_missing_index_is_exit_2_with_hint(tmp_path: Path) -> None:
    scaffold(tmp_path / "empty")
    result = run_cli(Project(tmp_path / "empty"), "anything")
    assert result.exit_code == 2
    assert "no index yet" in result.output and "essaylint ingest" in result.output


def test_stale_index_is_reported_not_fatal(project: Project, tmp_path: Path) -> None:
    copy = Project(tmp_path / "copy")
    shutil.copytree(project.root, copy.root)
    (copy.raw / "evidence" / "new.md").write_text("# New\n\nA new source about nothing.\n")
    result = run_cli(copy, FOCUS, "--json")
    assert result.exit_code == 0
    assert "index is stale: run essaylint ingest" in result.output
    pack = json.loads(result.output[result.output.index("{") :])
    assert pack["stale"] is True
    markdown = (copy.root / pack["markdown_path"]).read_text()
    assert "index is stale: run essaylint ingest" in markdown


def test_chinese_question_with_english_form_searches_dense_on_the_english_only(
    retriever: Retriever,
) -> None:
    zh = QueryInputs("心力衰竭患者的焦点小组", en=FOCUS)
    assert retriever.list_weights(zh) == {"dense_question": 0.0}
    lists = retriever.ranked_lists(zh, retriever.where(zh) or "")
    assert set(lists) == {"dense_en", "bm25"}
    assert [h.child_id for h in retriever.search(zh)] == [
        h.child_id for h in retriever.search(QueryInputs(FOCUS))
    ]
    # An English (or other Latin-script) question keeps both dense lists at full weight.
    both = QueryInputs("heart failure focus groups", en=FOCUS)
    assert retriever.list_weights(both) == {}
    assert set(retriever.ranked_lists(both, retriever.where(both) or "")) == {
        "dense_question",
        "dense_en",
        "bm25",
    }


def test_stale_check_notices_an_edit_that_keeps_the_file_size(
    project: Project, tmp_path: Path
) -> None:
    copy = Project(tmp_path / "copy")
    shutil.copytree(project.root, copy.root)
    config = load_config(copy.config_path)
    assert not open_retriever(copy, config).stale
    assert not open_retriever(copy, config).stale  # the cached stat signature answers
    brief = copy.raw / "instruction" / "guidance" / "brief.md"
    text = brief.read_text()
    brief.write_text(text.replace("1,500", "1,600"))
    assert len(brief.read_text()) == len(text)
    assert open_retriever(copy, config).stale


def test_lean_lancedb_import_keeps_the_rest_client_usable() -> None:
    code = (
        "import sys\n"
        "from essaylint.retrieve.engine import _lean_lancedb_import\n"
        "_lean_lancedb_import()\n"
        "import lancedb\n"
        "assert 'lance_namespace_urllib3_client.api' not in sys.modules\n"
        "import lance_namespace_urllib3_client as client\n"
        "assert client.ApiClient and client.TableApi\n"
        "from lance_namespace_urllib3_client import Configuration\n"
        "assert 'lance_namespace_urllib3_client.api' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
