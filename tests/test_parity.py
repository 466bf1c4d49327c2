"""Every MCP tool gives what its CLI command prints (`essaylint ... --json`), for the same
inputs, errors included: both run the same application function."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from essaylint.app.context import AppContext
from essaylint.cli.main import cli
from essaylint.core.errors import EssaylintError
from essaylint.core.project import Project
from essaylint.tools.catalog import TOOLS, get_tool

QUESTION = "What happens to patients' motivation after a rehabilitation programme ends?"
DRAFT = "drafts/essay.md"
NO_CHILD = "doc_354b33f6:p099:c9999"
NO_TABLE = "doc_354b33f6:tab99"


def cli_json(project: Project, *args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(cli, ["-C", str(project.root), *args])
    try:
        return result.exit_code, json.loads(result.stdout)
    except ValueError:
        return result.exit_code, result.output


def tool_json(project: Project, name: str, arguments: dict[str, Any]) -> Any:
    return get_tool(name).call(AppContext(project), arguments)


def same(name: str, a: Any, b: Any) -> None:
    volatile = set(get_tool(name).volatile)
    if isinstance(a, dict) and isinstance(b, dict):
        a = {k: v for k, v in a.items() if k not in volatile}
        b = {k: v for k, v in b.items() if k not in volatile}
    assert a == b


def pairs(project: Project) -> dict[str, tuple[dict[str, Any], list[str]]]:
    """Per tool: its arguments, and the CLI command with the same inputs."""
    child = _a_child_id(project)
    return {
        "query": ({"question": QUESTION}, ["query", QUESTION, "--json"]),
        "verify": ({"draft": DRAFT}, ["verify-citations", DRAFT, "--json"]),
        "audit": ({"drafts": [DRAFT]}, ["audit", DRAFT, "--json"]),
        "rubric_coverage": ({"draft": DRAFT}, ["audit", DRAFT, "--only", "rubric", "--json"]),
        "relevance": ({"question": QUESTION}, ["relevance", QUESTION, "--json"]),
        "follow": ({"child_ids": [child]}, ["follow", child, "--json"]),
        "locate": ({"question": QUESTION}, ["locate", QUESTION, "--json"]),
        "retrieve": ({"question": QUESTION}, ["tools", "call", "retrieve", "-"]),
        "filter": ({"hits": [], "relative": 0.5}, ["tools", "call", "filter", "-"]),
        "search_sources": ({"query": "tully"}, ["tools", "call", "search_sources", "-"]),
        "counterevidence": ({"claim": QUESTION}, ["query", QUESTION, "--counter", "--json"]),
    }


def _a_child_id(project: Project) -> str:
    from essaylint.ingest.state import current_chunks

    document = next(d for d in current_chunks(project.store).values() if d.children)
    return document.children[0].child_id


def test_every_tool_has_a_cli_pair(sample_repo: Project) -> None:
    assert set(pairs(sample_repo)) == set(TOOLS)


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_tool_and_cli_give_the_same_result(sample_repo: Project, name: str) -> None:
    arguments, command = pairs(sample_repo)[name]
    if command[-1] == "-":  # `essaylint tools call NAME -` reads the arguments on stdin
        result = CliRunner().invoke(
            cli, ["-C", str(sample_repo.root), *command], input=json.dumps(arguments)
        )
        code, printed = result.exit_code, json.loads(result.stdout)
    else:
        code, printed = cli_json(sample_repo, *command)
    assert code in (0, 1), printed  # 1: findings at audit.fail_on
    same(name, tool_json(sample_repo, name, arguments), printed)


@pytest.mark.parametrize(
    ("name", "arguments", "command"),
    [
        (
            "follow",
            {"child_ids": ["doc_354b33f6:p099:c9999"]},
            ["follow", "doc_354b33f6:p099:c9999"],
        ),
        ("follow", {"child_ids": ["doc_354b33f6:tab99"]}, ["follow", "doc_354b33f6:tab99"]),
        ("verify", {"draft": "drafts/missing.md"}, ["verify-citations", "drafts/missing.md"]),
    ],
)
def test_tool_and_cli_fail_alike(
    sample_repo: Project, name: str, arguments: dict[str, Any], command: list[str]
) -> None:
    with pytest.raises(EssaylintError) as caught:
        tool_json(sample_repo, name, arguments)
    result = CliRunner().invoke(cli, ["-C", str(sample_repo.root), *command, "--json"])
    assert result.exit_code == 2
    assert f"error: {caught.value.message}" in result.output
