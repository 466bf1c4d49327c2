"""A fake Zotero speaking the local API (``/api/users/0/...``) and the web API
(``/users/<id>/...``) closely enough for pyzotero, with the failures tests need.

Shapes follow Zotero's ``server_localAPI.js``: item JSON arrays, ``format=csljson`` as a
text/plain JSON array on the local API (with ``id`` = the item URI) and as
``{"items": [...]}`` on the web API, 403 ``Local API is not enabled`` when switched off,
400 for a user id other than 0, 501 for Atom. The web API also takes PATCH / PUT of one item
with ``If-Unmodified-Since-Version`` (412 when stale, 204 on success); the local API is
read-only (501 for writes).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

LOCAL_USER_KEY = "Xy7Qa1Bc"
_ITEM_FIELDS = ("title", "abstractNote", "publicationTitle", "date", "DOI", "url", "extra")
_CSL_TYPES = {"journalArticle": "article-journal", "book": "book", "webpage": "webpage"}


@dataclass
class Reply:
    status: int
    body: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


class FakeZotero:
    """``api`` is "local" or "web"; ``items`` are Zotero ``data`` dicts (with ``key``)."""

    def __init__(
        self,
        items: list[dict[str, Any]],
        api: str = "local",
        user_id: int = 0,
        api_key: str = "",
    ) -> None:
        self.items = items
        self.api = api
        self.user_id = user_id
        self.api_key = api_key
        self.enabled = True
        self.queued: list[Reply] = []  # served first, one per request
        self.always: Reply | None = None  # served for every request when set
        self.bad_search = False
        self.bad_csl = False
        self.requests: list[str] = []
        self.headers_seen: list[dict[str, str]] = []
        self.versions: dict[str, int] = {}  # item key → version (7 until written)
        self.writes: list[dict[str, Any]] = []  # accepted writes: method, key, body
        # applied to the target item (version + 1) just before the next writes are checked,
        # as if another device had edited it between our read and our write
        self.concurrent_edits: list[dict[str, Any]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    # -- lifecycle --------------------------------------------------------------------------

    def __enter__(self) -> FakeZotero:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        port = self._server.server_address[1]
        return f"http://127.0.0.1:{port}" + ("/api" if self.api == "local" else "")

    # -- responses ----------------------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                fake.requests.append(self.path)
                fake.headers_seen.append(dict(self.headers))
                self.reply_with(fake.respond(self.path, dict(self.headers)))

            def do_PATCH(self) -> None:
                self.receive_write()

            def do_PUT(self) -> None:
                self.receive_write()

            def receive_write(self) -> None:
                fake.requests.append(f"{self.command} {self.path}")
                fake.headers_seen.append(dict(self.headers))
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.reply_with(fake.write(self.command, self.path, dict(self.headers), body))

            def reply_with(self, reply: Reply) -> None:
                if reply.delay:
                    time.sleep(reply.delay)
                body = reply.body.encode("utf-8")
                try:
                    self.send_response(reply.status)
                    headers = {
                        "Zotero-API-Version": "3",
                        "Zotero-Schema-Version": "30",
                        "Content-Length": str(len(body)),
                        **reply.headers,
                    }
                    if fake.api == "local":
                        headers["Zotero-Server-ID"] = "FAKE1234"
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        return Handler

    def respond(self, raw_path: str, headers: dict[str, str]) -> Reply:
        if self.queued:
            return self.queued.pop(0)
        if self.always:
            return self.always
        url = urlparse(raw_path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        path = url.path
        if self.api == "local":
            if not self.enabled:
                return _text(403, "Local API is not enabled")
            if path in ("/api", "/api/"):
                return _text(200, "Nothing to see here.")
            prefix = "/api/users/"
        else:
            if self.api_key and headers.get("Authorization") != f"Bearer {self.api_key}":
                return _text(403, "Forbidden")
            prefix = "/users/"
        if path == "/itemFields" and self.api == "web":
            return _json([{"field": f, "localized": f} for f in _ITEM_FIELDS])
        if not path.startswith(prefix):
            return _text(404, "Not found")
        user, _, rest = path[len(prefix) :].partition("/")
        if user != str(self.user_id):
            message = "Only data for the logged-in user is available locally -- use userID 0"
            return _text(400 if self.api == "local" else 403, message)
        if query.get("format") == "atom" and self.api == "local":
            return _text(501, "Local API does not support Atom output")
        if rest == "items":
            return self._items(query)
        if rest.startswith("items/"):
            key = rest.split("/", 1)[1]
            found = [i for i in self.items if i["key"] == key]
            if not found:
                return _text(404, "Not found")
            return _json(self.item_json(found[0]))
        return _text(404, "Not found")

    def write(self, method: str, raw_path: str, headers: dict[str, str], body: bytes) -> Reply:
        """PATCH / PUT /users/<id>/items/<key> on the web API, with version checks."""
        if self.queued:
            return self.queued.pop(0)
        if self.always:
            return self.always
        if self.api == "local":
            return _text(501, "Method not implemented")
        if self.api_key and headers.get("Authorization") != f"Bearer {self.api_key}":
            return _text(403, "Forbidden")
        prefix = f"/users/{self.user_id}/items/"
        path = urlparse(raw_path).path
        found = [i for i in self.items if path == prefix + i["key"]]
        if not found:
            return _text(404, "Not found")
        item = found[0]
        key = item["key"]
        if self.concurrent_edits:
            item.update(self.concurrent_edits.pop(0))
            self.versions[key] = self.versions.get(key, 7) + 1
        lowered = {name.lower(): value for name, value in headers.items()}
        sent = lowered.get("if-unmodified-since-version")
        if sent is None:
            return _text(428, "If-Unmodified-Since-Version not provided")
        current = self.versions.get(key, 7)
        if sent != str(current):
            message = f"Item has been modified since specified version (expected {sent}, "
            return _text(412, message + f"found {current})")
        data = json.loads(body)
        changes = {k: v for k, v in data.items() if k not in ("key", "version")}
        if method == "PUT":
            item.clear()
            item["key"] = key
        item.update(changes)
        self.versions[key] = current + 1
        self.writes.append({"method": method, "key": key, "body": data})
        return Reply(204, "", {"Last-Modified-Version": str(current + 1)})

    def _items(self, query: dict[str, str]) -> Reply:
        selected = [i for i in self.items if _matches(i, query)]
        selected = selected[: int(query.get("limit", "100"))]
        fmt = query.get("format", "json")
        if fmt == "csljson":
            if self.bad_csl:
                return _text(200, "[{not json")
            csl = [self.csl(i) for i in selected if i.get("itemType") not in ("note",)]
            if self.api == "local":
                return _text(200, json.dumps(csl))
            body = json.dumps({"items": csl})
            return Reply(200, body, {"Content-Type": "application/vnd.citationstyles.csl+json"})
        if fmt == "keys":
            return _text(200, "".join(i["key"] + "\n" for i in selected))
        if self.bad_search:
            return _json({"unexpected": "shape"})
        return _json([self.item_json(i) for i in selected], {"Total-Results": str(len(selected))})

    # -- item shapes ---------------------------------------------------------------------------

    def library(self) -> dict[str, Any]:
        return {"type": "user", "id": self.user_id, "name": "student"}

    def item_json(self, data: dict[str, Any]) -> dict[str, Any]:
        key = data["key"]
        version = self.versions.get(key, 7)
        return {
            "key": key,
            "version": version,
            "library": self.library(),
            "links": {
                "self": {"href": f"{self.url}/users/{self.user_id}/items/{key}"},
                "alternate": {"href": f"https://www.zotero.org/student/items/{key}"},
            },
            "meta": {
                "creatorSummary": _creator_summary(data),
                "parsedDate": data.get("date", ""),
                "numChildren": 0,
            },
            "data": {"version": version, "tags": [], "collections": [], "relations": {}, **data},
        }

    def uri(self, key: str) -> str:
        if self.api == "local":
            return f"http://zotero.org/users/local/{LOCAL_USER_KEY}/items/{key}"
        return f"{self.user_id}/{key}"

    def csl(self, data: dict[str, Any]) -> dict[str, Any]:
        item: dict[str, Any] = {
            "id": self.uri(data["key"]),
            "type": _CSL_TYPES.get(data.get("itemType", ""), "document"),
            "title": data.get("title", ""),
            "author": [
                {"family": c.get("lastName", ""), "given": c.get("firstName", "")}
                for c in data.get("creators", [])
            ],
        }
        if data.get("date"):
            item["issued"] = {"date-parts": [[int(data["date"][:4])]]}
        for source, target in (
            ("publicationTitle", "container-title"),
            ("DOI", "DOI"),
            ("abstractNote", "abstract"),
            ("extra", "note"),
        ):
            if data.get(source):
                item[target] = data[source]
        return item


def _creator_summary(data: dict[str, Any]) -> str:
    creators = data.get("creators", [])
    return creators[0].get("lastName", "") if creators else ""


def _haystack(data: dict[str, Any], everything: bool) -> str:
    parts = [data.get("title", ""), data.get("date", "")[:4]]
    parts += [c.get("lastName", "") for c in data.get("creators", [])]
    if everything:
        parts += [str(v) for k, v in data.items() if isinstance(v, str) and k != "key"]
    return " ".join(parts).lower()


def _matches(data: dict[str, Any], query: dict[str, str]) -> bool:
    if "itemKey" in query and data["key"] not in query["itemKey"].split(","):
        return False
    if "tag" in query and query["tag"] not in [t["tag"] for t in data.get("tags", [])]:
        return False
    if "q" in query:
        haystack = _haystack(data, query.get("qmode") == "everything")
        if not all(word.lower() in haystack for word in query["q"].split()):
            return False
    return True


def _text(status: int, body: str) -> Reply:
    return Reply(status, body, {"Content-Type": "text/plain"})


def _json(data: Any, headers: dict[str, str] | None = None) -> Reply:
    return Reply(200, json.dumps(data), {"Content-Type": "application/json", **(headers or {})})
