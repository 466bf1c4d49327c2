"""One HTTP client per backend: timeouts, retries with backoff and jitter, a concurrency
limit that backs off on 429/503, statistics, and messages that never carry a secret.

Retried: 429, 500-599, timeouts, broken connections, and 2xx answers that are not the JSON
asked for. Not retried: other 4xx (a 401 once refreshes the token first). Log lines and
errors name the method, host and path only: never headers, query strings (signed URLs
carry signatures), or bodies.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx

from essaylint.backends.errors import CloudError
from essaylint.backends.limiter import AdaptiveLimiter
from essaylint.backends.secrets import redact
from essaylint.backends.stats import HealthMonitor

log = logging.getLogger("essaylint.backends")

BASE_DELAY_S = 0.5  # first backoff; doubles per attempt, full jitter
MAX_DELAY_S = 30.0
RETRY_STATUSES = frozenset({429, *range(500, 600)})
THROTTLE_STATUSES = frozenset({429, 503})

Headers = Callable[[bool], dict[str, str]]


@dataclass
class RetryableError(Exception):
    reason: str
    throttled: bool = False
    retry_after: float | None = None


def where(url: str) -> str:
    """host/path of a URL, without its query string (signed URLs carry signatures)."""
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path}"


class CloudClient:
    def __init__(
        self,
        backend: str,
        monitor: HealthMonitor | None,
        timeout_s: float = 30.0,
        max_retries: int = 4,
        max_concurrency: int = 8,
        auth: Headers | None = None,
    ) -> None:
        self.backend = backend
        self.monitor = monitor
        self.max_retries = max_retries
        self.auth = auth
        self.limiter = AdaptiveLimiter(max_concurrency)
        self.timeout = httpx.Timeout(timeout_s)
        limits = httpx.Limits(max_connections=max_concurrency + 2)
        self._http = httpx.Client(timeout=self.timeout, limits=limits, follow_redirects=True)

    def close(self) -> None:
        self._http.close()

    def json(self, method: str, url: str, body: Any = None, **kwargs: Any) -> Any:
        """Send JSON (or nothing), answer the parsed JSON body."""
        response = self.request(method, url, json_body=body, want_json=True, **kwargs)
        return response.json()

    def request(
        self,
        method: str,
        url: str,
        *,
        json_body: Any = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        authenticated: bool = True,
        want_json: bool = False,
        timeout_s: float | None = None,
    ) -> httpx.Response:
        refreshed = False
        attempt = 0
        while True:
            try:
                return self._attempt(
                    method,
                    url,
                    json_body,
                    content,
                    headers,
                    authenticated,
                    want_json,
                    timeout_s,
                    refreshed,
                )
            except _UnauthorizedError:
                if refreshed or not authenticated or self.auth is None:
                    raise CloudError(
                        self.backend,
                        f"{method} {where(url)} was refused (HTTP 401/403)",
                        "check the credentials and that the API is enabled for the project",
                        status=401,
                    ) from None
                refreshed = True
            except RetryableError as retry:
                if attempt >= self.max_retries:
                    raise CloudError(
                        self.backend,
                        f"{method} {where(url)} failed after {attempt + 1} attempts "
                        f"({retry.reason})",
                        "try again later; see meta/health_report.md and `essaylint doctor`",
                    ) from None
                delay = random.uniform(0, min(MAX_DELAY_S, BASE_DELAY_S * 2**attempt))
                if retry.retry_after is not None:
                    delay = max(delay, min(MAX_DELAY_S, retry.retry_after))
                log.info(
                    "%s: %s %s: %s; retry %d in %.2f s",
                    self.backend,
                    method,
                    where(url),
                    retry.reason,
                    attempt + 1,
                    delay,
                )
                time.sleep(delay)
                attempt += 1

    def _attempt(
        self,
        method: str,
        url: str,
        json_body: Any,
        content: bytes | None,
        headers: dict[str, str] | None,
        authenticated: bool,
        want_json: bool,
        timeout_s: float | None,
        refresh: bool,
    ) -> httpx.Response:
        send_headers = dict(headers or {})
        if authenticated and self.auth is not None:
            send_headers.update(self.auth(refresh))
        if json_body is not None:
            content = json.dumps(json_body, ensure_ascii=False).encode("utf-8")
            send_headers.setdefault("Content-Type", "application/json; charset=utf-8")
        timeout = httpx.Timeout(timeout_s) if timeout_s else self.timeout
        self.limiter.acquire()
        started = time.perf_counter()
        error, throttled = True, False
        try:
            try:
                response = self._http.request(
                    method, url, content=content, headers=send_headers, timeout=timeout
                )
            except httpx.TimeoutException:
                raise RetryableError(f"timed out: no answer within {timeout.read:g} s") from None
            except httpx.TransportError as exc:
                raise RetryableError(f"connection failed ({type(exc).__name__})") from None
            status = response.status_code
            if status in RETRY_STATUSES:
                throttled = status in THROTTLE_STATUSES
                raise RetryableError(f"HTTP {status}", throttled, _retry_after(response))
            error = False
            if status in (401, 403):
                raise _UnauthorizedError()
            if status >= 400:
                raise CloudError(
                    self.backend,
                    f"{method} {where(url)} answered HTTP {status}: {_detail(response)}",
                    status=status,
                )
            if want_json:
                try:
                    response.json()
                except ValueError:
                    error = True
                    raise RetryableError("the answer was not JSON") from None
            return response
        finally:
            latency = time.perf_counter() - started
            self.limiter.release(throttled=throttled, ok=not error)
            if self.monitor is not None:
                self.monitor.record(self.backend, latency, error)


class _UnauthorizedError(Exception):
    pass


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After", "")
    try:
        return float(value)
    except ValueError:
        return None


def _detail(response: httpx.Response) -> str:
    """The server's error message (Google's error.message), shortened and redacted."""
    try:
        data = response.json()
    except ValueError:
        return redact(response.text[:200].strip()) or "(no message)"
    message = data.get("error", data) if isinstance(data, dict) else data
    if isinstance(message, dict):
        message = message.get("message") or message.get("msg") or json.dumps(message)[:200]
    return redact(str(message)[:300])
