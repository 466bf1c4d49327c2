"""The CLI's edges: no raw traceback, Ctrl-C, guarded output paths, the umask, time limits on
git and pandoc, drafts that are not UTF-8, one stale warning, and commit hooks in a fresh
clone (issue 16, items 3, 4, 7, 9 and 10)."""

from __future__ import annotations

import os
import shutil
import signal
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.fault_repo import NOTES, essaylint, git, ingest, paused, small_repo, wait_for

from essaylint.cli.main import cli
from essaylint.core.project import Project
from essaylint.ingest.library import read_library

GOOD = "Patients valued supervised exercise and peer support (Notes, 2024){{#{uid}}}."


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = small_repo(tmp_path_factory.mktemp("built") / "essay")
    ingest(project)
    return project


def uid_of(project: Project, rel: str) -> str:
    return next(
        uid for uid, row in read_library(project.library_csv).items() if row["source_path"] == rel
    )


# -- 3. no raw tracebacks ------------------------------------------------------------------


def test_an_unexpected_error_is_one_line_with_its_traceback_saved(
    built: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    def bug(*_: object, **__: object) -> None:
        raise ValueError("something essaylint did not expect")

    monkeypatch.setattr("essaylint.cli.doctor_cmd.run_checks", bug)
    code, _, err = run_cli("-C", str(built.root), "doctor")
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert "unexpected ValueError: something essaylint did not expect" in lines[0]
    log = Path(lines[0].split("the traceback is in ", 1)[1].split(":", 1)[0])
    assert log.parent == built.root / ".essaylint" / "logs"
    assert "Traceback" in log.read_text() and "ValueError" in log.read_text()


def test_ctrl_c_in_an_ingest_says_the_index_is_intact_and_exits_130(
    built: Project, tmp_path: Path
) -> None:
    (built.root / "raw" / "evidence" / "new.md").write_text("# New\n\nA new note on sleep.\n")
    mark = tmp_path / "mark"
    process = paused(built.root, "before-embed", mark)
    try:
        wait_for(mark, process)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        (built.root / "raw" / "evidence" / "new.md").unlink()
    assert process.returncode == 130
    assert err.strip().endswith(
        "interrupted; the previous index is intact; run `essaylint ingest` to resume"
    )
    assert "Traceback" not in err and "Aborted" not in err


def test_ctrl_c_elsewhere_exits_130(built: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("essaylint.cli.doctor_cmd.run_checks", interrupted)
    code, _, err = run_cli("-C", str(built.root), "doctor")
    assert code == 130 and "interrupted" in err


# -- 4. guarded writes, the umask ------------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    ["drafts/essay.md", "drafts/other.docx", "raw/evidence/x.docx", "library.csv", "README.md"],
)
def test_export_never_writes_into_raw_drafts_or_over_a_tracked_file(
    tmp_path: Path, target: str
) -> None:
    project = small_repo(tmp_path / "essay", commit=False)
    draft = project.root / "drafts" / "essay.md"
    draft.write_text("# Essay\n\nA first sentence.\n")
    (project.root / "README.md").write_text("my notes\n")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "start")
    before = {p: p.read_bytes() for p in project.root.rglob("*") if p.is_file()}
    code, _, err = run_cli(
        "-C", str(project.root), "export", "--docx", "drafts/essay.md", "-o",
        str(project.root / target), "--zotero", "off",
    )  # fmt: skip
    assert code == 2 and "refusing to write" in err
    after = {p: p.read_bytes() for p in project.root.rglob("*") if p.is_file()}
    assert {p: b for p, b in after.items() if p in before} == before
    assert not (project.root / target).exists() or (project.root / target) in before


def test_export_used_sources_never_writes_into_the_drafts(tmp_path: Path) -> None:
    project = small_repo(tmp_path / "essay", commit=False)
    (project.root / "drafts" / "essay.md").write_text("# Essay\n\nText.\n")
    code, _, err = run_cli(
        "-C", str(project.root), "export-used-sources", "drafts/essay.md", "-o", "drafts"
    )
    assert code == 2 and "inside drafts/" in err
    assert not list((project.root / "drafts").glob("essay.sources*"))


@pytest.mark.parametrize("umask", [0o022, 0o002])
def test_files_essaylint_writes_follow_the_umask(tmp_path: Path, umask: int) -> None:
    project = small_repo(tmp_path / "essay", commit=False)
    project.library_csv.unlink()  # written anew by the ingest (a file's mode is kept)
    done = essaylint(project.root, "ingest", "--only", "parse", preexec=lambda: os.umask(umask))
    assert done.returncode == 0, done.stderr
    for path in (
        project.library_csv,
        project.meta / "parse_quality_report.md",
        next((project.root / "parsed").glob("doc_*.json")),
    ):
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path


def test_a_rewritten_file_keeps_its_mode(tmp_path: Path) -> None:
    project = small_repo(tmp_path / "essay", commit=False)
    essaylint(project.root, "ingest", "--only", "parse")
    project.library_csv.chmod(0o640)
    uid = uid_of(project, "raw/evidence/datta_notes.md")
    code, _, _ = run_cli("-C", str(project.root), "library", "set", uid, "year=2011")
    assert code == 0
    assert stat.S_IMODE(project.library_csv.stat().st_mode) == 0o640


# -- 9. time limits ------------------------------------------------------------------------


