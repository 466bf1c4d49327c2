"""A fake MinerU v4 API: batch upload URLs, signed-URL PUTs, polling, result zips.

The upload URLs carry a fake signature; a PUT with a Content-Type or an Authorization
header is refused (as a signed OSS URL would). Each uploaded PDF is "parsed" with
pypdfium2 into ``<name>_content_list.json`` blocks (``type``, ``text``, ``page_idx``).
"""

from __future__ import annotations

import io
import json
import threading
import zipfile
from typing import Any

from fakes.http_base import FakeServer, Reply, Seen

TOKEN = "mineru-token-PLANTED-5e8d1a"
SIGNATURE = "sig-PLANTED-a91f"


def content_list(pdf_bytes: bytes) -> list[dict[str, Any]]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(pdf_bytes)
    blocks: list[dict[str, Any]] = []
    try:
        for index in range(len(pdf)):
            textpage = pdf[index].get_textpage()
            text = textpage.get_text_bounded()
            for para in [p.strip() for p in text.split("\r\n\r\n") if p.strip()] or [text]:
                blocks.append(
                    {"type": "text", "text": para.replace("\r\n", "\n"), "page_idx": index}
                )
    finally:
        pdf.close()
    return blocks


def result_zip(
    name: str, blocks: list[dict[str, Any]], extra: dict[str, bytes] | None = None
) -> bytes:
    buffer = io.BytesIO()
    stem = name.removesuffix(".pdf")
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("full.md", "\n\n".join(b["text"] for b in blocks))
        zf.writestr(f"{stem}_content_list.json", json.dumps(blocks))
        zf.writestr("images/.keep", b"")
        for member, data in (extra or {}).items():
            zf.writestr(member, data)
    return buffer.getvalue()


class FakeMinerU(FakeServer):
    def __init__(self, polls_before_done: int = 1) -> None:
        super().__init__()
        self.polls_before_done = polls_before_done
        self.batches: dict[str, list[dict[str, Any]]] = {}
        self.uploads: dict[str, bytes] = {}
        self.polls: dict[str, int] = {}
        self.fail_names: set[str] = set()
        self.evil_zip: dict[str, bytes] | None = None
        self._guard = threading.Lock()
        self.route("POST", "/api/v4/file-urls/batch", self._create)
        self.route("PUT", "/upload/", self._upload)
        self.route("GET", "/api/v4/extract-results/batch/", self._results)
        self.route("GET", "/zips/", self._zip)

    @property
    def endpoint(self) -> str:
        return f"{self.url}/api/v4"

    def _create(self, seen: Seen) -> Reply:
        if seen.headers.get("authorization") != f"Bearer {TOKEN}":
            return Reply(401, {"code": "A0202", "msg": "token error"})
        body = seen.json()
        files = body.get("files", [])
        if not 0 < len(files) <= 200 or body.get("model_version") not in {"pipeline", "vlm"}:
            return Reply(200, {"code": -10002, "msg": "bad request"})
        with self._guard:
            batch_id = f"batch-{len(self.batches) + 1}"
            self.batches[batch_id] = [dict(f) for f in files]
        urls = [f"{self.url}/upload/{batch_id}/{f['data_id']}?Signature={SIGNATURE}" for f in files]
        return Reply(
            200, {"code": 0, "msg": "ok", "data": {"batch_id": batch_id, "file_urls": urls}}
        )

    def _upload(self, seen: Seen) -> Reply:
        if "content-type" in seen.headers or "authorization" in seen.headers:
            return Reply(403, "<Error><Code>SignatureDoesNotMatch</Code></Error>")
        if f"Signature={SIGNATURE}" not in seen.query:
            return Reply(403, "<Error><Code>AccessDenied</Code></Error>")
        _, _, batch_id, data_id = seen.path.split("/")
        self.uploads[f"{batch_id}/{data_id}"] = seen.body
        return Reply(200, "")

    def _results(self, seen: Seen) -> Reply:
        if seen.headers.get("authorization") != f"Bearer {TOKEN}":
            return Reply(401, {"code": "A0202", "msg": "token error"})
        batch_id = seen.path.rsplit("/", 1)[1]
        files = self.batches.get(batch_id)
        if files is None:
            return Reply(200, {"code": -60012, "msg": "task not found"})
        self.polls[batch_id] = self.polls.get(batch_id, 0) + 1
        out = []
        for f in files:
            key = f"{batch_id}/{f['data_id']}"
            item = {"file_name": f["name"], "data_id": f["data_id"], "err_msg": ""}
            if key not in self.uploads:
                item["state"] = "waiting-file"
            elif self.polls[batch_id] <= self.polls_before_done:
                item["state"] = "running"
                item["extract_progress"] = {"extracted_pages": 1, "total_pages": 2}
            elif f["data_id"] in self.fail_names:
                item.update(state="failed", err_msg="file parse error")
            else:
                item.update(state="done", full_zip_url=f"{self.url}/zips/{key}.zip")
            out.append(item)
        return Reply(
            200, {"code": 0, "msg": "ok", "data": {"batch_id": batch_id, "extract_result": out}}
        )

    def _zip(self, seen: Seen) -> Reply:
        if "authorization" in seen.headers:
            return Reply(400, "the CDN must not receive the API token")
        key = seen.path.removeprefix("/zips/").removesuffix(".zip")
        batch_id, data_id = key.split("/")
        name = next(f["name"] for f in self.batches[batch_id] if f["data_id"] == data_id)
        if self.evil_zip is not None:
            return Reply(200, result_zip(name, [], self.evil_zip))
        return Reply(200, result_zip(name, content_list(self.uploads[key])))
