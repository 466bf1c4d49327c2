"""Find the student's Zotero items for the cited doc_uids, with pyzotero.

Local API of Zotero 7 first (http://127.0.0.1:23119/api/, no key), then the web API when
ZOTERO_API_KEY and ZOTERO_LIBRARY_ID are set. An item is matched by, in order: a Better
BibTeX citation key equal to the doc_uid, an ``essaylint: doc_…`` line in Extra (or an
``essaylint:doc_…`` tag), the DOI, then title + year. Several candidates are ambiguous and
never picked; an item key is never made up.

The export only reads. ``plan_sync`` / ``apply_sync`` (``essaylint library zotero-sync``)
add an ``essaylint: doc_…`` line to Extra of matched items, through the web API only (the
local API is read-only), when the student asks for it.
"""

from __future__ import annotations

import html
import os
import random
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from essaylint.core.records import LibraryEntry
from essaylint.export.csl import csl_item, doi_key, strip_item
from essaylint.export.fields import ResolvedItem
from essaylint.ingest.library_columns import row_from_csl
from essaylint.ingest.library_updates import SourceRecord

LOCAL_URL = "http://127.0.0.1:23119/api"
WEB_URL = "https://api.zotero.org"
ENABLE_HINT = (
    "switch it on in Zotero: Settings → Advanced → 'Allow other applications on this "
    "computer to communicate with Zotero'"
)
_URI = re.compile(r"^http://zotero\.org/(?:users|groups)/(?:local/)?[^/]+/items/([A-Z0-9]+)$")
_TAG_HTML = re.compile(r"<[^>]+>")
_WORDS = re.compile(r"\w+")
_YEAR = re.compile(r"(1\d{3}|20\d{2})")
_SKIPPED_TYPES = frozenset({"attachment", "note", "annotation"})
T = TypeVar("T")


