"""`essaylint library zotero-sync` through the real pyzotero code against a fake Zotero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from fakes.zotero_server import FakeZotero, Reply
from support.export_env import no_zotero
from support.export_repo import make_repo, zotero_items

from essaylint.cli.main import cli
from essaylint.export.zotero import (
    ZoteroSession,
    ZoteroSettings,
    apply_sync,
    extra_markers,
    plan_sync,
    with_marker,
)
from essaylint.ingest.library import library_entries

__all__ = ["no_zotero"]
pytestmark = pytest.mark.usefixtures("no_zotero")
KEY = "SECRETKEY123456789"
FAST = {"timeout": 2.0, "retries": 2, "backoff": 0.01}


def _items(**extras: str) -> list[dict]:
    """The four sample items with Extra set per item key (all in sync unless given)."""
    items = zotero_items()
    in_sync = {
        "AGYE2014": "Citation Key: doc_439d7ab5\nessaylint: doc_439d7ab5",
        "TULL2010": "essaylint: doc_354b33f6",
        "DATT2010": "essaylint: doc_d22385dc",
        "SUND2014": "essaylint: doc_85aaa86b",
    }
    for item in items:
        item["extra"] = extras.get(item["key"], in_sync[item["key"]])
    return items


def _web(fake: FakeZotero, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZOTERO_API_KEY", KEY)
    monkeypatch.setenv("ZOTERO_LIBRARY_ID", "4242")
    monkeypatch.setenv("ZOTERO_LIBRARY_TYPE", "user")
    monkeypatch.setenv("ESSAYLINT_ZOTERO_WEB_URL", fake.url)


def _sync(essay: Path, *args: str) -> Result:
    result = CliRunner().invoke(cli, ["-C", str(essay), "library", "zotero-sync", *args])
    assert KEY not in result.stdout + result.stderr
    return result


def _extra(fake: FakeZotero, key: str) -> str:
    return next(i for i in fake.items if i["key"] == key)["extra"]


def _writes(fake: FakeZotero) -> list[str]:
    return [r for r in fake.requests if r.startswith(("PATCH", "PUT"))]


def test_extra_lines() -> None:
    assert with_marker("", "doc_1") == "essaylint: doc_1"
    assert with_marker("Citation Key: x", "doc_1") == "Citation Key: x\nessaylint: doc_1"
    assert with_marker("a\r\nb\r\n", "doc_1") == "a\r\nb\r\nessaylint: doc_1"
    assert extra_markers("tex.x: y\n essaylint:doc_1 \nessaylint: note") == ["doc_1"]


def test_dry_run_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    items = _items(AGYE2014="Citation Key: doc_439d7ab5", SUND2014="")
    with FakeZotero(items, api="web", user_id=4242, api_key=KEY) as fake:
        _web(fake, monkeypatch)
        result = _sync(essay)
        assert result.exit_code == 0, result.output
        assert "dry run: nothing was written" in result.stdout
        assert "+ essaylint: doc_439d7ab5" in result.stdout
        assert "--apply" in result.stdout
        data = json.loads(_sync(essay, "--dry-run", "--json").stdout)
        assert _writes(fake) == [] and fake.writes == []
    assert data["api"] == "web" and data["mode"] == "dry-run" and data["written"] == 0
    status = {row["doc_uid"]: row["status"] for row in data["rows"]}
    assert status == {
        "doc_439d7ab5": "add",
        "doc_354b33f6": "in-sync",
        "doc_d22385dc": "in-sync",
        "doc_85aaa86b": "add",
    }
    assert _extra(fake, "AGYE2014") == "Citation Key: doc_439d7ab5"


def test_apply_adds_one_line_and_keeps_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    old = "Citation Key: doc_439d7ab5\nOriginal Date: 2013\n"
    items = _items(AGYE2014=old, SUND2014="")
    with FakeZotero(items, api="web", user_id=4242, api_key=KEY) as fake:
        _web(fake, monkeypatch)
        result = _sync(essay, "--apply")
        assert result.exit_code == 0, result.output
        assert "2 item(s) written" in result.stdout and "2 added" in result.stdout
        assert _extra(fake, "AGYE2014") == old + "essaylint: doc_439d7ab5"
        assert _extra(fake, "SUND2014") == "essaylint: doc_85aaa86b"
        assert [(w["method"], w["key"]) for w in fake.writes] == [
            ("PATCH", "AGYE2014"),
            ("PATCH", "SUND2014"),
        ]
        assert fake.writes[0]["body"] == {
            "key": "AGYE2014",
            "version": 7,
            "extra": old + "essaylint: doc_439d7ab5",
        }
        assert fake.items[0]["title"].startswith("Understanding the barriers")  # not clobbered
        again = json.loads(_sync(essay, "--apply", "--json").stdout)
        assert len(fake.writes) == 2  # a second run finds everything in sync
    assert {row["status"] for row in again["rows"]} == {"in-sync"}


def test_conflicting_doc_id_is_reported_and_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    items = _items(DATT2010="essaylint: doc_ffffffff", SUND2014="")
    with FakeZotero(items, api="web", user_id=4242, api_key=KEY) as fake:
        _web(fake, monkeypatch)
        result = _sync(essay, "--apply")
        assert result.exit_code == 1, result.output
        assert "conflict" in result.stdout and "essaylint: doc_ffffffff" in result.stdout
        assert [w["key"] for w in fake.writes] == ["SUND2014"]
    assert _extra(fake, "DATT2010") == "essaylint: doc_ffffffff"


def test_stale_version_412_is_read_again_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    with FakeZotero(_items(SUND2014="Note: x"), api="web", user_id=4242, api_key=KEY) as fake:
        _web(fake, monkeypatch)
        fake.concurrent_edits = [{"abstractNote": "edited on another device"}]
        result = _sync(essay, "--apply", "--json")
        assert result.exit_code == 0, result.output
        assert _writes(fake) == ["PATCH /users/4242/items/SUND2014"] * 2
        assert fake.writes[0]["body"]["version"] == 8
        item = fake.items[3]
        assert item["extra"] == "Note: x\nessaylint: doc_85aaa86b"
        assert item["abstractNote"] == "edited on another device"

        # the other device wrote a different doc id meanwhile: a conflict, nothing written
        item["extra"] = ""
        fake.concurrent_edits = [{"extra": "essaylint: doc_ffffffff"}]
        result = _sync(essay, "--apply")
        assert result.exit_code == 1 and "doc_ffffffff" in result.stdout
        assert item["extra"] == "essaylint: doc_ffffffff" and len(fake.writes) == 1

        # changed again after the re-read: reported, not forced
        item["extra"] = ""
        fake.concurrent_edits = [{}, {}]
        data = json.loads(_sync(essay, "--apply", "--json").stdout)
        row = next(r for r in data["rows"] if r["doc_uid"] == "doc_85aaa86b")
        assert row["status"] == "conflict" and "412" in row["reason"]
        assert item["extra"] == "" and len(fake.writes) == 1


def test_server_errors_on_write_are_retried(tmp_path: Path) -> None:
    project, _ = make_repo(tmp_path / "essay")
    entries = library_entries(project.library_csv)
    with FakeZotero(_items(SUND2014=""), api="web", user_id=4242, api_key=KEY) as fake:
        settings = ZoteroSettings.from_env(
            {"ZOTERO_API_KEY": KEY, "ZOTERO_LIBRARY_ID": "4242"}, web_url=fake.url, **FAST
        )
        session = ZoteroSession.connect(settings, prefer_web=True)
        plan = plan_sync(session, entries)
        session.zot.item_fields()  # pyzotero checks the fields before its first write
        fake.queued = [Reply(503, "busy"), Reply(502, "bad gateway")]
        apply_sync(session, plan)
    assert [row.status for row in plan.rows if row.doc_uid == "doc_85aaa86b"] == ["added"]
    assert _extra(fake, "SUND2014") == "essaylint: doc_85aaa86b"


def test_local_api_prints_instructions_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    items = _items(SUND2014="", DATT2010="Citation Key: other")
    with FakeZotero(items) as fake:
        monkeypatch.setenv("ESSAYLINT_ZOTERO_LOCAL_URL", fake.url)
        result = _sync(essay, "--apply")
        data = json.loads(_sync(essay, "--json").stdout)
        assert _writes(fake) == []
    assert result.exit_code == 0, result.output
    assert "read-only: nothing was written" in result.stdout
    assert "zotero://select/library/items/SUND2014" in result.stdout
    assert "paste: essaylint: doc_85aaa86b" in result.stdout
    assert "paste: essaylint: doc_d22385dc" in result.stdout
    assert "ZOTERO_API_KEY" in result.stdout
    assert data["mode"] == "instructions" and data["written"] == 0
    assert _extra(fake, "SUND2014") == ""


def test_unmatched_and_ambiguous_rows_are_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    items = _items(DATT2010="")[:3]  # Sundström is not in Zotero
    items.append({**items[2], "key": "DATT2011"})  # same DOI twice
    with FakeZotero(items, api="web", user_id=4242, api_key=KEY) as fake:
        _web(fake, monkeypatch)
        result = _sync(essay, "--apply")
        assert fake.writes == []
    assert result.exit_code == 0, result.output
    assert "unmatched  doc_85aaa86b" in result.stdout
    assert "ambiguous  doc_d22385dc" in result.stdout and "DATT2011" in result.stdout


def test_no_zotero_exits_2_with_a_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    essay = tmp_path / "essay"
    make_repo(essay)
    result = _sync(essay)
    assert result.exit_code == 2
    assert "Zotero is not reachable" in result.stderr and "hint:" in result.stderr
    with FakeZotero(_items(), api="web", user_id=4242, api_key=KEY) as fake:
        _web(fake, monkeypatch)
        monkeypatch.setenv("ZOTERO_API_KEY", "WRONGKEY987654321")
        result = _sync(essay, "--apply")
    assert result.exit_code == 2 and "403" in result.stderr
    assert "WRONGKEY987654321" not in result.stdout + result.stderr
