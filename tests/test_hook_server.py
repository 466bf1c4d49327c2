"""The commit hooks' warm process (cli/server.py, cli/warm.py): a real server on a real Unix
socket answers `essaylint hook run` / `hook note` exactly as a cold process does, in the
caller's folder and git environment; without one, or with a stale one, the command runs
in its own process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from essaylint.cli import server, warm
from essaylint.core.project import Project

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_audit_citations import build_essay_repo

BIN = Path(sys.executable).parent
UNKNOWN = "(Marmot, 2015){#doc_8f3a2c1d}"
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs Unix sockets")


def env(**extra: str) -> dict[str, str]:
    # not CI: a hook run in a CI job never starts a server, and these tests start them
    out = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k != "CI"}
    out["PATH"] = f"{BIN}{os.pathsep}{out.get('PATH', '')}"
    out.update(GIT_AUTHOR_NAME="Student", GIT_AUTHOR_EMAIL="s@example.org")
    out.update(GIT_COMMITTER_NAME="Student", GIT_COMMITTER_EMAIL="s@example.org")
    out["ESSAYLINT_SERVER"] = "on"
    out.update(extra)
    return out


def essaylint(root: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["essaylint", *args], cwd=root, env=env(**extra), capture_output=True, text=True
    )


def log_lines(root: Path) -> list[str]:
    """The commands the server ran, one line each ("hook run ...: exit N in S s")."""
    log = root / ".essaylint" / "logs" / server.LOG
    lines = log.read_text().splitlines() if log.is_file() else []
    return [line for line in lines if line.startswith("hook ")]


def wait_until(condition, limit_s: float = 180) -> bool:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.5)
    return False


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of the ingested essay with plain hooks and a running server."""
    built = build_essay_repo(tmp_path_factory.getbasetemp())
    root = tmp_path_factory.mktemp("served") / "essay"
    shutil.copytree(built.root, root, ignore=shutil.ignore_patterns(".git", "outputs"))
    subprocess.run(["git", "init", "-q"], cwd=root, check=True, env=env())
    subprocess.run(["essaylint", "hook", "install"], cwd=root, check=True, env=env())
    os.environ["ESSAYLINT_SERVER"] = "on"
    try:
        assert server.start(root, 10, root / ".essaylint" / "logs" / server.LOG)
    finally:
        os.environ["ESSAYLINT_SERVER"] = "off"
    assert wait_until(lambda: "running (pid" in essaylint(root, "hook", "serve", "--status").stdout)
    yield root
    essaylint(root, "hook", "serve", "--stop")
    assert wait_until(lambda: not server.running(root), 30)


def test_a_served_hook_run_prints_what_a_cold_one_does(repo: Path) -> None:
    before = len(log_lines(repo))
    served = essaylint(repo, "hook", "run", "drafts/essay.md")
    assert log_lines(repo)[before:][0].startswith("hook run drafts/essay.md: exit 1")
    cold = essaylint(repo, "hook", "run", "drafts/essay.md", ESSAYLINT_SERVER="off")
    assert len(log_lines(repo)) == before + 1  # this one did not reach it
    assert served.returncode == cold.returncode == 1  # the unknown source blocks
    assert served.stdout == cold.stdout and served.stderr == cold.stderr
    assert "error citation/unknown-doc" in served.stdout
    table = (repo / "outputs" / "audits" / "essay.claims.md").read_text()
    assert "| NEED |" in table


def test_a_served_commit_audits_the_staged_content(repo: Path) -> None:
    """The server runs git with the caller's environment (GIT_INDEX_FILE, cwd): the staged
    draft is audited, not the working copy, and the note lands on the new commit."""
    draft = repo / "drafts" / "essay.md"
    original = draft.read_text()
    before = len(log_lines(repo))
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env())
    refused = subprocess.run(
        ["git", "commit", "-m", "draft"], cwd=repo, env=env(), capture_output=True, text=True
    )
    assert refused.returncode == 1 and "citation/unknown-doc" in refused.stdout + refused.stderr
    fixed = original.replace(UNKNOWN, "(Marmot, 2015)")
    draft.write_text(fixed)
    subprocess.run(["git", "add", "drafts/essay.md"], cwd=repo, check=True, env=env())
    draft.write_text(fixed.replace("(Marmot, 2015)", "(Marmot, 2015){#doc_00000000}"))
    done = subprocess.run(
        ["git", "commit", "-m", "fixed"], cwd=repo, env=env(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 errors" in done.stdout + done.stderr
    served = log_lines(repo)[before:]
    assert [line.split(":")[0] for line in served] == [
        "hook run --staged",
        "hook run --staged",
        "hook note",
    ]
    note = subprocess.run(
        ["git", "notes", "--ref=essaylint", "show", "HEAD"],
        cwd=repo,
        env=env(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(note.stdout)["drafts"]["drafts/essay.md"]["citations"]["UNKNOWN"] == 0
    draft.write_text(original)


def test_a_missing_folder_and_help_never_reach_the_server(repo: Path) -> None:
    before = len(log_lines(repo))
    missing = essaylint(repo, "-C", str(repo / "nowhere"), "hook", "run")
    assert missing.returncode == 2 and "does not exist" in missing.stderr
    helped = essaylint(repo, "hook", "run", "--help")
    assert helped.returncode == 0 and "Examples:" in helped.stdout
    assert len(log_lines(repo)) == before


def test_the_server_refuses_another_projects_request(repo: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "essaylint.yaml").write_text("")
    serving = server.Server(repo, 1)
    message = warm.run_message(["hook", "run"]) | {"cwd": str(other)}
    assert serving.handle(message) == {"retry": "another project"}
    assert serving.mine(message | {"cwd": str(repo / "drafts")})


def test_a_stale_server_steps_aside(repo: Path) -> None:
    """Once essaylint's code changes under it, the server refuses the request (the client
    runs the command itself) and exits; the next command runs cold and starts a new one."""
    module = Path(warm.__file__)
    stat = module.stat()
    try:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        before = len(log_lines(repo))
        result = essaylint(repo, "hook", "run", "drafts/essay.md")
        assert result.returncode == 1 and "citation/unknown-doc" in result.stdout
        assert len(log_lines(repo)) == before  # refused, run by the client
        assert wait_until(lambda: server.status(repo) is None, 30)
    finally:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    # the cold run started a fresh server (hooks.server is true): wait for it to answer
    assert wait_until(lambda: server.status(repo) is not None)


def test_no_server_when_switched_off(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    built = build_essay_repo(tmp_path_factory.getbasetemp())
    root = tmp_path / "off"
    shutil.copytree(built.root, root, ignore=shutil.ignore_patterns(".git", "outputs"))
    config = root / "essaylint.yaml"
    config.write_text(config.read_text().replace("  server: true", "  server: false"))
    result = essaylint(root, "hook", "run", "drafts/essay.md")
    assert result.returncode == 1
    time.sleep(1)
    assert not server.running(root) and server.status(root) is None
    assert Project(root).store.folder("logs").joinpath(server.LOG).exists() is False