class ZoteroUnavailableError(Exception):
    """Zotero did not answer usefully; ``reason`` says why and what to do."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadPayloadError(Exception):
    pass


@dataclass(frozen=True)
class ZoteroSettings:
    local_url: str = LOCAL_URL
    web_url: str = WEB_URL
    api_key: str = field(default="", repr=False)
    library_id: str = ""
    library_type: str = "user"
    timeout: float = 5.0
    retries: int = 2
    backoff: float = 0.5
    try_local: bool = True

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> ZoteroSettings:
        env = os.environ if env is None else env
        values: dict[str, Any] = {
            "local_url": env.get("ESSAYLINT_ZOTERO_LOCAL_URL") or LOCAL_URL,
            "web_url": env.get("ESSAYLINT_ZOTERO_WEB_URL") or WEB_URL,
            "api_key": env.get("ZOTERO_API_KEY", "").strip(),
            "library_id": env.get("ZOTERO_LIBRARY_ID", "").strip(),
            "library_type": (env.get("ZOTERO_LIBRARY_TYPE") or "user").strip().lower(),
        }
        values.update(overrides)
        return cls(**values)

    @property
    def has_web_credentials(self) -> bool:
        return bool(self.api_key and self.library_id)


@dataclass
class Lookup:
    """What Zotero gave for each doc_uid."""

    api: str  # "local" or "web"
    matched: dict[str, ResolvedItem] = field(default_factory=dict)
    how: dict[str, str] = field(default_factory=dict)
    unmatched: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _timeout_client(timeout: float, trust_env: bool) -> Any:
    import httpx2

    class _Client(httpx2.Client):
        """pyzotero passes a 30 s timeout on every request; ours wins."""

        def request(self, method: str, url: Any, **kwargs: Any) -> Any:
            kwargs["timeout"] = timeout
            return super().request(method, url, **kwargs)

    return _Client(follow_redirects=True, timeout=timeout, trust_env=trust_env)


class ZoteroSession:
    """One connected library (local or web)."""

    def __init__(self, zot: Any, api: str, settings: ZoteroSettings) -> None:
        self.zot = zot
        self.api = api
        self.settings = settings
        self.libraries: dict[str, dict[str, Any]] = {}  # item key → its library, from searches

    # -- connecting ----------------------------------------------------------------------------

    @classmethod
    def connect(cls, settings: ZoteroSettings, prefer_web: bool = False) -> ZoteroSession:
        """The local API if it answers, else the web API (the other way round with
        ``prefer_web``, which writes need); ZoteroUnavailableError says why not."""
        try:
            from pyzotero import zotero
        except ImportError as exc:
            raise ZoteroUnavailableError(
                "pyzotero is not installed: pip install 'essaylint[export]'"
            ) from exc
        reasons = []
        for api in ("web", "local") if prefer_web else ("local", "web"):
            if api == "local" and not settings.try_local:
                continue
            if api == "web" and not settings.has_web_credentials:
                reasons.append("web API: not configured (set ZOTERO_API_KEY and ZOTERO_LIBRARY_ID)")
                continue
            if api == "local":
                client = _timeout_client(settings.timeout, trust_env=False)
                zot = zotero.Zotero("0", "user", local=True, client=client)
                zot.endpoint = settings.local_url.rstrip("/")
            else:
                client = _timeout_client(settings.timeout, trust_env=True)
                zot = zotero.Zotero(
                    settings.library_id, settings.library_type, settings.api_key, client=client
                )
                zot.endpoint = settings.web_url.rstrip("/")
            session = cls(zot, api, settings)
            try:
                session.probe()
                return session
            except ZoteroUnavailableError as exc:
                reasons.append(f"{api} API: {exc.reason}")
        raise ZoteroUnavailableError("; ".join(reasons))

    def probe(self) -> None:
        result = self.call(lambda: self.zot.items(limit=1))
        if not isinstance(result, list):
            raise ZoteroUnavailableError(
                "unexpected answer to a test request (not a list of items)"
            )

    # -- requests with retries -----------------------------------------------------------------

    def call(self, request: Callable[[], T]) -> T:
        """Run one pyzotero request; retry timeouts and 5xx, translate every failure."""
        attempt = 0
        while True:
            try:
                return request()
            except Exception as exc:  # pyzotero and httpx2 raise many kinds
                reason, retry = self._classify(exc)
                if not retry or attempt >= self.settings.retries:
                    raise ZoteroUnavailableError(self._clean(reason)) from None
            delay = self.settings.backoff * (2**attempt) * (0.5 + random.random())
            time.sleep(delay)
            attempt += 1

    def _classify(self, exc: Exception) -> tuple[str, bool]:
        import httpx2
        from pyzotero import errors

        cause = exc.__cause__
        if isinstance(cause, httpx2.HTTPStatusError):  # writes leave zot.request unset
            status: int | None = cause.response.status_code
        else:
            status = getattr(getattr(self.zot, "request", None), "status_code", None)
        if isinstance(exc, httpx2.ConnectError):
            return "Zotero is not running or not listening (connection refused)", False
        if isinstance(exc, httpx2.TimeoutException):
            return f"no answer within {self.settings.timeout:g} s", True
        if isinstance(exc, errors.TooManyRetriesError | errors.TooManyRequestsError):
            return "rate-limited by Zotero (429); try again later", False
        if isinstance(exc, errors.UserNotAuthorisedError):
            if self.api == "local" and "not enabled" in str(exc):
                return f"the local API is switched off (403): {ENABLE_HINT}", False
            return "access refused (403/401): check ZOTERO_API_KEY and its permissions", False
        if isinstance(exc, errors.PyZoteroError) and status is not None and status >= 500:
            return f"Zotero server error ({status})", True
        if isinstance(exc, errors.PyZoteroError):
            return f"Zotero refused the request ({status or type(exc).__name__})", False
        if isinstance(exc, httpx2.HTTPError):
            return f"network error ({type(exc).__name__})", True
        if isinstance(exc, ValueError):
            return "Zotero sent an answer that is not valid JSON", False
        return f"unexpected error ({type(exc).__name__})", False

    def _clean(self, text: str) -> str:
        key = self.settings.api_key
        return text.replace(key, "***") if key else text

    # -- searching -----------------------------------------------------------------------------

    def search(self, **params: Any) -> list[dict[str, Any]]:
        result = self.call(lambda: self.zot.items(limit=100, **params))
        if not isinstance(result, list):
            raise BadPayloadError("search answer is not a list")
        items = [r for r in result if isinstance(r, dict) and isinstance(r.get("data"), dict)]
        if len(items) != len(result):
            raise BadPayloadError("search answer holds entries that are not items")
        items = [item for item in items if item.get("key") or item["data"].get("key")]
        for item in items:
            if isinstance(item.get("library"), dict):
                self.libraries[_key(item)] = item["library"]
        return items

    def csl_items(self, keys: list[str]) -> dict[str, dict[str, Any]]:
        """CSL-JSON by item key (the local API answers a bare array, the web API an object)."""
        found: dict[str, dict[str, Any]] = {}
        for start in range(0, len(keys), 50):
            batch = ",".join(keys[start : start + 50])
            answer = self.call(lambda b=batch: self.zot.items(itemKey=b, format="csljson"))
            for item in as_csl_list(answer):
                key = str(item.get("id", "")).rsplit("/", 1)[-1]
                if key:
                    found[key] = item
        return found

    def uri(self, item: dict[str, Any], csl_id: str) -> str:
        key = item.get("key") or item["data"]["key"]
        match = _URI.match(csl_id)
        if match and match.group(1) == key:
            return csl_id
        if self.api == "web":
            kind = "groups" if self.settings.library_type == "group" else "users"
            return f"http://zotero.org/{kind}/{self.settings.library_id}/items/{key}"
        library = item.get("library") or {}
        kind = "groups" if library.get("type") == "group" else "users"
        return f"http://zotero.org/{kind}/{library.get('id', 0)}/items/{key}"


def as_csl_list(answer: Any) -> list[dict[str, Any]]:
    """bytes/str (local API) → parsed; {"items": [...]} (web API) → the list; list → itself."""
    import json

    if isinstance(answer, bytes | str):
        try:
            answer = json.loads(answer)
        except ValueError as exc:
            raise BadPayloadError("CSL-JSON answer is not JSON") from exc
    if isinstance(answer, dict):
        answer = answer.get("items")
    if not isinstance(answer, list):
        raise BadPayloadError("CSL-JSON answer is not a list of items")
    return [item for item in answer if isinstance(item, dict)]


# -- matching ------------------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines()]


def _norm(text: str) -> str:
    return " ".join(_WORDS.findall(html.unescape(text or "").lower()))


def _key(item: dict[str, Any]) -> str:
    return str(item.get("key") or item["data"].get("key"))


def _by_citation_key(items: list[dict[str, Any]], uid: str) -> set[str]:
    found = set()
    for item in items:
        data = item["data"]
        extra_keys = [
            line.split(":", 1)[1].strip()
            for line in _lines(data.get("extra", ""))
            if line.lower().startswith("citation key:")
        ]
        if data.get("citationKey") == uid or uid in extra_keys:
            found.add(_key(item))
    return found


def _by_marker(items: list[dict[str, Any]], uid: str) -> set[str]:
    marker = f"essaylint: {uid}"
    found = set()
    for item in items:
        data = item["data"]
        if data.get("itemType") == "note":
            text = html.unescape(_TAG_HTML.sub("\n", data.get("note", "")))
            if marker in _lines(text) and data.get("parentItem"):
                found.add(str(data["parentItem"]))
            continue
        lines = [" ".join(line.split()) for line in _lines(data.get("extra", ""))]
        if marker in lines or marker.replace(" ", "") in lines:
            found.add(_key(item))
    return found


def _regular(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [i for i in items if i["data"].get("itemType") not in _SKIPPED_TYPES]


def _by_doi(items: list[dict[str, Any]], doi: str) -> set[str]:
    wanted = doi_key(doi)
    found = set()
    for item in _regular(items):
        data = item["data"]
        dois = [data.get("DOI", "")]
        dois += [
            line[4:] for line in _lines(data.get("extra", "")) if line.upper().startswith("DOI:")
        ]
        if any(d and doi_key(d) == wanted for d in dois):
            found.add(_key(item))
    return found


def _by_title_year(items: list[dict[str, Any]], entry: LibraryEntry) -> set[str]:
    title = _norm(entry.title)
    year = _YEAR.search(entry.year or "")
    found = set()
    for item in _regular(items):
        data = item["data"]
        if _norm(data.get("title", "")) != title:
            continue
        date = (item.get("meta") or {}).get("parsedDate") or data.get("date", "")
        item_year = _YEAR.search(str(date))
        if year and (not item_year or item_year.group(1) != year.group(1)):
            continue
        found.add(_key(item))
    return found


def find_item(session: ZoteroSession, entry: LibraryEntry) -> tuple[str, str]:
    """(item key, how) or ("", why not); ambiguous matches are reported, never picked."""
    uid = entry.doc_uid
    hits = session.search(q=uid, qmode="everything")
    steps: list[tuple[str, Callable[[], set[str]]]] = [
        ("Better BibTeX citation key", lambda: _by_citation_key(hits, uid)),
        ("essaylint marker in Extra", lambda: _by_marker(hits, uid)),
        (
            "essaylint tag",
            lambda: {_key(i) for i in _regular(session.search(tag=f"essaylint:{uid}"))},
        ),
    ]
    if entry.doi.strip():
        doi = doi_key(entry.doi)
        steps.append(("DOI", lambda: _by_doi(session.search(q=doi, qmode="everything"), doi)))
    if entry.title.strip():
        words = " ".join(_WORDS.findall(entry.title)[:8])
        steps.append(("title and year", lambda: _by_title_year(session.search(q=words), entry)))
    for how, step in steps:
        keys = step()
        if len(keys) == 1:
            return keys.pop(), how
        if len(keys) > 1:
            return "", f"ambiguous: {how} matches items {', '.join(sorted(keys))}"
    return "", "no matching item in Zotero"


def lookup(session: ZoteroSession, entries: dict[str, LibraryEntry], uids: list[str]) -> Lookup:
    """Match every doc_uid; matched items get a URI and Zotero's CSL-JSON as itemData."""
    result = Lookup(api=session.api)
    keys: dict[str, str] = {}
    for uid in uids:
        try:
            key, how = find_item(session, entries[uid])
        except BadPayloadError as exc:
            result.unmatched[uid] = f"Zotero gave an unreadable answer ({exc})"
            continue
        if key:
            keys[uid], result.how[uid] = key, how
        else:
            result.unmatched[uid] = how
    if not keys:
        return result
    try:
        csl = session.csl_items(sorted(set(keys.values())))
    except BadPayloadError as exc:
        csl = {}
        result.notes.append(f"Zotero's CSL-JSON was unreadable ({exc}); library.csv data used")
    for uid, key in keys.items():
        zotero_item = csl.get(key)
        data = strip_item(zotero_item, uid) if zotero_item else csl_item(entries[uid])
        csl_id = str(zotero_item.get("id", "")) if zotero_item else ""
        library = session.libraries.get(key, {"type": "user", "id": 0})
        uri = session.uri({"key": key, "library": library}, csl_id)
        origin = "zotero" if zotero_item else "zotero (library.csv data)"
        result.matched[uid] = ResolvedItem(uid, (uri,), data, origin)
    return result