def test_pandoc_that_does_not_finish_is_stopped_and_named(tmp_path: Path) -> None:
    pytest.importorskip("pypandoc", reason="pandoc comes with the export extra")
    project = small_repo(tmp_path / "essay", commit=False)
    (project.root / "drafts" / "essay.md").write_text("# Essay\n\n" + "A sentence. " * 2000)
    done = essaylint(
        project.root, "export", "--docx", "drafts/essay.md", "--zotero", "off",
        env={"ESSAYLINT_PANDOC_TIMEOUT_S": "0.001"},
    )  # fmt: skip
    assert done.returncode == 2
    assert "pandoc did not finish converting the draft" in done.stderr
    assert "ESSAYLINT_PANDOC_TIMEOUT_S" in done.stderr and "Traceback" not in done.stderr


def test_git_that_does_not_finish_is_stopped_and_named(built: Project, tmp_path: Path) -> None:
    fifo = tmp_path / "trace"  # git opens its trace target first: a FIFO nobody reads blocks it
    os.mkfifo(fifo)
    done = essaylint(
        built.root,
        "hook",
        "run",
        "--staged",
        env={"ESSAYLINT_GIT_TIMEOUT_S": "1", "GIT_TRACE2_EVENT": str(fifo)},
    )
    assert done.returncode == 2
    assert "error: `git rev-parse --show-toplevel` did not finish within 1 s" in done.stderr
    assert "ESSAYLINT_GIT_TIMEOUT_S" in done.stderr


# -- 10. drafts that are not UTF-8; the stale-index warning ------------------------------------


def test_a_draft_that_is_not_utf8_is_read_with_a_warning_naming_the_line(built: Project) -> None:
    draft = built.root / "drafts" / "latin.md"
    draft.write_bytes("# Essay\n\nFirst line.\nCaf\xe9 culture matters.\n".encode("latin-1"))
    try:
        code, out, _ = run_cli("-C", str(built.root), "audit", "--only", "style", str(draft))
    finally:
        draft.unlink()
    assert code in (0, 1)
    assert "drafts/latin.md: warning: latin.md:4:4: not valid UTF-8 (first bad byte 0xe9)" in out


def test_the_stale_index_warning_is_printed_once(built: Project, tmp_path: Path) -> None:
    copy = Project(Path(shutil.copytree(built.root, tmp_path / "copy")))
    (copy.raw / "evidence" / "datta_notes.md").write_text(
        NOTES["raw/evidence/datta_notes.md"] + "\nMore.\n"
    )
    done = essaylint(copy.root, "query", "patients and exercise")
    assert done.returncode == 0, done.stderr
    assert (done.stdout + done.stderr).count("index is stale") == 1


# -- 7. commit hooks in a fresh clone (no index) ---------------------------------------------


@pytest.fixture(scope="module")
def clone(built: Project, tmp_path_factory: pytest.TempPathFactory) -> Project:
    """A fresh clone of the built repo: library.csv committed, no index, no caches."""
    guide = uid_of(built, "raw/instruction/guidance/guide.md")
    rows = built.library_csv.read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    failed = ["doc_f00dbabe" if c == "doc_uid" else "" for c in header]
    failed[header.index("source_path")] = "raw/evidence/scan.pdf"
    failed[header.index("citable")] = "true"
    failed[header.index("status")] = "failed"
    built.library_csv.write_text("\n".join([*rows, ",".join(failed)]) + "\n", encoding="utf-8")
    git(built.root, "add", "library.csv")
    git(built.root, "commit", "-qm", "library")
    target = tmp_path_factory.mktemp("clone") / "essay"
    git(built.root.parent, "clone", "-q", str(built.root), str(target))
    project = Project(target)
    assert not project.index.exists() and guide
    return project


@pytest.mark.parametrize(
    ("citation", "rule"),
    [
        ("(Anon, 2020){#doc_deadbeef}", "citation/unknown-doc"),
        ("(Anon, 2020){#doc_zz}", "citation/malformed"),
        ("(Guide, 2026){#GUIDE}", "citation/not-citable"),
        ("(Scan, 2019){#doc_f00dbabe}", "citation/not-citable"),
    ],
)
def test_a_fresh_clone_blocks_what_library_csv_can_tell_is_wrong(
    clone: Project, citation: str, rule: str
) -> None:
    guide = uid_of(clone, "raw/instruction/guidance/guide.md")
    draft = clone.root / "drafts" / "essay.md"
    draft.write_text(f"# Essay\n\nA claim about patients {citation.replace('GUIDE', guide)}.\n")
    done = essaylint(clone.root, "hook", "run", "drafts/essay.md")
    assert done.returncode == 1, done.stdout + done.stderr
    assert rule in done.stdout and "commit blocked" in done.stdout
    assert "the support check and the claim audit need `essaylint ingest`" in done.stdout


def test_a_fresh_clone_commits_a_good_draft_and_says_what_was_not_checked(clone: Project) -> None:
    uid = uid_of(clone, "raw/evidence/tully_notes.md")
    draft = clone.root / "drafts" / "essay.md"
    draft.write_text("# Essay\n\n" + GOOD.format(uid=uid) + "\n")
    done = essaylint(clone.root, "hook", "run", "drafts/essay.md")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "citations checked against library.csv only" in done.stdout
    assert "UNCHECKED" in done.stdout


def test_a_long_stage_off_a_terminal_prints_a_plain_heartbeat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from essaylint.cli.progress import RichProgress

    quiet = RichProgress()  # the default: a line only after 15 s of a stage
    quiet.stage("parse", 3)
    quiet.advance(3)
    assert capsys.readouterr().err == ""
    every = RichProgress(heartbeat_s=0.0)
    every.stage("embed", 40)
    every.advance(16)
    every.advance(16)
    every.close()
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" (")[0] for line in lines] == ["ingest: embed 16/40", "ingest: embed 32/40"]
