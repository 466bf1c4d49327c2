"""Typed tools, the run log and `essaylint mcp`, end to end on one real ingested essay repo.

The MCP test spawns `python -m essaylint -C <repo> mcp` and talks to it with the official
SDK client, as Claude Code or Codex would.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from support.paths import CORPUS

from essaylint.app.context import AppContext
from essaylint.app.ingest import run_ingest
from essaylint.app.scaffold import scaffold
from essaylint.cli.main import cli
from essaylint.config import load_config
from essaylint.core.errors import EssaylintError
from essaylint.core.project import Project
from essaylint.tools.catalog import all_tools, get_tool
from essaylint.tools.events import canonical_json, read_events, stable_part
from essaylint.tools.resources import list_outputs, read_output
from essaylint.tools.runs import list_runs, replay
from essaylint.tools.session import BudgetReachedError, ToolSession

jsonschema = pytest.importorskip("jsonschema")

PDFS = (
    "tully2010_rrp_heart_failure_programmes.pdf",
    "datta2010_jtmo_dvt_prophylaxis_review.pdf",
)
TULLY = "doc_354b33f6"
DRAFT = (
    "# Heart failure programmes\n\n"
    "Structured programmes helped patients manage their condition, although self-care "
    f"lapsed once the programme ended, as Tully et al. (2010){{#{TULLY}}} report.\n"
)
QUESTION = "self-care after a heart failure programme ended"
# Fields of a query result that differ per run: the timestamped id and the paths named by it.
QUERY_VOLATILE = ("query_id", "markdown_path", "run_path")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("essay")
    scaffold(root)
    for name in PDFS:
        shutil.copyfile(CORPUS / name, root / "raw" / "evidence" / name)
    (root / "drafts" / "essay.md").write_text(DRAFT, encoding="utf-8")
    project = Project(root)
    run_ingest(project, load_config(project.config_path))
    return project


def cli_json(project: Project, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["-C", str(project.root), *args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def without(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def test_every_tool_has_valid_json_schemas() -> None:
    names = {tool.name for tool in all_tools()}
    expected = {"query", "retrieve", "filter", "search_sources", "verify", "audit"}
    assert expected | {"rubric_coverage", "relevance"} <= names
    for tool in all_tools():
        for schema in (tool.input_schema(), tool.output_schema()):
            jsonschema.Draft202012Validator.check_schema(schema)
            assert schema["type"] == "object"
        assert tool.description and tool.cli


def test_arguments_are_validated() -> None:
    with pytest.raises(EssaylintError, match="question"):
        get_tool("query").parse_args({})
    with pytest.raises(EssaylintError, match="qestion"):
        get_tool("query").parse_args({"question": "x", "qestion": "typo"})
    with pytest.raises(EssaylintError, match="unknown tool"):
        get_tool("no_such_tool")


def test_mcp_server_over_stdio_equals_the_cli(project: Project) -> None:
    import anyio

    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    server = StdioServerParameters(
        command=sys.executable, args=["-m", "essaylint", "-C", str(project.root), "mcp"]
    )
    verify_args = {"draft": "drafts/essay.md"}

    async def session() -> dict[str, Any]:
        async with Client(server, read_timeout_seconds=120) as client:
            listed = {t.name: t for t in (await client.list_tools()).tools}
            query = await client.call_tool("query", {"question": QUESTION})
            verify = await client.call_tool("verify", verify_args)
            missing = await client.call_tool("verify", {"draft": "drafts/nope.md"})
            resources = (await client.list_resources()).resources
            first = await client.read_resource(resources[0].uri)
            return {
                "listed": listed,
                "query": query,
                "verify": verify,
                "missing": missing,
                "resources": [str(r.uri) for r in resources],
                "first": first.contents[0].text,
            }

    got = anyio.run(session)
    listed = got["listed"]
    assert {"query", "verify", "audit", "search_sources", "relevance"} <= set(listed)
    for name in ("query", "verify"):
        result = got[name]
        assert not result.is_error, result.content
        jsonschema.validate(result.structured_content, listed[name].output_schema)
        assert json.loads(result.content[0].text) == result.structured_content

    query = got["query"].structured_content
    assert query["items"] and query["items"][0]["citation"]
    cli_query = cli_json(project, "query", QUESTION)
    assert without(query, QUERY_VOLATILE) == without(cli_query, QUERY_VOLATILE)

    verify = got["verify"].structured_content
    assert verify == cli_json(project, "verify-citations", "drafts/essay.md")
    row = verify["drafts"][0]["audits"]["citations"]["rows"][0]
    assert row["cited_doc_uids"] == [TULLY]

    assert got["missing"].is_error and "draft not found" in got["missing"].content[0].text
    assert any(uri.startswith("essaylint://outputs/evidence/") for uri in got["resources"])
    assert any(uri.endswith("essay.citations.md") for uri in got["resources"])
    assert got["first"].strip()

    # The server logged its run; replaying it gives the same results.
    runs = [r for r in list_runs(project) if {"query", "verify"} <= set(r.tools)]
    assert runs and runs[-1].completed and runs[-1].errors == 1
    events = read_events(runs[-1].path)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    results = [e for e in events if e["type"] == "tool_result"]
    assert all(e["result_digest"].startswith("sha256:") and e["ms"] >= 0 for e in results)
    assert any(loc.startswith(f"{TULLY}:p") for loc in results[0]["locators"])
    steps = replay(project, runs[-1].run_id)
    assert [s.tool for s in steps] == ["query", "verify", "verify"]
    assert all(s.same for s in steps), steps


def test_replay_is_byte_identical(project: Project) -> None:
    session = ToolSession.open(AppContext(project))
    calls: list[tuple[str, dict[str, Any]]] = [
        ("query", {"question": QUESTION, "limit": 3}),
        ("query", {"question": "heart failure", "mode": "papers"}),
        ("retrieve", {"question": QUESTION, "top_k": 8}),
        ("search_sources", {"query": "tully 2010"}),
        ("verify", {"draft": "drafts/essay.md"}),
        ("audit", {"only": ["citations", "style"], "suggest": False}),
        ("relevance", {"question": QUESTION, "top_docs": 2}),
    ]
    first = [session.call(name, args) for name, args in calls]
    hits = first[2]["hits"]
    kept = session.call("filter", {"hits": hits, "relative": 0.9, "max_per_doc": 1})
    assert 1 <= len(kept["kept"]) <= 2 and kept["dropped"] == len(hits) - len(kept["kept"])
    calls.append(("filter", {"hits": hits, "relative": 0.9, "max_per_doc": 1}))
    first.append(kept)
    session.complete()

    fresh = AppContext(project, write=False)
    for (name, args), before in zip(calls, first, strict=True):
        tool = get_tool(name)
        again = tool.call(fresh, args)
        assert (
            canonical_json(stable_part(again, tool.volatile)).encode()
            == canonical_json(stable_part(before, tool.volatile)).encode()
        ), name

    steps = replay(project, session.run_id)
    assert len(steps) == len(calls) and all(s.same for s in steps)
    runner = CliRunner()
    shown = runner.invoke(cli, ["-C", str(project.root), "runs", "show", session.run_id])
    assert shown.exit_code == 0 and "tool_result" in shown.output and "completion" in shown.output
    again = runner.invoke(cli, ["-C", str(project.root), "runs", "replay", session.run_id])
    assert again.exit_code == 0, again.output
    assert f"{len(calls)}/{len(calls)} results identical" in again.output
    listed = runner.invoke(cli, ["-C", str(project.root), "runs", "list"])
    assert session.run_id in listed.output


def test_replay_reports_a_changed_result(project: Project) -> None:
    session = ToolSession.open(AppContext(project))
    session.call("search_sources", {"query": "tully"})
    session.complete()
    lines = session.log.path.read_text(encoding="utf-8").splitlines()
    event = json.loads(lines[1])
    event["result_digest"] = "sha256:0"
    lines[1] = json.dumps(event)
    session.log.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert not replay(project, session.run_id)[0].same
    result = CliRunner().invoke(cli, ["-C", str(project.root), "runs", "replay", session.run_id])
    assert result.exit_code == 1 and "DIFFERENT" in result.output


def test_budget_and_errors_are_logged(project: Project) -> None:
    session = ToolSession.open(AppContext(project), max_calls=1)
    with pytest.raises(EssaylintError):
        session.call("verify", {"draft": "drafts/missing.md"})
    with pytest.raises(BudgetReachedError):
        session.call("search_sources", {})
    session.complete()
    types = [e["type"] for e in read_events(session.log.path)]
    assert types == ["tool_call", "error", "budget_reached", "completion"]


def test_search_sources_finds_library_rows_and_new_files(project: Project) -> None:
    context = AppContext(project)
    found = get_tool("search_sources").call(context, {"query": "tully heart"})
    assert [m["doc_uid"] for m in found["matches"]] == [TULLY]
    assert found["matches"][0]["citable"] and "title" in found["matches"][0]["matched"]
    (project.raw / "evidence" / "notes-new.txt").write_text("not ingested yet")
    try:
        new = get_tool("search_sources").call(context, {"query": "notes-new"})
    finally:
        (project.raw / "evidence" / "notes-new.txt").unlink()
    assert [m["status"] for m in new["matches"]] == ["not-ingested"]


def test_relevance_view(project: Project) -> None:
    result = CliRunner().invoke(
        cli, ["-C", str(project.root), "relevance", QUESTION, "--top", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert {d["doc_uid"] for d in view["docs"]} <= {TULLY, "doc_d22385dc"}
    for doc in view["docs"]:
        assert len(doc["strip"]) == doc["pages"] >= doc["best_page"] >= 1
        assert all(0.0 <= s["score"] <= 1.0 for s in doc["scores"])
    assert max(d["best_score"] for d in view["docs"]) == 1.0
    html = (project.root / view["html_path"]).read_text(encoding="utf-8")
    assert "<svg" in html and QUESTION in html
    text = CliRunner().invoke(cli, ["-C", str(project.root), "relevance", QUESTION])
    assert "best p." in text.output


def test_resources_stay_inside_outputs(project: Project) -> None:
    get_tool("verify").call(AppContext(project), {"draft": "drafts/essay.md"})
    outputs = list_outputs(project)
    table = next(o for o in outputs if o.name.endswith("essay.citations.md"))
    text, mime = read_output(project, table.uri)
    assert mime == "text/markdown" and text.strip()
    for bad in ("essaylint://essaylint.yaml", "essaylint://outputs/audits/../../library.csv"):
        with pytest.raises(EssaylintError):
            read_output(project, bad)


def test_init_registers_the_server_with_codex_and_claude(tmp_path: Path) -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    scaffold(tmp_path)
    claude = json.loads((tmp_path / ".mcp.json").read_text(encoding="utf-8"))
    server = claude["mcpServers"]["essaylint"]
    assert server["command"] == sys.executable  # works without the venv on PATH
    assert server["args"] == ["-m", "essaylint", "mcp"]
    codex = tomllib.loads((tmp_path / ".codex" / "config.toml").read_text(encoding="utf-8"))
    assert codex["mcp_servers"]["essaylint"] == {
        "command": sys.executable,
        "args": ["-m", "essaylint", "mcp"],
        "startup_timeout_sec": 30,
        "tool_timeout_sec": 300,
    }
    # An agent starts it with no virtual environment active: an empty PATH, another folder.
    started = subprocess.run(
        [server["command"], *server["args"], "--help"],
        cwd=tmp_path,
        env={"HOME": str(tmp_path), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode == 0 and "Examples:" in started.stdout, started.stderr
    rules = (tmp_path / "AGENTS.md").read_text(encoding="utf-8")
    assert "## Tools over MCP" in rules and "`verify`" in rules


def test_follow_plugs_in_as_one_more_tool(project: Project) -> None:
    session = ToolSession.open(AppContext(project))
    result = session.call("follow", {"question": QUESTION, "budget": 400})
    session.complete()
    jsonschema.validate(result, get_tool("follow").output_schema())
    assert result["seeds"] and result["tokens"] <= 400
    events = read_events(session.log.path)
    decisions = [e for e in events if e["type"] == "decision"]
    assert len(decisions) == len(result["items"]) + len(result["unresolved"]) + 1
    assert decisions[-1]["detail"] == {"stopped": result["stopped"]}
    assert all(step.same for step in replay(project, session.run_id))


def test_locate_plugs_in_with_its_trail(project: Project) -> None:
    assert "locate" in {tool.name for tool in all_tools()}
    session = ToolSession.open(AppContext(project))
    result = session.call("locate", {"question": QUESTION})
    session.complete()
    jsonschema.validate(result, get_tool("locate").output_schema())
    assert [level["name"] for level in result["levels"]] == ["documents", "sections", "children"]
    assert result["pages"] and result["answers"]
    events = read_events(session.log.path)
    decisions = [e for e in events if e["type"] == "decision"]
    assert [d["detail"]["level"] for d in decisions] == ["documents", "sections", "children"]
    assert all(step.same for step in replay(project, session.run_id))
