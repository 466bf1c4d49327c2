"""Fault injection with real processes and real files (issue 16, items 6 and 11): kill -9 and
Ctrl-C at every stage boundary, two writers and a reader beside an ingest, a full disk, a
read-only folder, damaged caches, and random drafts through the CLI. After each fault:
nothing the student made is lost, the previous index still answers, the next run resumes.

Processes are stopped at a boundary by tests/support/pause_cli.py (the real CLI, paused
from outside like a breakpoint) and then signalled for real.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.fault_repo import essaylint, ingest, paused, small_repo, wait_for
from support.pause_cli import BOUNDARIES

from essaylint.cli.main import cli
from essaylint.core.project import Project
from essaylint.index.lance import READERS, IndexPointer, held_tables, open_tables
from essaylint.ingest.library import read_library

NEW_NOTE = (
    "# Sleep and recovery\n\nPatients who slept well after discharge returned to exercise "
    "sooner than those who did not.\n"
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = small_repo(tmp_path_factory.mktemp("base") / "essay")
    ingest(project)
    return project


@pytest.fixture
def repo(base: Project, tmp_path: Path) -> Project:
    """A copy of the built repo with one new note waiting to be ingested."""
    project = Project(Path(shutil.copytree(base.root, tmp_path / "essay", symlinks=True)))
    (project.raw / "evidence" / "sleep.md").write_text(NEW_NOTE, encoding="utf-8")
    return project


def rows(project: Project) -> list[tuple[str, str]]:
    children, _, _ = open_tables(project.index)
    table = children.to_arrow().select(["child_id", "text"]).to_pylist()
    return sorted((r["child_id"], r["text"]) for r in table)


def student_files(project: Project) -> dict[str, bytes]:
    """What the student made: raw/, drafts/, essaylint.yaml."""
    out = {}
    for folder in (project.raw, project.drafts):
        for path in folder.rglob("*"):
            if path.is_file():
                out[path.relative_to(project.root).as_posix()] = path.read_bytes()
    out["essaylint.yaml"] = project.config_path.read_bytes()
    return out


def assert_nothing_lost(project: Project, pointer: IndexPointer, before: list, made: dict) -> None:
    assert IndexPointer.read(project.index) == pointer  # the previous build is still current
    assert rows(project) == before  # and answers with what it held
    read_library(project.library_csv)  # parses
    assert student_files(project) == made


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# -- kill -9 and Ctrl-C at every stage boundary ------------------------------------------------


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_a_signal_at_every_stage_boundary_loses_nothing_and_the_next_run_resumes(
    repo: Project, tmp_path: Path, sig: signal.Signals
) -> None:
    pointer, before, made = IndexPointer.read(repo.index), rows(repo), student_files(repo)
    assert pointer is not None
    for boundary in BOUNDARIES:
        mark = tmp_path / f"{boundary}.mark"
        process = paused(repo.root, boundary, mark)
        wait_for(mark, process)
        process.send_signal(sig)
        _, err = process.communicate(timeout=60)
        if sig == signal.SIGINT:
            assert process.returncode == 130, err
            assert err.strip().endswith(
                "the previous index is intact; run `essaylint ingest` to resume"
            )
        else:
            assert process.returncode == -signal.SIGKILL
        assert_nothing_lost(repo, pointer, before, made)
    done = essaylint(repo.root, "ingest", "--json")
    assert done.returncode == 0, done.stderr
    assert not json.loads(done.stdout)["nothing_to_do"]
    fresh = small_repo(tmp_path / "fresh", commit=False)
    shutil.copyfile(repo.raw / "evidence" / "sleep.md", fresh.raw / "evidence" / "sleep.md")
    ingest(fresh)
    assert rows(repo) == rows(fresh)  # resumed to exactly what a clean run builds


# -- one writer, safe readers ------------------------------------------------------------------


def test_a_second_ingest_names_the_holder_or_waits_for_it(repo: Project, tmp_path: Path) -> None:
    mark = tmp_path / "mark"
    first = paused(repo.root, "before-embed", mark)
    wait_for(mark, first)
    refused = essaylint(repo.root, "ingest", "--wait", "0")
    assert refused.returncode == 2
    assert f"error: another ingest is running (pid {first.pid} on " in refused.stderr
    log = tmp_path / "second.err"
    with log.open("w") as err:
        second = subprocess.Popen(
            [sys.executable, "-m", "essaylint", "-C", str(repo.root), "ingest", "--json"],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
        deadline = time.monotonic() + 60
        while "waiting for it" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert f"another ingest is running (pid {first.pid}" in log.read_text()
        Path(str(mark) + ".go").touch()  # the first goes on and finishes
        out, _ = second.communicate(timeout=120)
    assert first.wait(timeout=120) == 0
    assert second.returncode == 0
    assert json.loads(out)["nothing_to_do"]  # the work was done once


def test_a_killed_ingest_leaves_no_lock_behind(repo: Project, tmp_path: Path) -> None:
    mark = tmp_path / "mark"
    first = paused(repo.root, "before-chunk", mark)
    wait_for(mark, first)
    first.kill()
    first.wait()
    done = essaylint(repo.root, "ingest", "--wait", "0", "--json")
    assert done.returncode == 0, done.stderr


READER = """
import sys
from pathlib import Path
from essaylint.app.query import open_retriever
from essaylint.config import load_config
from essaylint.core.project import Project
from essaylint.retrieve.records import Filters, QueryInputs