# -- writing the doc_uid into Extra (`essaylint library zotero-sync`) ----------------------------

_MARKER_LINE = re.compile(r"^\s*essaylint:\s*(doc_\S+)\s*$")
SYNC_STATUSES = ("added", "add", "in-sync", "conflict", "failed", "ambiguous", "unmatched")


@dataclass
class SyncRow:
    """One library.csv row and what the sync does with its Zotero item."""

    doc_uid: str
    status: str  # one of SYNC_STATUSES; "add" = the line is still to be added
    item_key: str = ""
    how: str = ""
    title: str = ""
    line: str = ""  # the Extra line to add
    reason: str = ""
    select: str = ""  # zotero://select link to the item
    extra: str = field(default="", repr=False)
    version: int = field(default=0, repr=False)

    def as_dict(self) -> dict[str, str]:
        names = ("doc_uid", "status", "item_key", "how", "title", "line", "reason", "select")
        return {name: getattr(self, name) for name in names}


@dataclass
class SyncPlan:
    api: str
    rows: list[SyncRow] = field(default_factory=list)

    def by_status(self, status: str) -> list[SyncRow]:
        return [row for row in self.rows if row.status == status]


def extra_markers(extra: str) -> list[str]:
    """The doc ids of the ``essaylint: doc_…`` lines in an Extra field."""
    return [m.group(1) for line in (extra or "").splitlines() if (m := _MARKER_LINE.match(line))]


