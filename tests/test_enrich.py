"""`essaylint library enrich`: the real Crossref/OpenAlex clients and pyzotero against local
fakes of their APIs (404, 429 with Retry-After, 5xx, timeouts, bad payloads, records that
disagree), and a per-field diff that never overwrites a cell the student edited."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from click.testing import CliRunner
from fakes.http_base import Reply
from fakes.scholarly_servers import (
    FakeCrossref,
    FakeOpenAlex,
    crossref_work,
    openalex_work,
    recorded_crossref_work,
)
from fakes.zotero_server import FakeZotero
from support.export_env import no_zotero

from essaylint.app.scaffold import scaffold
from essaylint.backends.scholarly import Pacer
from essaylint.backends.session import reset_sessions
from essaylint.cli.main import cli
from essaylint.core.project import Project
from essaylint.core.records import LIBRARY_COLUMNS
from essaylint.ingest.library import APPLIED_STATE, MEMORY_STATE, read_library
from essaylint.ingest.library_updates import best_match, same

__all__ = ["no_zotero"]
pytestmark = pytest.mark.usefixtures("no_zotero")

PLOS = "doc_00000001"
EXAMPLE = "doc_00000002"
PLOS_DOI = "10.1371/journal.pone.0033693"
PLOS_TITLE = (
    "Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in "
    "the Basal Ganglia of Mice"
)
EXTRACTED = {
    PLOS: {"title": PLOS_TITLE, "authors": "Sadasivan, Shankar", "year": "2012", "doi": PLOS_DOI},
    EXAMPLE: {"title": "An example", "authors": "Cole, Ann", "year": "2013"},
}


def make_project(root: Path, crossref: str, openalex: str, edits: dict | None = None) -> Project:
    """A repo whose library.csv holds what ingest extracted (and remembered), plus edits."""
    scaffold(root)
    (root / "essaylint.yaml").write_text(
        "library:\n"
        f"  crossref_endpoint: {crossref}\n"
        f"  openalex_endpoint: {openalex}\n"
        "  mailto: student@example.org\n"
        "  requests_per_s: 50\n"
        "cloud:\n  timeout_s: 0.5\n  max_retries: 2\n",
        encoding="utf-8",
    )
    project = Project(root)
    rows = []
    for uid, extracted in EXTRACTED.items():
        row = {c: "" for c in LIBRARY_COLUMNS}
        row.update(extracted, doc_uid=uid, citation_key=uid, status="present", citable="true")
        rows.append(row)
    memory = {r["doc_uid"]: dict(r) for r in rows}
    for row in rows:
        row.update((edits or {}).get(row["doc_uid"], {}))
    with project.library_csv.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=LIBRARY_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    project.store.state(MEMORY_STATE).write(memory)
    reset_sessions()
    return project


def enrich(project: Project, *args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(
        cli, ["-C", str(project.root), "library", "enrich", "--json", *args]
    )
    assert result.exit_code in (0, 2), result.output
    return result.exit_code, json.loads(result.stdout)


def proposals(report: dict, uid: str) -> dict[str, dict]:
    return {p["column"]: p for p in report["proposals"] if p["doc_uid"] == uid}


@pytest.fixture
def servers():
    example = crossref_work(
        DOI="10.5555/Example.42", volume="7", issue="2", page="11-20", title=["An Example"]
    )
    with (
        FakeCrossref([recorded_crossref_work(), example]) as crossref,
        FakeOpenAlex(
            [
                openalex_work(
                    doi="https://doi.org/10.5555/example.42",
                    biblio={"volume": "7", "issue": "2", "first_page": "11", "last_page": "20"},
                )
            ]
        ) as openalex,
    ):
        yield crossref, openalex


def test_a_dry_run_shows_the_diff_and_writes_nothing(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    project = make_project(tmp_path, crossref.url, openalex.url)
    before = project.library_csv.read_bytes()
    code, report = enrich(project, "--from", "crossref,openalex")
    assert code == 0
    assert project.library_csv.read_bytes() == before
    plos = proposals(report, PLOS)
    assert {c: (p["kind"], p["value"]) for c, p in plos.items() if c != "authors"} == {
        "type": ("fill", "article-journal"),
        "container": ("fill", "PLoS ONE"),
        "volume": ("fill", "7"),
        "issue": ("fill", "3"),
        "number": ("fill", "e33693"),  # Crossref's page "e33693" is an e-locator
        "publisher": ("fill", "Public Library of Science (PLoS)"),
        "published_date": ("fill", "2012-03-21"),
    }
    assert plos["authors"]["kind"] == "replace"  # six authors where the PDF gave one
    # found by title, year and first author: the DOI is filled, Crossref's case kept
    example = proposals(report, EXAMPLE)
    assert example["doi"]["value"] == "10.5555/Example.42"
    assert example["page"]["value"] == "11-20"
    assert example["year"]["kind"] == "replace"  # 2014 where the PDF said 2013
    rows = {r["doc_uid"]: r for r in report["rows"]}
    assert rows[PLOS]["matched"]["crossref"] == f"DOI {PLOS_DOI}"
    assert rows[EXAMPLE]["matched"]["crossref"] == "title, year and first author"


def test_apply_fills_and_replace_is_asked_for(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    project = make_project(tmp_path, crossref.url, openalex.url)
    _code, _report = enrich(project, "--from", "crossref,openalex", "--apply")
    row = read_library(project.library_csv)[PLOS]
    assert (row["container"], row["volume"], row["issue"], row["number"]) == (
        "PLoS ONE",
        "7",
        "3",
        "e33693",
    )
    assert row["authors"] == "Sadasivan, Shankar"  # a replacement: needs --replace
    assert read_library(project.library_csv)[EXAMPLE]["year"] == "2013"
    applied = project.store.state(APPLIED_STATE).read({})
    assert applied[PLOS]["volume"] == "7"
    enrich(project, "--from", "crossref", "--apply", "--replace", "--field", "year")
    assert read_library(project.library_csv)[EXAMPLE]["year"] == "2014"


def test_a_cell_the_student_edited_is_never_overwritten(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    edits = {EXAMPLE: {"year": "2015", "title": "An example (edited)"}, PLOS: {"volume": "9"}}
    project = make_project(tmp_path, crossref.url, openalex.url, edits)
    _code, report = enrich(project, "--from", "crossref", "--apply", "--replace")
    plos = proposals(report, PLOS)
    assert plos["volume"]["kind"] == "kept" and plos["volume"]["value"] == "7"
    row = read_library(project.library_csv)[PLOS]
    assert row["volume"] == "9"
    assert read_library(project.library_csv)[EXAMPLE]["year"] == "2015"
    # an edited title no longer matches the work by title: nothing is taken for it
    assert "crossref" in {r["doc_uid"]: r for r in report["rows"]}[EXAMPLE]["unmatched"]


def test_crossref_and_openalex_disagreeing_is_a_conflict(tmp_path: Path) -> None:
    work = crossref_work(DOI="10.5555/example.42", volume="7", title=["An example"])
    other = openalex_work(
        doi="https://doi.org/10.5555/example.42",
        biblio={"volume": "8", "issue": None, "first_page": None, "last_page": None},
    )
    with FakeCrossref([work]) as crossref, FakeOpenAlex([other]) as openalex:
        project = make_project(tmp_path, crossref.url, openalex.url)
        _code, report = enrich(project, EXAMPLE, "--from", "crossref,openalex", "--apply")
    volume = proposals(report, EXAMPLE)["volume"]
    assert volume["kind"] == "conflict"
    assert "crossref says '7'" in volume["note"] and "openalex says '8'" in volume["note"]
    assert read_library(project.library_csv)[EXAMPLE]["volume"] == ""
    assert proposals(report, EXAMPLE)["container"]["kind"] == "fill"  # they agree there


def test_404_429_and_5xx_are_survived(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    crossref.fail("/works/10.1371", Reply(429, "slow down", {"Retry-After": "0"}), Reply(503))
    openalex.fail("/works", Reply(502))
    project = make_project(tmp_path, crossref.url, openalex.url)
    _code, report = enrich(project, PLOS, "--from", "crossref,openalex")
    assert report["sources"] == {"crossref": "used", "openalex": "used"}
    assert proposals(report, PLOS)["volume"]["value"] == "7"
    assert len(crossref.seen(f"/works/{PLOS_DOI}")) == 3  # 429, 503, then the answer
    # OpenAlex does not know the DOI (404): it says so and searches by title instead
    row = report["rows"][0]
    assert (
        row["unmatched"]["openalex"] == f"no record of DOI {PLOS_DOI}, nor of this title and year"
    )
    assert any("search=" in s.query for s in openalex.seen("/works"))


def test_a_service_that_never_answers_is_reported_and_the_others_used(
    tmp_path: Path, servers
) -> None:
    crossref, openalex = servers
    crossref.delay = 2.0  # beyond cloud.timeout_s: every attempt times out
    project = make_project(tmp_path, crossref.url, openalex.url)
    _code, report = enrich(project, EXAMPLE, "--from", "crossref,openalex")
    assert report["sources"]["crossref"].startswith("not reachable")
    assert "timed out" in report["sources"]["crossref"]
    assert report["sources"]["openalex"] == "used"
    assert proposals(report, EXAMPLE)["volume"]["source"] == "openalex"
    crossref.delay = 0


@pytest.mark.parametrize(
    "reply",
    [
        Reply(200, {"status": "ok", "message-type": "work"}),  # no message
        Reply(200, "<html>maintenance</html>", {"Content-Type": "text/html"}),  # not JSON
    ],
)
def test_bad_payloads_are_reported_not_written(tmp_path: Path, servers, reply: Reply) -> None:
    crossref, openalex = servers
    crossref.fail("/works/", reply, reply, reply)
    project = make_project(tmp_path, crossref.url, openalex.url)
    before = project.library_csv.read_bytes()
    code, report = enrich(project, PLOS, "--from", "crossref", "--apply")
    assert code == 2  # the only source asked could not be read
    assert report["sources"]["crossref"].startswith("not reachable")
    assert project.library_csv.read_bytes() == before


def test_polite_pool_contact_and_a_cache_that_keeps_it_out(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    project = make_project(tmp_path, crossref.url, openalex.url)
    enrich(project, PLOS, "--from", "crossref")
    first = crossref.seen("/works/")[0]
    assert parse_qs(first.query)["mailto"] == ["student@example.org"]
    assert "mailto:student@example.org" in first.headers["user-agent"]
    cache = (project.root / ".essaylint" / "results" / "scholarly_http.json").read_text()
    assert "student@example.org" not in cache
    asked = len(crossref.requests)
    _code, report = enrich(project, PLOS, "--from", "crossref")
    assert len(crossref.requests) == asked and report["requests"]["crossref"] == 0
    enrich(project, PLOS, "--from", "crossref", "--refresh")
    assert len(crossref.requests) == asked + 1


def test_openalex_key_is_sent_and_never_cached(
    tmp_path: Path, servers, monkeypatch: pytest.MonkeyPatch
) -> None:
    crossref, openalex = servers
    monkeypatch.setenv("OPENALEX_API_KEY", "secret-key-1")
    project = make_project(tmp_path, crossref.url, openalex.url)
    enrich(project, EXAMPLE, "--from", "openalex")
    assert all(parse_qs(s.query).get("api_key") == ["secret-key-1"] for s in openalex.requests)
    cache = (project.root / ".essaylint" / "results" / "scholarly_http.json").read_text()
    assert "secret-key-1" not in cache


def test_the_pace_follows_the_services_rate_limit_headers() -> None:
    pacer = Pacer(per_second=50)
    pacer.heed({"x-rate-limit-limit": "5", "x-rate-limit-interval": "1s"})
    assert pacer.interval == pytest.approx(0.2)
    pacer.heed({"x-rate-limit-limit": "50", "x-rate-limit-interval": "1s"})
    assert pacer.interval == pytest.approx(0.2)  # headers only ever slow it down


def test_zotero_record_comes_first_and_its_replacements_apply(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    item = {
        "key": "PLOS2012",
        "itemType": "journalArticle",
        "title": PLOS_TITLE,
        "creators": [{"creatorType": "author", "firstName": "Shankar", "lastName": "Sadasivan"}],
        "publicationTitle": "PLOS ONE",
        "volume": "7",
        "issue": "3",
        "pages": "e33693",
        "date": "2012",
        "DOI": PLOS_DOI,
    }
    project = make_project(tmp_path, crossref.url, openalex.url, {PLOS: {"container": "PONE"}})
    memory = project.store.state(MEMORY_STATE).read({})
    memory[PLOS]["container"] = "PONE"  # what ingest extracted: not an edit
    project.store.state(MEMORY_STATE).write(memory)
    with FakeZotero([item]) as zotero:
        result = CliRunner().invoke(
            cli,
            [
                "-C",
                str(project.root),
                "library",
                "enrich",
                PLOS,
                "--from",
                "zotero,crossref",
                "--apply",
                "--json",
            ],
            env={"ESSAYLINT_ZOTERO_LOCAL_URL": zotero.url},
        )
    report = json.loads(result.stdout)
    assert report["rows"][0]["matched"]["zotero"] == "DOI, item PLOS2012"
    container = proposals(report, PLOS)["container"]
    assert (container["kind"], container["source"], container["value"]) == (
        "replace",
        "zotero",
        "PLOS ONE",
    )
    assert read_library(project.library_csv)[PLOS]["container"] == "PLOS ONE"


def test_zotero_unreachable_is_reported(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    project = make_project(tmp_path, crossref.url, openalex.url)
    code, report = enrich(project, "--from", "zotero")
    assert code == 2 and report["sources"]["zotero"].startswith("not reachable")


def test_nothing_is_sent_unless_enrich_runs(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    project = make_project(tmp_path, crossref.url, openalex.url)
    runner = CliRunner()
    for args in (["library", "list"], ["library", "show", PLOS], ["ingest", "--only", "parse"]):
        runner.invoke(cli, ["-C", str(project.root), *args])
    assert crossref.requests == [] and openalex.requests == []


def test_the_text_report_marks_each_kind(tmp_path: Path, servers) -> None:
    crossref, openalex = servers
    project = make_project(tmp_path, crossref.url, openalex.url, {PLOS: {"volume": "9"}})
    result = CliRunner().invoke(
        cli, ["-C", str(project.root), "library", "enrich", "--from", "crossref"]
    )
    assert result.exit_code == 0
    assert "  + container: '' → 'PLoS ONE' (crossref)" in result.stdout
    assert "  = volume: '9' kept (you edited this cell; crossref says '7')" in result.stdout
    assert "Run `essaylint library enrich --apply`" in result.stdout


def test_same_work_needs_title_year_and_first_author() -> None:
    row = {"title": "An Example!", "year": "2014", "authors": "Cole, Ann"}
    right = {"title": "An example", "year": "2015", "authors": "Cole, A."}
    assert best_match(row, [right]) == right
    assert best_match(row, [{**right, "year": "2017"}]) is None
    assert best_match(row, [{**right, "authors": "Smith, Ann"}]) is None
    assert best_match(row, [right, dict(right)]) is None  # two sure matches: neither
    assert same("page", "140-4", "140-144") and same("doi", "10.1/AB", "10.1/ab")
