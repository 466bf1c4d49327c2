"""End to end: real PDFs, a real LanceDB, real processes killed mid-embedding."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.paths import CORPUS

from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.index.lance import IndexPointer, open_tables
from essaylint.ingest.library import read_library
from essaylint.ingest.state import current_chunk

SAMPLE = (
    "agyemanduah2014_bmc_hsr_quality_improvement_malawi.pdf",
    "datta2010_jtmo_dvt_prophylaxis_review.pdf",
)
BROKEN = {
    "ocrmypdf_c02-22_scanned_page.pdf": "OCR",
    "ocrmypdf_invalid_truncated.pdf": "corrupt",
    "pypdf_libreoffice_writer_password_protected.pdf": "encrypted",
}


def make_project(root: Path, pdfs: tuple[str, ...]) -> Project:
    scaffold(root)
    for name in pdfs:
        shutil.copyfile(CORPUS / name, root / "raw" / "evidence" / name)
    return Project(root)


def ingest(project: Project):
    return run_ingest(project, load_config(project.config_path))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = make_project(tmp_path_factory.mktemp("essay"), SAMPLE + tuple(BROKEN))
    guidance = project.root / "raw" / "instruction" / "guidance" / "brief.md"
    guidance.write_text(
        "# Task\n\nWrite 1,500 words on quality improvement. You must cite evidence.\n"
    )
    ingest(project)
    return project


def copy_of(project: Project, tmp_path: Path) -> Project:
    target = tmp_path / "copy"
    shutil.copytree(project.root, target)
    return Project(target)


def index_rows(project: Project) -> list[dict]:
    children, _, _ = open_tables(project.index)
    return children.to_arrow().drop(["vector"]).to_pylist()


def test_every_file_reported_and_good_ones_indexed_with_pages(built: Project) -> None:
    report = ingest(built)  # second run: nothing to do, and the same facts come back
    assert report.nothing_to_do
    by_path = {o.path.rsplit("/", 1)[-1]: o for o in report.outcomes}
    for name, word in BROKEN.items():
        assert by_path[name].status == "failed"
        assert word.lower() in by_path[name].reason.lower()
    rows = index_rows(built)
    indexed = {r["doc_uid"] for r in rows}
    assert indexed == {"doc_439d7ab5", "doc_d22385dc", by_path["brief.md"].doc_uid}
    evidence = [r for r in rows if r["source_type"] == "evidence_document"]
    assert all(r["page_start"] >= 1 and r["citable"] for r in evidence)
    assert {r["page_start"] for r in evidence if r["doc_uid"] == "doc_d22385dc"} == {1, 2, 3, 4}
    brief = [r for r in rows if r["doc_uid"] == by_path["brief.md"].doc_uid]
    assert brief and not any(r["citable"] for r in brief) and brief[0]["page_start"] is None


def test_index_rows_match_the_chunk_caches(built: Project) -> None:
    rows = index_rows(built)
    for uid in {r["doc_uid"] for r in rows}:
        children = current_chunk(built.store, uid).children  # type: ignore[union-attr]
        assert [c.child_id for c in children] == sorted(
            r["child_id"] for r in rows if r["doc_uid"] == uid
        )
    _, parents, _ = open_tables(built.index)
    parent_text = {p["parent_id"]: p["text"] for p in parents.to_arrow().to_pylist()}
    for row in rows:
        assert parent_text[row["parent_id"]][row["char_start"] : row["char_end"]] == row["text"]


def test_build_manifest_and_library_written(built: Project) -> None:
    pointer = IndexPointer.read(built.index)
    assert pointer is not None
    manifest = json.loads(
        (built.meta / "builds" / pointer.build_id / "build_manifest.json").read_text()
    )
    assert manifest["model"]["dim"] == 384
    assert manifest["counts"]["failed"] == 3
    assert manifest["counts"]["children"] == len(index_rows(built))
    library = (built.library_csv).read_text()
    assert "agyemanduah2014_" in library and "datta2010_" in library
    report = (built.meta / "parse_quality_report.md").read_text()
    assert "encrypted" in report and "Page 2 of 10" in report


def test_changed_file_is_redone_alone_and_deleted_file_leaves(
    built: Project, tmp_path: Path
) -> None:
    project = copy_of(built, tmp_path)
    datta = project.raw / "evidence" / SAMPLE[1]
    datta.write_bytes(datta.read_bytes() + b"\n% re-saved\n")
    report = ingest(project)
    changed = [o for o in report.outcomes if o.status == "changed"]
    assert [o.path for o in changed] == [f"raw/evidence/{SAMPLE[1]}"]
    assert changed[0].embedded == changed[0].children > 0
    assert all(o.embedded == 0 for o in report.outcomes if o.status == "unchanged")
    assert "doc_d22385dc" not in {r["doc_uid"] for r in index_rows(project)}
    (project.raw / "evidence" / SAMPLE[0]).unlink()
    ingest(project)
    assert "doc_439d7ab5" not in {r["doc_uid"] for r in index_rows(project)}
    assert "doc_439d7ab5,agyemanduah2014" in project.library_csv.read_text()  # kept, marked
    assert read_library(project.library_csv)["doc_439d7ab5"]["status"] == "removed"


def test_killed_during_embedding_keeps_old_index_and_resumes(
    built: Project, tmp_path: Path
) -> None:
    project = copy_of(built, tmp_path)
    old = IndexPointer.read(project.index)
    shutil.copyfile(
        CORPUS / "tully2010_rrp_heart_failure_programmes.pdf",
        project.raw / "evidence" / "tully.pdf",
    )
    shutil.copyfile(
        CORPUS / "sundstrom2014_ipg_stressful_life_events_dementia.pdf",
        project.raw / "evidence" / "s.pdf",
    )
    vectors = project.store.cache_dir / "vectors"
    before = len(list(vectors.glob("*/*.npz")))
    process = subprocess.Popen(
        [sys.executable, "-m", "essaylint", "-C", str(project.root), "ingest"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if len(list(vectors.glob("*/*.npz"))) > before:  # a new document's vectors were saved
            break
        time.sleep(0.05)
    assert process.poll() is None, "ingest finished before it could be interrupted"
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert IndexPointer.read(project.index) == old  # the previous build is still current
    open_tables(project.index)
    report = ingest(project)
    new = [o for o in report.outcomes if o.status == "new"]
    assert len(new) == 2
    assert sum(o.embedded for o in new) < sum(o.children for o in new)  # resumed, not redone
    rows = index_rows(project)
    assert {"doc_354b33f6", "doc_85aaa86b"} <= {r["doc_uid"] for r in rows}
    assert len(rows) == len({r["child_id"] for r in rows})


def test_one_stage_at_a_time_uses_the_caches(built: Project, tmp_path: Path) -> None:
    project = copy_of(built, tmp_path)
    config = load_config(project.config_path)
    for stage in ("parse", "chunk", "embed", "index"):
        report = run_ingest(project, config, only=stage)
        assert report.stages_run == [stage]
        assert all(o.embedded == 0 for o in report.outcomes)
    assert len(index_rows(project)) == len(index_rows(built))


def test_reading_list_and_size_limit(tmp_path: Path) -> None:
    project = make_project(tmp_path / "essay", SAMPLE)
    (project.raw / "reading_list.csv").write_text(
        "file,authors,year,title\n"
        f'{SAMPLE[1]},"Datta, Indraneel; Ball, Chad G",2010,DVT prophylaxis complications\n'
    )
    config = project.config_path.read_text().replace("max_file_mb: 200", "max_file_mb: 0.24")
    project.config_path.write_text(config)
    report = run_ingest(project, load_config(project.config_path), only="parse")
    big = next(o for o in report.outcomes if o.path.endswith(SAMPLE[0]))
    assert big.status == "failed" and "max_file_mb" in big.reason
    library = project.library_csv.read_text()
    assert "DVT prophylaxis complications" in library
    assert "datta2010_dvt-prophylaxis" in library


def test_only_settings_the_index_depends_on_make_it_stale(built: Project, tmp_path: Path) -> None:
    from essaylint.index.freshness import index_is_stale

    project = copy_of(built, tmp_path)
    config_path = project.config_path
    original = config_path.read_text(encoding="utf-8")
    built_digest = IndexPointer.read(project.index).inputs_digest  # type: ignore[union-attr]
    query_and_audit_only = original.replace("fusion: cc", "fusion: rrf").replace(
        "fail_on: error", "fail_on: warning"
    )
    assert query_and_audit_only != original
    config_path.write_text(query_and_audit_only, encoding="utf-8")
    assert not index_is_stale(project, load_config(config_path), built_digest)
    assert ingest(project).nothing_to_do
    config_path.write_text(original.replace("max_pages: 2000", "max_pages: 1999"), "utf-8")
    assert index_is_stale(project, load_config(config_path), built_digest)
    assert not ingest(project).nothing_to_do