def with_marker(extra: str, uid: str) -> str:
    """Extra with one ``essaylint: <uid>`` line added at the end, the rest kept exactly."""
    line = f"essaylint: {uid}"
    if not extra:
        return line
    return extra + ("" if extra.endswith(("\n", "\r")) else "\n") + line


def sync_candidates(entries: dict[str, LibraryEntry]) -> dict[str, LibraryEntry]:
    """The present (an empty status counts as present), citable rows."""
    return {
        uid: entry
        for uid, entry in entries.items()
        if entry.status.strip() in ("present", "") and entry.is_citable
    }


def plan_sync(session: ZoteroSession, entries: dict[str, LibraryEntry]) -> SyncPlan:
    """What the sync would do for each present, citable row; reads only."""
    plan = SyncPlan(api=session.api)
    for uid, entry in sync_candidates(entries).items():
        try:
            key, how = find_item(session, entry)
        except BadPayloadError as exc:
            plan.rows.append(SyncRow(uid, "unmatched", reason=f"unreadable answer ({exc})"))
            continue
        if not key:
            status = "ambiguous" if how.startswith("ambiguous") else "unmatched"
            plan.rows.append(SyncRow(uid, status, reason=how, title=entry.title))
            continue
        row = SyncRow(uid, "add", item_key=key, how=how, line=f"essaylint: {uid}")
        _read_item(session, row)
        plan.rows.append(row)
    claims: dict[str, list[str]] = {}
    for row in plan.rows:
        if row.item_key:
            claims.setdefault(row.item_key, []).append(row.doc_uid)
    for row in plan.by_status("add"):
        if len(claims[row.item_key]) > 1:
            others = ", ".join(u for u in claims[row.item_key] if u != row.doc_uid)
            row.status = "conflict"
            row.reason = f"the same Zotero item also matches {others}; left as is"
    return plan


