"""A tiny threaded HTTP server on 127.0.0.1 with scripted faults, shared by the fakes."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Reply:
    status: int = 200
    body: bytes | str | dict | list = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass
class Seen:
    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body or b"null")


Route = Callable[[Seen], Reply]


class FakeServer:
    """Routes are (method, path prefix) → handler. ``faults`` maps a path substring to
    replies served first, one per matching request; ``delay`` slows every answer."""

    def __init__(self) -> None:
        self.routes: list[tuple[str, str, Route]] = []
        self.faults: dict[str, list[Reply]] = {}
        self.delay = 0.0
        self.requests: list[Seen] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def route(self, method: str, prefix: str, handler: Route) -> None:
        self.routes.append((method, prefix, handler))

    def fail(self, path_part: str, *replies: Reply) -> None:
        with self._lock:
            self.faults.setdefault(path_part, []).extend(replies)

    def seen(self, path_part: str, method: str | None = None) -> list[Seen]:
        return [r for r in self.requests if path_part in r.path and method in (None, r.method)]

    def start(self) -> FakeServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _dispatch(self, seen: Seen) -> Reply:
        with self._lock:
            self.requests.append(seen)
            for part, queue in self.faults.items():
                if part in seen.path and queue:
                    return queue.pop(0)
        for method, prefix, handler in self.routes:
            if method == seen.method and seen.path.startswith(prefix):
                return handler(seen)
        return Reply(404, {"error": {"code": 404, "message": f"no route {seen.path}"}})

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                headers = {k.lower(): v for k, v in self.headers.items()}
                seen = Seen(self.command, parts.path, parts.query, headers, body)
                reply = fake._dispatch(seen)
                if reply.delay or fake.delay:
                    time.sleep(reply.delay or fake.delay)
                data = reply.body
                if isinstance(data, (dict, list)):
                    data = json.dumps(data).encode()
                    reply.headers.setdefault("Content-Type", "application/json")
                elif isinstance(data, str):
                    data = data.encode()
                try:
                    self.send_response(reply.status)
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = do_PUT = do_DELETE = _serve  # noqa: N815

        return Handler
