"""Cloud backends end to end: `essaylint ingest` / `query` / `doctor` with the backends
switched on in essaylint.yaml and pointed at local fakes; the default makes no connection."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fakes import google_cloud
from fakes.google_cloud import ACCESS_TOKEN, PRIVATE_KEY_ID, FakeGoogle
from fakes.http_base import Reply
from fakes.mineru_server import SIGNATURE, TOKEN, FakeMinerU
from support.cloud_fixtures import *  # noqa: F403 (fixtures)
from support.cloud_repo import google_config, make_repo, set_config

from essaylint.cli.main import cli
from essaylint.index.lance import IndexPointer
from essaylint.retrieve.lexical import LanceFTS

QUESTION = "focus groups with heart failure patients"
SECRETS = (ACCESS_TOKEN, PRIVATE_KEY_ID, TOKEN, SIGNATURE)


def run(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-C", str(root), *args], catch_exceptions=False)
    return result.exit_code, result.output


def all_files_text(root: Path) -> str:
    chunks = []
    for path in root.rglob("*"):
        if path.is_file() and path.stat().st_size < 5_000_000 and path.name != ".env":
            chunks.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(chunks)


def assert_no_secret(*texts: str) -> None:
    for text in texts:
        for secret in SECRETS:
            assert secret not in text


def test_vertex_embeddings_and_ranking_through_ingest_and_query(
    google: FakeGoogle, adc: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = make_repo(tmp_path / "essay")
    set_config(
        root,
        embedding={"backend": "vertex"},
        retrieval={"rerank": "vertex"},
        cloud=google_config(google.url),
    )
    google.fail(":predict", Reply(429, {"error": {"message": "quota"}}), Reply(503))
    google.fail(":rank", Reply(200, "<html>not json</html>"))
    with caplog.at_level(logging.DEBUG):
        code, ingest_out = run(root, "ingest")
        assert code == 0, ingest_out
        code, query_out = run(root, "query", QUESTION, "--json")
    assert code == 0, query_out
    pack = json.loads(query_out)
    assert pack["rerank"].startswith("vertex semantic-ranker-default-004")
    assert pack["model_id"] == "vertex/gemini-embedding-001@1536"
    assert pack["items"] and "heart failure" in pack["items"][0]["snippet"].lower()
    pointer = IndexPointer.read(root / "index")
    assert pointer and pointer.dim == 1536
    predicts = google.seen(":predict")
    tasks = {r.json()["instances"][0]["task_type"] for r in predicts}
    assert tasks == {"RETRIEVAL_DOCUMENT", "RETRIEVAL_QUERY"}
    assert all(len(r.json()["instances"]) == 1 for r in predicts)
    ranks = [r for r in google.seen(":rank") if r.body]
    body = ranks[-1].json()
    assert body["model"] == "semantic-ranker-default-004" and body["ignoreRecordDetailsInResponse"]
    assert 0 < len(body["records"]) <= 200
    assert body["records"][0]["title"].count(" | ") == 3
    assert all(r.headers["authorization"] == f"Bearer {ACCESS_TOKEN}" for r in predicts)
    # Two scripted failures in a window of 20 calls: 10% > 5%.
    assert "error rate 10% > 5%" in (root / "meta" / "health_report.md").read_text()
    assert_no_secret(ingest_out, query_out, caplog.text, all_files_text(root))

    # The ranker scores citation support too (its score replaces the dense features).
    (root / "drafts" / "essay.md").write_text(
        "# Essay\n\nPatients valued structured heart failure programmes "
        "(Tully, 2010, p. 4){#doc_354b33f6}.\n"
    )
    code, out = run(root, "audit")
    assert code in (0, 1), out
    support = [r.json() for r in google.seen(":rank") if r.body and b'"c0"' in r.body]
    assert support, out
    assert support[-1]["query"].startswith("Patients valued")

    # A change of model (here its dimensionality) re-embeds everything; nothing is mixed.
    before = len(google.seen(":predict"))
    set_config(root, cloud={"vertex": {"output_dimensionality": 768}})
    code, out = run(root, "ingest")
    assert code == 0, out
    children = sum(1 for _ in (root / "chunks").glob("*.json"))
    assert len(google.seen(":predict")) - before > children
    assert IndexPointer.read(root / "index").dim == 768


def test_an_over_long_passage_is_an_error_naming_it(
    google: FakeGoogle, adc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(google_cloud, "MAX_INPUT_WORDS", 60)
    root = make_repo(tmp_path / "essay", ("tully2010_rrp_heart_failure_programmes.pdf",))
    set_config(root, embedding={"backend": "vertex"}, cloud=google_config(google.url))
    code, out = run(root, "ingest")
    assert code == 1, out  # the document failed; the ingest went on (exit 1: findings)
    flat = " ".join(out.split())  # Rich wraps long lines
    assert "too long for the embedding model" in flat and "child" in flat
    assert "input token count" in flat


def test_batch_prediction_for_large_libraries(
    google: FakeGoogle, adc: Path, tmp_path: Path
) -> None:
    root = make_repo(tmp_path / "essay", ("tully2010_rrp_heart_failure_programmes.pdf",))
    batch = {"batch_gcs_uri": "gs://essay-bucket/essaylint", "batch_min_texts": 1}
    set_config(
        root,
        embedding={"backend": "vertex"},
        cloud=google_config(google.url, vertex={**batch, "batch_poll_s": 0.01}),
    )
    code, out = run(root, "ingest")
    assert code == 0, out
    assert len(google.jobs) == 1
    job = next(iter(google.jobs.values()))
    assert job["model"] == "publishers/google/models/gemini-embedding-001"
    assert job["polls"] >= 2
    assert not google.seen(":predict")  # every vector came from the batch job
    assert ("essay-bucket", job["input"].split("/", 3)[3]) in google.objects
    code, out = run(root, "query", QUESTION, "--json")
    assert code == 0 and json.loads(out)["items"]


def test_health_report_appears_when_the_service_is_slow(
    google: FakeGoogle, adc: Path, tmp_path: Path
) -> None:
    root = make_repo(tmp_path / "essay", ("tully2010_rrp_heart_failure_programmes.pdf",))
    set_config(
        root,
        embedding={"backend": "vertex"},
        retrieval={"rerank": "vertex"},
        # far above what a local call takes on a loaded 2-core runner, so that only the
        # injected delay can cross it
        cloud=google_config(google.url, health_p95_s=3.0),
    )
    assert run(root, "ingest")[0] == 0
    assert run(root, "query", QUESTION)[0] == 0
    assert not (root / "meta" / "health_report.md").exists()
    google.delay = 3.1
    for _ in range(5):
        assert run(root, "query", QUESTION)[0] == 0
    report = (root / "meta" / "health_report.md").read_text()
    assert "vertex-ranking" in report and "semantic-ranker-fast-004" in report


def mineru_repo(tmp_path: Path, fake: FakeMinerU, **mineru: object) -> Path:
    root = make_repo(tmp_path / "essay")
    (root / ".env").write_text(f"MINERU_API_TOKEN={TOKEN}\n")
    settings = {"endpoint": fake.endpoint, "poll_s": 0.02, "max_part_pages": 3, **mineru}
    set_config(root, ingest={"parser": "mineru"}, cloud={"max_retries": 1, "mineru": settings})
    return root


def test_mineru_parses_split_pdfs_and_resumes_after_interruption(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with FakeMinerU() as fake:
        root = mineru_repo(tmp_path, fake)
        fake.fail("/extract-results/", *[Reply(500)] * 2)  # the first run gives up polling
        code, out = run(root, "ingest")
        assert code == 2 and "mineru" in out
        batches = json.loads((root / ".essaylint" / "mineru" / "batches.json").read_text())
        assert len(batches) == 1
        with caplog.at_level(logging.DEBUG):
            code, out = run(root, "ingest")
        assert code == 0, out
        assert len(fake.seen("/file-urls/batch")) == 1  # resumed, not uploaded again
        assert all("content-type" not in r.headers for r in fake.seen("/upload/", "PUT"))
        code, query_out = run(root, "query", QUESTION, "--json")
    pack = json.loads(query_out)
    assert pack["items"]
    parsed = json.loads(next((root / "parsed").glob("*.json")).read_text())
    assert parsed["document"]["parser"] == "mineru-api pipeline"
    pages = [p["number"] for p in parsed["document"]["pages"]]
    assert pages == list(range(1, len(pages) + 1)) and len(pages) > 3
    manifest = json.loads(
        next((root / ".essaylint" / "mineru").glob("*/split_manifest.json")).read_text()
    )
    assert [p["first_page"] for p in manifest["parts"]][:2] == [1, 4]
    assert_no_secret(out, query_out, caplog.text, all_files_text(root))


def test_mineru_unsafe_zip_is_refused(tmp_path: Path) -> None:
    with FakeMinerU() as fake:
        fake.evil_zip = {"../../escaped.txt": b"owned"}
        root = mineru_repo(tmp_path, fake)
        code, out = run(root, "ingest")
    assert code == 2 and "unsafe path" in out
    assert not list(tmp_path.rglob("escaped.txt"))


def test_doctor_checks_enabled_backends_without_showing_credentials(
    google: FakeGoogle, adc: Path, tmp_path: Path
) -> None:
    with FakeMinerU() as fake:
        root = mineru_repo(tmp_path, fake)
        set_config(root, retrieval={"rerank": "vertex"}, cloud=google_config(google.url))
        code, out = run(root, "doctor", "--json")
        checks = {c["name"]: c for c in json.loads(out)}
        assert checks["vertex-ranking"]["ok"] and checks["mineru"]["ok"]
        assert checks["credentials"]["ok"]
        assert_no_secret(out)
        (root / ".env").write_text("")
        os.environ.pop("MINERU_API_TOKEN", None)  # loaded from .env by the first run
        code, out = run(root, "doctor")
    assert code == 2 and "MINERU_API_TOKEN" in out


def test_init_writes_env_example_and_ignores_env(tmp_path: Path) -> None:
    root = make_repo(tmp_path / "essay", ())
    assert "MINERU_API_TOKEN" in (root / ".env.example").read_text()
    assert ".env" in (root / ".gitignore").read_text().splitlines()


def test_default_mode_makes_no_network_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    attempts: list[object] = []
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> object:
        host = address[0] if isinstance(address, tuple) else str(address)
        if self.family in (socket.AF_INET, socket.AF_INET6) and host not in (
            "127.0.0.1",
            "::1",
            "localhost",
        ):
            attempts.append(address)
            raise OSError(f"network blocked in this test: {address}")
        return real_connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded)
    root = make_repo(tmp_path / "essay", ("tully2010_rrp_heart_failure_programmes.pdf",))
    (root / "drafts" / "essay.md").write_text(
        "# Essay\n\nPatients valued structured heart failure programmes "
        "(Tully, 2010, p. 4){#doc_354b33f6}.\n"
    )
    assert run(root, "ingest")[0] == 0
    assert run(root, "query", QUESTION)[0] == 0
    assert run(root, "audit")[0] in (0, 1)
    assert attempts == []


TULLY = "tully2010_rrp_heart_failure_programmes.pdf"
CLAIM = "Patients valued structured heart failure programmes"
CITED = f"# Essay\n\n{CLAIM} (Tully et al., 2010, p. 4){{#doc_354b33f6}}.\n"


def citation_audit(root: Path) -> tuple[dict, list[dict]]:
    code, out = run(root, "audit", "--only", "citations", "--json")
    assert code in (0, 1), out
    result = json.loads(out)["drafts"][0]["audits"]["citations"]
    return result["rows"][0], result["findings"]


def test_gemini_judge_flips_borderline_rows_and_caches_its_verdicts(
    google: FakeGoogle, adc: Path, tmp_path: Path
) -> None:
    root = make_repo(tmp_path / "essay", (TULLY,))
    draft = root / "drafts" / "essay.md"
    draft.write_text(CITED)
    set_config(root, cloud=google_config(google.url))
    assert run(root, "ingest")[0] == 0
    row, _ = citation_audit(root)
    score = row["support_score"]
    assert row["judge"] is None and not google.seen(":generateContent")  # off by default
    draft.write_text(CITED + "\nAn uncited sentence.\n")  # a fresh report, cached scores
    code = (
        "import sys\nfrom essaylint.cli.main import cli\n"
        f"try:\n    cli(['-C', {str(root)!r}, 'audit', '--only', 'citations'])\n"
        "except SystemExit:\n    pass\n"
        "print('CLOUD', any(m.startswith('essaylint.backends') for m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "CLOUD False" in done.stdout, done.stderr[-2000:]
    assert not google.seen(":generateContent")

    # Borderline WEAK (T - 0.1 <= score < T): a confident "accurate" lifts it to OK.
    set_config(
        root,
        audit={"verify_citations_threshold_T": round(score + 0.05, 3)},
        cloud={"gemini": {"judge": True}},
    )
    google.gemini_replies = [
        {"is_accurate": True, "explanation": "Page 4 reports it.", "confidence": 0.9}
    ]
    row, findings = citation_audit(root)
    assert row["status"] == "OK" and not findings
    assert row["judge"]["verdict"] == "accurate" and row["judge"]["confidence"] == 0.9
    assert row["sources"][0]["judge"]["explanation"] == "Page 4 reports it."
    (asked,) = google.seen(":generateContent")
    body = asked.json()
    prompt = body["contents"][0]["parts"][0]["text"]
    assert CLAIM in prompt and "[3] " in prompt and "[4] " not in prompt
    assert "uncited" not in prompt  # only the sentence and its cited passages are sent
    assert body["generationConfig"]["responseSchema"]["required"][0] == "is_accurate"
    assert (root / ".essaylint" / "results" / "judge.json").is_file()

    # The verdict is cached: another version of the draft asks nothing again.
    draft.write_text(CITED + "\nAnother uncited sentence.\n")
    row, _ = citation_audit(root)
    assert row["status"] == "OK" and len(google.seen(":generateContent")) == 1

    # Near T but above it: a confident "not accurate" (another model, so not cached) makes
    # the row WEAK, and the finding quotes the explanation.
    set_config(
        root,
        audit={"verify_citations_threshold_T": round(score - 0.05, 3)},
        cloud={"gemini": {"model": "gemini-2.5-pro"}},
    )
    why = "The passage describes nurse-led clinics, not what patients valued."
    google.gemini_replies = [{"is_accurate": False, "explanation": why, "confidence": 0.8}]
    row, findings = citation_audit(root)
    asked = google.seen(":generateContent")
    assert len(asked) == 2 and "/models/gemini-2.5-pro:generateContent" in asked[-1].path
    assert row["status"] == "WEAK" and row["judge"]["verdict"] == "not accurate"
    (weak,) = [f for f in findings if f["rule"] == "citation/weak-support"]
    assert why in weak["message"] and "Gemini judge: not accurate" in weak["message"]


def test_gemini_expansion_terms_join_the_bm25_query(
    google: FakeGoogle, adc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo(tmp_path / "essay", (TULLY,))
    set_config(root, cloud=google_config(google.url, gemini={"query_translation": True}))
    assert run(root, "ingest")[0] == 0
    terms = ["cardiac insufficiency", "qualitative interviews"]
    google.gemini_replies = [{"english": QUESTION, "terms": terms}]
    searched: list[str] = []
    real_search = LanceFTS.search

    def spy(self: LanceFTS, text: str, where: str, limit: int) -> object:
        searched.append(text)
        return real_search(self, text, where, limit)

    monkeypatch.setattr(LanceFTS, "search", spy)
    code, out = run(root, "query", "心力衰竭患者的焦点小组", "--json")
    assert code == 0, out
    pack = json.loads(out)
    assert pack["en"] == QUESTION and pack["expansion_terms"] == terms
    assert searched == [f"{QUESTION} cardiac insufficiency qualitative interviews"]
    record = json.loads((root / pack["run_path"]).read_text())
    assert record["bm25_query"] == searched[0] and record["inputs"]["terms"] == terms
    header = (root / pack["markdown_path"]).read_text()
    assert "- expansion terms: cardiac insufficiency, qualitative interviews" in header
    code, out = run(root, "query", "心力衰竭患者的焦点小组")
    assert code == 0 and "expansion terms: cardiac insufficiency" in out
    assert len(google.seen(":generateContent")) == 1  # the translation is cached
