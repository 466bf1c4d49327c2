"""The shared cloud machinery against a local fake: retries, backoff, the adaptive limit,
statistics and the health report, secrets, zips, PDF splitting, ranking records."""

from __future__ import annotations

import io
import logging
import threading
import time
import zipfile
from pathlib import Path

import pytest
from fakes.http_base import FakeServer, Reply
from support.cloud_fixtures import *  # noqa: F403 (fixtures)
from support.paths import CORPUS

from essaylint.backends.errors import CloudError
from essaylint.backends.http import CloudClient
from essaylint.backends.limiter import AdaptiveLimiter
from essaylint.backends.mineru_split import SplitManifest, plan_parts
from essaylint.backends.mineru_zip import safe_extract
from essaylint.backends.secrets import read_dotenv, redact, register_secret
from essaylint.backends.stats import STATS, HealthMonitor
from essaylint.backends.vertex_rank import parse_scores
from essaylint.core.store import Store
from essaylint.retrieve.rerank import record_title


@pytest.fixture
def server():
    fake = FakeServer()
    fake.route("GET", "/ok", lambda seen: Reply(200, {"ok": True}))
    with fake:
        yield fake


def client(monitor=None, **kwargs) -> CloudClient:
    return CloudClient("test", monitor, timeout_s=kwargs.pop("timeout_s", 2), **kwargs)


def test_retries_429_and_5xx_then_succeeds(server: FakeServer) -> None:
    server.fail("/ok", Reply(429, "slow down", {"Retry-After": "0"}), Reply(503), Reply(500))
    assert client(max_retries=3).json("GET", f"{server.url}/ok") == {"ok": True}
    assert len(server.seen("/ok")) == 4


def test_gives_up_after_max_retries_with_a_clean_message(server: FakeServer) -> None:
    server.fail("/ok", *[Reply(502)] * 5)
    with pytest.raises(CloudError) as info:
        client(max_retries=2).json("GET", f"{server.url}/ok?sig=SECRETSIG")
    assert "failed after 3 attempts (HTTP 502)" in info.value.message
    assert "SECRETSIG" not in str(info.value)
    assert len(server.seen("/ok")) == 3


def test_4xx_is_not_retried(server: FakeServer) -> None:
    server.fail("/ok", Reply(400, {"error": {"message": "bad field"}}))
    with pytest.raises(CloudError, match="HTTP 400: bad field"):
        client().json("GET", f"{server.url}/ok")
    assert len(server.seen("/ok")) == 1


def test_timeouts_and_garbage_are_retried(server: FakeServer) -> None:
    server.fail("/ok", Reply(200, "", delay=1.0), Reply(200, "<html>garbage"))
    result = client(timeout_s=0.3, max_retries=3).json("GET", f"{server.url}/ok")
    assert result == {"ok": True}


def test_401_refreshes_the_token_once(server: FakeServer) -> None:
    calls: list[bool] = []

    def auth(force: bool) -> dict[str, str]:
        calls.append(force)
        return {"Authorization": "Bearer t"}

    server.fail("/ok", Reply(401))
    assert client(auth=auth).json("GET", f"{server.url}/ok") == {"ok": True}
    assert calls == [False, True]


def test_limiter_halves_on_throttle_and_regrows() -> None:
    limiter = AdaptiveLimiter(8)
    limiter.acquire()
    limiter.release(throttled=True)
    assert limiter.limit == 4
    for _ in range(4):
        limiter.acquire()
        limiter.release()
    assert limiter.limit == 5