project = Project(Path(sys.argv[1]))
retriever = open_retriever(project, load_config(project.config_path))
print("ready", retriever.build_id, flush=True)
for line in sys.stdin:
    try:
        hits = retriever.search(QueryInputs("patients exercise", None, "evidence", Filters()))
        rows = retriever.rows([h.child_id for h in hits])
        print("ok", len(hits), len(rows), flush=True)
    except Exception as exc:
        print("error", type(exc).__name__, str(exc)[:200], flush=True)
"""


def test_a_reader_never_loses_the_tables_it_opened(repo: Project) -> None:
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(repo.root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert reader.stdin is not None and reader.stdout is not None
    try:
        assert reader.stdout.readline().startswith("ready")
        opened = IndexPointer.read(repo.index)
        for number in range(3):  # three new builds while the reader holds the first
            note = repo.raw / "evidence" / f"extra{number}.md"
            note.write_text(f"# Extra {number}\n\nExercise note number {number}.\n")
            ingest(repo)
            reader.stdin.write("query\n")
            reader.stdin.flush()
            answer = reader.stdout.readline()
            assert answer.startswith("ok"), answer
        assert opened is not None and opened.children_table in held_tables(repo.index)
    finally:
        reader.stdin.close()
        reader.wait(timeout=60)
    assert not held_tables(repo.index)  # the reader left: its lease went with it
    ingest(repo, rebuild=True)
    names = {p.name for p in repo.index.glob("children_*.lance")}
    assert f"{opened.children_table}.lance" not in names  # now dropped


def test_a_killed_readers_lease_is_recognised_and_removed(repo: Project) -> None:
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(repo.root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert reader.stdout is not None
    assert reader.stdout.readline().startswith("ready")
    reader.kill()
    reader.wait()
    assert list((repo.index / READERS).glob(f"{reader.pid}-*.json"))  # left behind by kill -9
    assert not held_tables(repo.index)
    assert not list((repo.index / READERS).glob(f"{reader.pid}-*.json"))


def test_a_reader_whose_tables_were_dropped_reopens_the_current_build(repo: Project) -> None:
    """A writer that could not see the reader (its lease lost) drops the tables it opened:
    the reader's next query opens the current build and answers."""
    from essaylint.app.query import open_retriever
    from essaylint.config import load_config
    from essaylint.retrieve.records import Filters, QueryInputs

    retriever = open_retriever(repo, load_config(repo.config_path))
    opened = IndexPointer.read(repo.index)
    assert opened is not None and opened.build_id == retriever.build_id
    for lease in (repo.index / READERS).glob("*.json"):
        lease.unlink()  # as if written on a machine whose lease expired
    for number in range(2):  # two builds: the opened one is no longer even the previous
        note = repo.raw / "evidence" / f"extra{number}.md"
        note.write_text(f"# Extra {number}\n\nExercise note number {number}.\n")
        ingest(repo)
    assert not (repo.index / f"{opened.children_table}.lance").exists()
    hits = retriever.search(QueryInputs("patients exercise", None, "evidence", Filters()))
    assert hits and retriever.rows([h.child_id for h in hits])
    assert retriever.build_id == IndexPointer.read(repo.index).build_id != opened.build_id


# -- a full disk, a read-only folder -----------------------------------------------------------


