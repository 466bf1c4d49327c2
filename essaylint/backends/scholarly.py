"""What the Crossref and OpenAlex clients share: a polite pace, a cache of answers in the
project's store, and the contact e-mail of their "polite pools".

Nothing here runs unless `essaylint library enrich` asks: the clients are made by
``app.backends.metadata_sources`` only for that command.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from essaylint import __version__
from essaylint.backends.errors import CloudError
from essaylint.backends.http import CloudClient
from essaylint.backends.session import cloud_session
from essaylint.config.cloud import CloudSettings
from essaylint.config.library import LibrarySettings
from essaylint.core.store import ResultCache, Store, digest

CACHE = "scholarly_http"
USER_AGENT = f"essaylint/{__version__} (https://github.com/essaylint/essaylint)"


class Pacer:
    """At most one request per ``interval`` seconds; a service's own rate-limit headers
    (Crossref's X-Rate-Limit-Limit / -Interval) can only slow it down."""

    def __init__(self, per_second: float) -> None:
        self.interval = 1.0 / per_second
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self) -> None:
        with self._lock:
            now = time.monotonic()
            if now < self._next:
                time.sleep(self._next - now)
            self._next = max(now, self._next) + self.interval

    def heed(self, headers: Any) -> None:
        limit = _number(headers.get("x-rate-limit-limit") or headers.get("x-ratelimit-limit"))
        window = _number((headers.get("x-rate-limit-interval") or "").rstrip("s")) or 1.0
        if limit:
            self.interval = max(self.interval, window / limit)


def _number(text: Any) -> float | None:
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


class ScholarlyClient:
    """GET JSON from one service, cached by URL (without the contact and key parameters)."""

    name = ""
    endpoint_setting = ""  # the LibrarySettings field holding the service's base URL

    def __init__(
        self,
        root: Path | None,
        settings: LibrarySettings,
        cloud: CloudSettings,
        refresh: bool = False,
    ) -> None:
        self.endpoint = str(getattr(settings, self.endpoint_setting)).rstrip("/")
        self.settings = settings
        self.refresh = refresh
        self.http: CloudClient = cloud_session(root, cloud).client(self.name)
        self.pacer = Pacer(settings.requests_per_s)
        self.cache = Store(root).results(CACHE) if root else ResultCache(None)
        self.requests = 0  # answers fetched from the service in this process

    def private_params(self) -> dict[str, str]:
        """Parameters that identify the user (e-mail, key): sent, never cached or logged."""
        return {"mailto": self.settings.mailto} if self.settings.mailto else {}

    def headers(self) -> dict[str, str]:
        contact = f" (mailto:{self.settings.mailto})" if self.settings.mailto else ""
        return {"User-Agent": USER_AGENT + contact, "Accept": "application/json"}

    def get(self, path: str, params: dict[str, str] | None = None) -> Any | None:
        """The JSON answer, or None for 404; CloudError when the service fails for good."""
        public = urlencode(sorted((params or {}).items()))
        url = f"{self.endpoint}{path}" + (f"?{public}" if public else "")
        key = digest(self.name, url)
        cached = None if self.refresh else self.cache.get(key)
        if isinstance(cached, dict) and time.time() - cached.get("at", 0) < self._ttl():
            return cached.get("json")
        query = urlencode(sorted({**(params or {}), **self.private_params()}.items()))
        self.pacer.wait()
        try:
            response = self.http.request(
                "GET",
                f"{self.endpoint}{path}" + (f"?{query}" if query else ""),
                headers=self.headers(),
                authenticated=False,
                want_json=True,
            )
        except CloudError as exc:
            if exc.status == 404:
                self._remember(key, None)
                return None
            raise
        self.requests += 1
        self.pacer.heed(response.headers)
        answer = response.json()
        self._remember(key, answer)
        return answer

    def _ttl(self) -> float:
        return self.settings.cache_days * 86400

    def _remember(self, key: str, answer: Any) -> None:
        if self.settings.cache_days > 0:
            self.cache.put(key, {"at": time.time(), "json": answer})
            self.cache.save()