def test_limiter_bounds_concurrency(server: FakeServer) -> None:
    active, peak, lock = [0], [0], threading.Lock()

    def slow(seen):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
        return Reply(200, {"ok": True})

    server.route("GET", "/slow", slow)
    c = client(max_concurrency=3)
    threads = [
        threading.Thread(target=c.json, args=("GET", f"{server.url}/slow")) for _ in range(9)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert peak[0] <= 3


def test_health_report_only_when_slow_or_failing(tmp_path: Path) -> None:
    monitor = HealthMonitor(Store(tmp_path).state(STATS), tmp_path / "meta", 3.0, 0.05)
    for _ in range(20):
        monitor.record("vertex-ranking", 0.2, False)
    assert not (tmp_path / "meta" / "health_report.md").exists()
    monitor.record("vertex-ranking", 4.0, False)
    monitor.record("vertex-ranking", 4.5, False)
    report = (tmp_path / "meta" / "health_report.md").read_text()
    assert "p95 latency 4.00 s > 3 s" in report
    assert "rerank_candidates: 30" in report and "semantic-ranker-fast-004" in report
    assert "rerank: none" in report
    # The window persists across commands.
    again = HealthMonitor(Store(tmp_path).state(STATS), None)
    assert again.backends["vertex-ranking"].total_calls == 22


def test_error_rate_over_5_percent_reports(tmp_path: Path) -> None:
    monitor = HealthMonitor(None, tmp_path, 3.0, 0.05)
    for i in range(20):
        monitor.record("mineru", 0.1, i < 2)
    assert "error rate 10% > 5%" in (tmp_path / "health_report.md").read_text()


def test_secrets_are_redacted_from_logs(caplog: pytest.LogCaptureFixture) -> None:
    register_secret("s3cr3t-value-xyz")
    with caplog.at_level(logging.INFO):
        logging.getLogger("httpx").info("header Bearer s3cr3t-value-xyz sent")
    assert "s3cr3t-value-xyz" not in caplog.text and "***" in caplog.text
    assert redact("a s3cr3t-value-xyz b") == "a *** b"


def test_dotenv_parsing(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "# comment\nexport A=1\nB='two words'\nC=\"x\"\nD=plain # trailing\n\nbad line\n"
    )
    assert read_dotenv(tmp_path / ".env") == {"A": "1", "B": "two words", "C": "x", "D": "plain"}


def _zip(members: dict[str, bytes], symlink: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        if symlink:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = 0o120777 << 16
            zf.writestr(info, "/etc/passwd")
    return buffer.getvalue()


@pytest.mark.parametrize(
    "members,symlink",
    [
        ({"../escape.txt": b"x"}, None),
        ({"/abs.txt": b"x"}, None),
        ({"a/../../b.txt": b"x"}, None),
        ({"ok.txt": b"x"}, "link"),
    ],
)
def test_unsafe_zips_are_refused(tmp_path: Path, members, symlink) -> None:
    archive = tmp_path / "r.zip"
    archive.write_bytes(_zip(members, symlink))
    with pytest.raises(CloudError, match="unsafe path"):
        safe_extract(archive, tmp_path / "out", 10_000)
    assert not (tmp_path / "escape.txt").exists()


def test_zip_size_limit(tmp_path: Path) -> None:
    archive = tmp_path / "r.zip"
    archive.write_bytes(_zip({"big.txt": b"0" * 50_000}))
    with pytest.raises(CloudError, match="unpacks to over"):
        safe_extract(archive, tmp_path / "out", 10_000)
    safe_extract(archive, tmp_path / "ok", 100_000)
    assert (tmp_path / "ok" / "big.txt").stat().st_size == 50_000


def test_split_by_pages_and_bisect_by_size(tmp_path: Path) -> None:
    pdf = CORPUS / "tully2010_rrp_heart_failure_programmes.pdf"
    manifest = plan_parts(pdf, tmp_path / "a", "raw/x.pdf", "sha", max_pages=4, max_mb=200)
    ranges = [(p.first_page, p.last_page) for p in manifest.parts]
    assert ranges[0] == (1, 4) and ranges[-1][1] == manifest.pages
    assert all(b - a + 1 <= 4 for a, b in ranges)
    # A tiny size limit forces bisection down to single pages.
    small = (max(p.size for p in manifest.parts) - 1) / 2**20
    bisected = plan_parts(pdf, tmp_path / "b", "raw/x.pdf", "sha", max_pages=4, max_mb=small)
    assert len(bisected.parts) > len(manifest.parts)
    covered = [n for p in bisected.parts for n in range(p.first_page, p.last_page + 1)]
    assert covered == list(range(1, manifest.pages + 1))
    assert SplitManifest.load(tmp_path / "b") == bisected


def test_ranking_records_and_scores() -> None:
    assert record_title("T", "2 Methods", 2010, 3, 4) == "T | 2 Methods | 2010 | pp. 3-4"
    assert record_title("T", "", None, 3, 3) == "T |  |  | p. 3"
    assert parse_scores({"records": [{"id": "a", "score": 0.9}]}, {"a", "b"}) == {
        "a": 0.9,
        "b": 0.0,
    }
    with pytest.raises(CloudError):
        parse_scores({"records": [{"id": "zzz", "score": 1}]}, {"a"})
    with pytest.raises(CloudError):
        parse_scores("garbage", {"a"})


def test_judge_verdicts_decide_only_when_confident() -> None:
    from essaylint.audit.citations.judge import Verdict, judged_status

    def verdict(ok: bool, confidence: float) -> Verdict:
        return Verdict(ok, confidence, "why", "gemini-2.5-flash")

    t = 0.55
    assert judged_status("WEAK", 0.50, t, verdict(True, 0.9)) == "OK"  # borderline: lifted
    assert judged_status("WEAK", 0.30, t, verdict(True, 0.9)) == "WEAK"  # far below T
    assert judged_status("WEAK", 0.50, t, verdict(True, 0.6)) == "WEAK"  # not confident
    assert judged_status("OK", 0.60, t, verdict(False, 0.7)) == "WEAK"
    assert judged_status("OK", 0.60, t, verdict(False, 0.69)) == "OK"
    assert judged_status("OK", 0.60, t, None) == "OK"
    assert judged_status("UNCERTAIN", 0.70, t, verdict(True, 0.9)) == "OK"
    assert judged_status("UNCERTAIN", 0.70, t, verdict(False, 0.9)) == "WEAK"
    assert judged_status("CONTRADICTED", 0.70, t, verdict(False, 0.9)) == "CONTRADICTED"
    assert judged_status("CONTRADICTED", 0.70, t, verdict(True, 0.9)) == "UNCERTAIN"


def test_judge_is_asked_about_what_the_local_judge_doubts() -> None:
    from essaylint.audit.citations.judge import CitationJudge

    assert CitationJudge.wanted("UNCERTAIN", 0.8, 0.5)
    assert CitationJudge.wanted("CONTRADICTED", 0.9, 0.5)
    assert CitationJudge.wanted("OK", 0.55, 0.5)  # within the margin above T
    assert not CitationJudge.wanted("OK", 0.9, 0.5)


def test_judge_failure_is_a_note_and_stops_asking(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from essaylint.audit.citations.judge import CitationJudge
    from essaylint.audit.citations.records import Passage
    from essaylint.audit.citations.support import Support
    from essaylint.core.ports import Lazy

    class Failing:
        calls = 0

        def judge(self, sentence: str, passages: list[str]) -> dict:
            Failing.calls += 1
            raise CloudError("gemini", "failed after 5 attempts (HTTP 503)")

    project = SimpleNamespace(root=tmp_path, store=Store(tmp_path))
    judge = CitationJudge(project, Lazy(Failing), "gemini-2.5-flash")  # type: ignore[arg-type]
    judge._texts["d"] = {"c1": "one", "c2": "two"}
    support = Support(0.5, {}, Passage("d", "c1", 1, 1, "one", 0.5), ("c1", "c2"))
    assert judge.verdict("A sentence.", "d", support) is None
    assert judge.verdict("Another.", "d", support) is None
    assert Failing.calls == 1 and judge.skipped == 2
    assert "2 citations not judged" in judge.note() and "HTTP 503" in judge.note()
    judge.close()
    assert not project.store.results("judge").path.exists()  # nothing cached