def _file_size_limit(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


LONG_NOTE = "# Long notes\n\n" + "".join(
    f"Paragraph {n}: patients in ward {n} kept up their exercise for {n + 2} weeks.\n\n"
    for n in range(60)
)
LIMIT = 4_000  # bytes a process may write to one file: less than the parsed long note, a build


@pytest.mark.parametrize("where", ["caches", "index"])
def test_a_full_disk_stops_the_ingest_with_a_message_and_loses_nothing(
    repo: Project, where: str
) -> None:
    (repo.raw / "evidence" / "long.md").write_text(LONG_NOTE, encoding="utf-8")
    if where == "index":  # every cache is written: only the new build's tables remain
        for stage in ("parse", "chunk", "embed"):
            ingest(repo, only=stage)
    pointer, before, made = IndexPointer.read(repo.index), rows(repo), student_files(repo)
    library = repo.library_csv.read_bytes()
    assert pointer is not None
    done = essaylint(repo.root, "ingest", preexec=lambda: _file_size_limit(LIMIT))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "error: the disk is full, or a file size limit was reached" in done.stderr
    assert "Traceback" not in done.stderr
    if where == "index":
        assert f"({repo.index})" in done.stderr
        assert repo.library_csv.read_bytes() == library
    assert_nothing_lost(repo, pointer, before, made)
    done = essaylint(repo.root, "ingest", "--json")
    assert done.returncode == 0, done.stderr
    documents = json.loads(done.stdout)["documents"]
    assert any(d["path"].endswith("long.md") and d["children"] for d in documents)


def _without_root_powers() -> None:
    """As a student's account: permissions apply (root keeps them only through these
    capabilities, dropped here before exec)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _can_drop_root_powers() -> bool:
    if os.geteuid() != 0:
        return True
    done = subprocess.run(["true"], preexec_fn=_without_root_powers, check=False)
    return done.returncode == 0


@pytest.mark.skipif(
    not _can_drop_root_powers(),
    reason="running as root without CAP_SETPCAP: permissions cannot be enforced here",
)
@pytest.mark.parametrize("folder", [".essaylint", "index", "outputs"])
def test_a_read_only_folder_stops_with_a_message_and_loses_nothing(
    repo: Project, folder: str
) -> None:
    pointer, before, made = IndexPointer.read(repo.index), rows(repo), student_files(repo)
    assert pointer is not None
    target = repo.root / folder
    target.mkdir(exist_ok=True)
    modes = {p: p.stat().st_mode for p in [target, *target.rglob("*")] if p.is_dir()}
    for path in modes:
        path.chmod(0o555)
    try:
        command = ("query", "patients exercise") if folder == "outputs" else ("ingest",)
        done = essaylint(repo.root, *command, preexec=_without_root_powers)
    finally:
        for path, mode in modes.items():
            path.chmod(mode)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "error: permission denied (" in done.stderr and folder in done.stderr
    assert "Traceback" not in done.stderr
    assert_nothing_lost(repo, pointer, before, made)
    if folder == ".essaylint":
        assert essaylint(repo.root, "ingest").returncode == 0


# -- damaged caches ------------------------------------------------------------------------------


def _damage(path: Path, how: int) -> None:
    data = path.read_bytes()
    path.write_bytes([data[: len(data) // 2], b"\x00garbage\xff", b"[1, 2]"][how % 3])


def test_damaged_caches_are_rebuilt_not_a_crash(repo: Project) -> None:
    ingest(repo)
    before = rows(repo)
    caches = [
        *repo.root.glob("parsed/*.json"),
        *repo.root.glob("chunks/*.json"),
        *repo.store.cache_dir.rglob("*.json"),
        *repo.store.cache_dir.rglob("*.npz"),
    ]
    assert len(caches) > 10
    for number, path in enumerate(caches):
        _damage(path, number)
    _damage(repo.index / "CURRENT.json", 1)
    done = essaylint(repo.root, "ingest", "--json")
    assert done.returncode == 0, done.stderr
    assert rows(repo) == before
    code, _, err = run_cli("-C", str(repo.root), "query", "patients exercise")
    assert code == 0, err


def test_a_damaged_index_table_is_named_and_rebuilt(repo: Project) -> None:
    ingest(repo)
    before = rows(repo)
    pointer = IndexPointer.read(repo.index)
    assert pointer is not None
    for data in (repo.index / f"{pointer.children_table}.lance" / "data").glob("*.lance"):
        _damage(data, 0)
    code, _, err = run_cli("-C", str(repo.root), "query", "patients exercise")
    assert code == 2
    assert "is damaged" in err and "essaylint ingest --rebuild" in err
    assert essaylint(repo.root, "ingest", "--rebuild").returncode == 0
    assert rows(repo) == before
    assert run_cli("-C", str(repo.root), "query", "patients exercise")[0] == 0


# -- random drafts through the CLI ---------------------------------------------------------------

DRAFT_BYTES = st.one_of(
    st.binary(max_size=400),
    st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.lists(
        st.sampled_from(
            [
                b"# Heading\n",
                b"---\ntitle: [unclosed\n---\n",
                b"A claim (Tully, 2010){#doc_354b33f6}.",
                b"(Anon, 2020){#doc_zz}",
                b"{#doc_deadbeef}",
                b"[EVIDENCE_NEEDED]",
                b"<!-- essaylint-disable citation -->",
                b"\xff\xfe",
                b"\x00",
                b"\r\n",
                b"\n\n",
                "\u00e9\U0001d44e".encode(),
            ]
        ),
        max_size=30,
    ).map(b"".join),
)


@pytest.fixture(scope="module")
def unindexed(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = small_repo(tmp_path_factory.mktemp("fuzz") / "essay")
    assert essaylint(project.root, "ingest", "--only", "parse").returncode == 0
    return project


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(DRAFT_BYTES)
def test_any_draft_through_the_commit_hook_is_a_verdict_never_a_crash(
    unindexed: Project, data: bytes
) -> None:
    draft = unindexed.root / "drafts" / "essay.md"
    draft.write_bytes(data)
    result = CliRunner().invoke(cli, ["-C", str(unindexed.root), "hook", "run", str(draft)])
    assert result.exit_code in (0, 1), (result.output, result.exception)
    assert "Traceback" not in result.output