def _read_item(session: ZoteroSession, row: SyncRow) -> None:
    """Read the item's Extra and version and decide: add, in-sync or conflict."""
    item = session.call(lambda: session.zot.item(row.item_key))
    if not isinstance(item, dict) or not isinstance(item.get("data"), dict):
        row.status, row.reason = "failed", "Zotero gave an unreadable item"
        return
    data = item["data"]
    row.title = str(data.get("title") or row.title)
    row.extra = str(data.get("extra") or "")
    version = item.get("version") or data.get("version")
    if not isinstance(version, int):
        row.status, row.reason = "failed", "Zotero gave an item without a version"
        return
    row.version = version
    row.select = _select_link(session, row.item_key, item.get("library"))
    markers = extra_markers(row.extra)
    if row.doc_uid in markers:
        row.status, row.reason = "in-sync", "Extra already has the line"
    elif markers:
        row.status = "conflict"
        row.reason = f"Extra already names another source (essaylint: {markers[0]}); left as is"
    else:
        row.status, row.reason = "add", ""


def _select_link(session: ZoteroSession, key: str, library: Any) -> str:
    if session.api == "web" and session.settings.library_type == "group":
        return f"zotero://select/groups/{session.settings.library_id}/items/{key}"
    if session.api == "local" and isinstance(library, dict) and library.get("type") == "group":
        return f"zotero://select/groups/{library.get('id')}/items/{key}"
    return f"zotero://select/library/items/{key}"


def apply_sync(session: ZoteroSession, plan: SyncPlan) -> None:
    """Write the planned lines through the web API; the local API is read-only."""
    if session.api != "web":
        return
    for row in plan.by_status("add"):
        _write_marker(session, row)


def _write_marker(session: ZoteroSession, row: SyncRow) -> None:
    """PATCH Extra with the item's version; on 412 read the item again once and retry."""
    from pyzotero import errors

    for attempt in range(2):
        extra = with_marker(row.extra, row.doc_uid)
        payload = {"key": row.item_key, "version": row.version, "extra": extra}

        def patch(payload: dict[str, Any] = payload) -> bool:
            try:
                session.zot.update_item(payload)
            except errors.PreConditionFailedError:
                return False
            return True

        try:
            if session.call(patch):
                row.status, row.reason = "added", ""
                return
            if attempt:
                break
            _read_item(session, row)  # someone changed the item since we read it
        except ZoteroUnavailableError as exc:
            row.status, row.reason = "failed", exc.reason
            return
        if row.status != "add":
            return
    row.status = "conflict"
    row.reason = "the item changed in Zotero again while writing (412); run the sync again"


# -- Zotero as a source of records (`essaylint library enrich`) ----------------------------------


def zotero_records(
    session: ZoteroSession, entries: dict[str, LibraryEntry]
) -> tuple[dict[str, SourceRecord], dict[str, str]]:
    """The student's Zotero record of each row's work (matched as the export matches:
    citation key, essaylint marker, DOI, then title and year), in library.csv's columns;
    and why the other rows have none."""
    keys: dict[str, tuple[str, str]] = {}
    missing: dict[str, str] = {}
    for uid, entry in entries.items():
        try:
            key, how = find_item(session, entry)
        except BadPayloadError as exc:
            missing[uid] = f"Zotero gave an unreadable answer ({exc})"
            continue
        if key:
            keys[uid] = (key, how)
        else:
            missing[uid] = how
    found: dict[str, SourceRecord] = {}
    if not keys:
        return found, missing
    try:
        items = session.csl_items(sorted({key for key, _ in keys.values()}))
    except BadPayloadError as exc:
        return found, {**missing, **{u: f"unreadable CSL-JSON ({exc})" for u in keys}}
    for uid, (key, how) in keys.items():
        if key in items:
            found[uid] = SourceRecord("zotero", row_from_csl(items[key]), how, key)
        else:
            missing[uid] = f"item {key} has no CSL-JSON"
    return found, missing
