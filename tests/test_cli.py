"""The command line: scaffolding, exit codes, -C, --json and error messages."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import click
from click.testing import CliRunner

from essaylint.cli.main import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_every_command_has_help_with_examples() -> None:
    def check(command: click.Command, path: list[str]) -> None:
        code, out, _ = run(*path, "--help")
        assert code == 0, path
        assert "Examples:" in out, f"{' '.join(path)} --help shows no examples"
        assert command.help
        for name, sub in getattr(command, "commands", {}).items():
            check(sub, [*path, name])

    context = click.Context(cli)
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        assert command is not None, name
        check(command, [name])


def test_init_lays_out_the_repo_and_git(tmp_path: Path) -> None:
    code, out, _ = run("-C", str(tmp_path), "init")
    assert code == 0
    for path in (
        "essaylint.yaml",
        "AGENTS.md",
        ".gitignore",
        "library.csv",
        "meta/project.json",
        "raw/evidence",
        "raw/instruction/guidance",
        "raw/instruction/feedback",
        "raw/instruction/slides",
        "raw/instruction/exemplars",
        "drafts",
        "outputs/evidence",
        "outputs/audits",
    ):
        assert (tmp_path / path).exists(), path
    assert (tmp_path / ".git").is_dir()
    assert "essaylint ingest" in out
    ignored = (tmp_path / ".gitignore").read_text()
    assert all(d in ignored for d in ("parsed/", "chunks/", "index/", ".essaylint/", ".env"))
    agents = (tmp_path / "AGENTS.md").read_text()
    assert "raw/" in agents and "essaylint query" in agents and "{#doc_" in agents


def test_init_never_overwrites(tmp_path: Path) -> None:
    (tmp_path / "essaylint.yaml").write_text("project:\n  drafts_dir: essay\n")
    (tmp_path / "AGENTS.md").write_text("my rules\n")
    code, out, _ = run("-C", str(tmp_path), "init", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"essaylint.yaml", "AGENTS.md"} <= set(data["kept"])
    assert (tmp_path / "AGENTS.md").read_text() == "my rules\n"
    assert (tmp_path / "essaylint.yaml").read_text() == "project:\n  drafts_dir: essay\n"


def test_init_inside_existing_repo_does_not_reinit(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    essay = tmp_path / "essay"
    essay.mkdir()
    code, out, _ = run("-C", str(essay), "init", "--json")
    assert code == 0 and json.loads(out)["git_init"] is False
    assert not (essay / ".git").exists()


def test_new_refuses_a_non_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("x")
    code, _, err = run("-C", str(tmp_path), "new", "taken")
    assert code == 2
    assert "not empty" in err and "hint:" in err


def test_ingest_outside_a_project_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("-C", str(tmp_path), "ingest")
    assert code == 2
    assert "essaylint.yaml" in err and "essaylint init" in err


def test_bad_config_names_file_line_and_nearest_key(tmp_path: Path) -> None:
    run("-C", str(tmp_path), "init")
    config = tmp_path / "essaylint.yaml"
    config.write_text(config.read_text().replace("  batch_size: 16", "  batch_sise: 16"))
    code, _, err = run("-C", str(tmp_path), "ingest")
    assert code == 2
    line = next(
        i for i, text in enumerate(config.read_text().splitlines(), 1) if "batch_sise" in text
    )
    assert f"essaylint.yaml:{line}" in err and "batch_size" in err


def test_ingest_of_empty_project_reports_and_finds_project_from_subfolder(tmp_path: Path) -> None:
    run("-C", str(tmp_path), "init")
    (tmp_path / "raw" / "evidence" / "empty.pdf").write_bytes(b"")
    code, out, _ = run("-C", str(tmp_path / "drafts"), "ingest", "--json")
    assert code == 1  # a file failed: reported as a finding, not an error
    data = json.loads(out)
    assert data["documents"][0]["status"] == "failed"
    assert "empty" in data["documents"][0]["reason"]


def test_init_writes_hook_config_and_ci_workflow(tmp_path: Path) -> None:
    import yaml

    run("-C", str(tmp_path), "init")
    workflow = yaml.safe_load((tmp_path / ".github" / "workflows" / "essaylint.yml").read_text())
    steps = workflow["jobs"]["audit"]["steps"]
    action = steps[-1]  # the action (action.yml) ingests and audits; tests/test_action.py
    assert "/" in action["uses"] and "@" in action["uses"] and "install" in action["with"]
    assert "@ESSAYLINT" not in str(workflow)
    hooks = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text())
    ids = {hook["id"] for repo in hooks["repos"] for hook in repo["hooks"]}
    assert ids == {"essaylint"}  # one pre-commit start per commit: notes come after
    assert hooks["default_install_hook_types"] == ["pre-commit"]


def test_new_inside_an_essay_repo_refuses_unless_nested(tmp_path: Path) -> None:
    run("-C", str(tmp_path), "init")
    code, _, err = run("-C", str(tmp_path / "drafts"), "new", "second")
    assert code == 2
    assert f"inside the essay repo at {tmp_path}" in err and "--nested" in err
    assert not (tmp_path / "drafts" / "second").exists()
    code, _, err = run("-C", str(tmp_path / "drafts"), "init")
    assert code == 2 and "--nested" in err
    assert not (tmp_path / "drafts" / "essaylint.yaml").exists()
    code, out, _ = run("-C", str(tmp_path), "new", "second", "--nested", "--json")
    assert code == 0
    data = json.loads(out)
    assert (tmp_path / "second" / "essaylint.yaml").is_file()
    assert data["git_init"] is False and Path(data["git_top"]) == tmp_path.resolve()


def test_init_again_in_an_essay_repo_is_not_nesting(tmp_path: Path) -> None:
    run("-C", str(tmp_path), "init")
    code, out, _ = run("-C", str(tmp_path), "init", "--json")
    assert code == 0 and "essaylint.yaml" in json.loads(out)["kept"]


def test_new_inside_a_plain_git_repo_says_where_git_is(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    code, out, _ = run("-C", str(tmp_path), "new", "essay")
    assert code == 0
    assert f"inside the git repository at {tmp_path.resolve()}" in out


def test_dash_c_names_a_missing_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    code, _, err = run("-C", str(missing), "audit")
    assert code == 2
    assert f"-C {missing}: the folder does not exist" in err
    assert "essaylint.yaml" not in err


def test_agents_md_covers_commits_hooks_and_every_citation_status(tmp_path: Path) -> None:
    from essaylint.audit.citations.records import STATUS_ORDER

    run("-C", str(tmp_path), "init")
    agents = (tmp_path / "AGENTS.md").read_text()
    for status in (*STATUS_ORDER, "NEED", "WAIVED"):
        assert f"`{status}`" in agents, status
    for words in ("git commit", "--no-verify", "refs/notes/essaylint", "citation/malformed"):
        assert words in agents, words
