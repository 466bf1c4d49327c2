"""Keep export tests away from a real Zotero, real credentials and the real home folder."""

from __future__ import annotations

from pathlib import Path

import pytest

CLOSED_PORT_URL = "http://127.0.0.1:9/api"


@pytest.fixture
def no_zotero(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No Zotero answers, no key is set, and the Zotero data folder is empty."""
    for name in (
        "ZOTERO_API_KEY",
        "ZOTERO_LIBRARY_ID",
        "ZOTERO_LIBRARY_TYPE",
        "ESSAYLINT_ZOTERO_WEB_URL",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ESSAYLINT_ZOTERO_LOCAL_URL", CLOSED_PORT_URL)
    data_dir = tmp_path / "Zotero"
    (data_dir / "styles").mkdir(parents=True)
    monkeypatch.setenv("ZOTERO_DATA_DIR", str(data_dir))
    return data_dir
