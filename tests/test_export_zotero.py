"""Zotero lookups through the real pyzotero code against a fake local / web API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fakes.zotero_server import LOCAL_USER_KEY, FakeZotero, Reply
from support.export_env import CLOSED_PORT_URL, no_zotero
from support.export_repo import KNOWN, TEST_CSL, make_repo, zotero_items

from essaylint.cli.main import cli
from essaylint.export.docx import ExportOptions, export_docx
from essaylint.export.docx_check import check_docx, read_docx
from essaylint.export.zotero import (
    ZoteroSession,
    ZoteroSettings,
    ZoteroUnavailableError,
    as_csl_list,
    lookup,
)
from essaylint.ingest.library import library_entries

__all__ = ["no_zotero"]
pytestmark = pytest.mark.usefixtures("no_zotero")
FAST = {"timeout": 2.0, "retries": 2, "backoff": 0.01}


def _settings(fake: FakeZotero, **extra: object) -> ZoteroSettings:
    return ZoteroSettings.from_env({}, local_url=fake.url, **{**FAST, **extra})


def _lookup(tmp_path: Path, fake: FakeZotero, **extra: object):
    project, _ = make_repo(tmp_path / "essay")
    entries = library_entries(project.library_csv)
    return lookup(ZoteroSession.connect(_settings(fake, **extra)), entries, list(KNOWN))


def test_each_match_rule_and_item_uris(tmp_path: Path) -> None:
    with FakeZotero(zotero_items()) as fake:
        found = _lookup(tmp_path, fake)
    assert found.how == {
        "doc_439d7ab5": "Better BibTeX citation key",
        "doc_354b33f6": "essaylint marker in Extra",
        "doc_d22385dc": "DOI",
        "doc_85aaa86b": "title and year",
    }
    assert not found.unmatched
    item = found.matched["doc_439d7ab5"]
    assert item.uris == (f"http://zotero.org/users/local/{LOCAL_USER_KEY}/items/AGYE2014",)
    assert item.item_data["id"] == "doc_439d7ab5"
    assert "abstract" not in item.item_data and "note" not in item.item_data
    assert any("q=doc_439d7ab5&qmode=everything" in r for r in fake.requests)
    assert any("format=csljson" in r for r in fake.requests)


def test_marker_in_a_child_note_and_tag(tmp_path: Path) -> None:
    items = zotero_items()
    items[1]["extra"] = ""
    items.append(
        {
            "key": "NOTE0001",
            "itemType": "note",
            "parentItem": "TULL2010",
            "note": "<p>essaylint: doc_354b33f6</p>",
        }
    )
    items[2]["tags"] = [{"tag": "essaylint:doc_d22385dc"}]
    with FakeZotero(items) as fake:
        found = _lookup(tmp_path, fake)
    assert found.how["doc_354b33f6"] == "essaylint marker in Extra"
    assert found.matched["doc_354b33f6"].uris[0].endswith("/items/TULL2010")
    assert found.how["doc_d22385dc"] == "essaylint tag"


def test_ambiguous_and_missing_items_are_never_picked(tmp_path: Path) -> None:
    items = zotero_items()[:3]
    items.append({**items[2], "key": "DATT2011"})  # same DOI twice
    with FakeZotero(items) as fake:
        found = _lookup(tmp_path, fake)
    assert "ambiguous" in found.unmatched["doc_d22385dc"]
    assert "DATT2010" in found.unmatched["doc_d22385dc"]
    assert found.unmatched["doc_85aaa86b"] == "no matching item in Zotero"
    assert set(found.matched) == {"doc_439d7ab5", "doc_354b33f6"}


def test_live_export_links_fields_to_the_library(tmp_path: Path) -> None:
    items = zotero_items()[:3]  # Sundström is not in Zotero
    project, draft = make_repo(tmp_path / "essay")
    with FakeZotero(items) as fake:
        options = ExportOptions(force=True, csl=str(TEST_CSL), zotero_settings=_settings(fake))
        report = export_docx(project, draft, options)
    assert report.document == "live" and report.zotero_api == "local"
    assert list(report.unmatched) == ["doc_85aaa86b"]
    out = Path(report.output)
    assert check_docx(out, 10, "http://essaylint.test/styles/author-date") == []
    uris = {i["id"]: i["uris"] for f in read_docx(out).citations for i in f.json()["citationItems"]}
    assert uris["doc_439d7ab5"] == [
        f"http://zotero.org/users/local/{LOCAL_USER_KEY}/items/AGYE2014"
    ]
    assert uris["doc_85aaa86b"] == []  # unmatched: library.csv data, no invented key


def test_local_api_switched_off(tmp_path: Path) -> None:
    essay = tmp_path / "essay"
    project, draft = make_repo(essay)
    with FakeZotero(zotero_items()) as fake:
        fake.enabled = False
        options = ExportOptions(force=True, csl=str(TEST_CSL), zotero_settings=_settings(fake))
        report = export_docx(project, draft, options)
        assert report.document == "plain"
        assert any(
            "switched off (403)" in w and "Settings → Advanced" in w for w in report.warnings
        )
        result = CliRunner(env={"ESSAYLINT_ZOTERO_LOCAL_URL": fake.url}).invoke(
            cli,
            [
                "-C",
                str(essay),
                "export",
                "--docx",
                "drafts/essay.md",
                "--force",
                "--zotero",
                "required",
            ],
        )
    assert result.exit_code == 2 and "403" in result.stderr


def test_rate_limit_and_server_errors_are_retried(tmp_path: Path) -> None:
    with FakeZotero(zotero_items()) as fake:
        fake.queued = [Reply(429, "slow down", {"Retry-After": "0"}), Reply(503, "busy")]
        found = _lookup(tmp_path, fake)
    assert len(found.matched) == 4


def test_persistent_failures_make_zotero_unavailable(tmp_path: Path) -> None:
    with FakeZotero(zotero_items()) as fake:
        fake.always = Reply(500, "boom")
        with pytest.raises(ZoteroUnavailableError, match="server error"):
            ZoteroSession.connect(_settings(fake))
        fake.always = Reply(429, "no")  # no Retry-After: pyzotero gives up at once
        with pytest.raises(ZoteroUnavailableError, match="rate-limited"):
            ZoteroSession.connect(_settings(fake))
        fake.always = Reply(200, "{not json", {"Content-Type": "application/json"})
        with pytest.raises(ZoteroUnavailableError, match="not valid JSON"):
            ZoteroSession.connect(_settings(fake))


def test_timeouts(tmp_path: Path) -> None:
    with FakeZotero(zotero_items()) as fake:
        fake.always = Reply(200, "[]", {"Content-Type": "application/json"}, delay=1.0)
        with pytest.raises(ZoteroUnavailableError, match=r"no answer within 0\.2 s"):
            ZoteroSession.connect(_settings(fake, timeout=0.2, retries=1))


def test_bad_payloads(tmp_path: Path) -> None:
    with FakeZotero(zotero_items()) as fake:
        session = ZoteroSession.connect(_settings(fake))
        fake.bad_search = True
        project, _ = make_repo(tmp_path / "essay")
        entries = library_entries(project.library_csv)
        found = lookup(session, entries, ["doc_439d7ab5"])
        assert "unreadable" in found.unmatched["doc_439d7ab5"]
        fake.bad_search, fake.bad_csl = False, True
        found = lookup(session, entries, ["doc_439d7ab5"])
    item = found.matched["doc_439d7ab5"]
    assert item.origin == "zotero (library.csv data)" and item.uris[0].endswith("AGYE2014")
    assert found.notes


def test_connection_refused(tmp_path: Path) -> None:
    settings = ZoteroSettings.from_env({}, local_url=CLOSED_PORT_URL, **FAST)
    with pytest.raises(ZoteroUnavailableError, match="connection refused"):
        ZoteroSession.connect(settings)


def test_web_api_with_a_key_that_is_never_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "SECRETKEY123456789"
    essay = tmp_path / "essay"
    make_repo(essay)
    with FakeZotero(zotero_items(), api="web", user_id=4242, api_key=key) as fake:
        monkeypatch.setenv("ZOTERO_API_KEY", key)
        monkeypatch.setenv("ZOTERO_LIBRARY_ID", "4242")
        monkeypatch.setenv("ZOTERO_LIBRARY_TYPE", "user")
        monkeypatch.setenv("ESSAYLINT_ZOTERO_WEB_URL", fake.url)
        args = [
            "-C",
            str(essay),
            "export",
            "--docx",
            "drafts/essay.md",
            "--force",
            "--csl",
            str(TEST_CSL),
            "--json",
        ]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["zotero_api"] == "web" and len(data["matched"]) == 4
        assert key not in result.stdout + result.stderr
        fields = read_docx(Path(data["output"])).citations
        assert fields[0].json()["citationItems"][0]["uris"] == [
            "http://zotero.org/users/4242/items/AGYE2014"
        ]
        monkeypatch.setenv("ZOTERO_API_KEY", "WRONGKEY987654321")
        result = CliRunner().invoke(cli, [*args[:-1], "--zotero", "required"])
    assert result.exit_code == 2 and "403" in result.stderr
    assert "WRONGKEY987654321" not in result.stdout + result.stderr


def test_csl_shapes_and_uri_forms() -> None:
    local = json.dumps([{"id": "http://zotero.org/users/local/abc/items/K1"}]).encode()
    assert as_csl_list(local)[0]["id"].endswith("/K1")
    assert as_csl_list({"items": [{"id": "1/K1"}]}) == [{"id": "1/K1"}]
    settings = ZoteroSettings(library_id="99", library_type="group")
    web = ZoteroSession(None, "web", settings)
    assert web.uri({"key": "K1"}, "99/K1") == "http://zotero.org/groups/99/items/K1"
    local_session = ZoteroSession(None, "local", ZoteroSettings())
    synced = {"key": "K2", "library": {"type": "user", "id": 7}}
    assert local_session.uri(synced, "") == "http://zotero.org/users/7/items/K2"
    never_synced = "http://zotero.org/users/local/Xy7Qa1Bc/items/K2"
    assert local_session.uri(synced, never_synced) == never_synced
