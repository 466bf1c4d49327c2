"""Fake Google APIs: the OAuth token endpoint, Vertex AI ``:predict`` (embeddings),
``batchPredictionJobs``, ``:generateContent``, Cloud Storage (JSON API) and Discovery
Engine ``rankingConfigs:rank``, checking paths, bearer tokens and payload shapes.

Embeddings are hashed bags of words, so texts sharing words have close vectors; ranking
scores are the share of query words found in a record.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote

from fakes.http_base import FakeServer, Reply, Seen

ACCESS_TOKEN = "ya29.fake-access-token-PLANTED-7f3a9c"
PROJECT = "essay-proj"
MAX_INPUT_WORDS = 2048


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def fake_vector(text: str, dim: int) -> list[float]:
    vec = [0.0] * dim
    for word in words(text):
        h = int(hashlib.md5(word.encode()).hexdigest(), 16)
        vec[h % dim] += 1.0 if (h >> 64) & 1 else -1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [3.0 * v / norm for v in vec]  # not unit length: the client must normalise


CLIENT_EMAIL = "essaylint-test@essay-proj.iam.gserviceaccount.com"
PRIVATE_KEY_ID = "fake-key-id-PLANTED-0c5d"


def _private_key_pem() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def write_adc(folder: Path, token_uri: str) -> Path:
    """A service-account key file (as GOOGLE_APPLICATION_CREDENTIALS names) whose token
    endpoint is the fake: google-auth signs a JWT and trades it for an access token."""
    path = folder / "service-account.json"
    path.write_text(
        json.dumps(
            {
                "type": "service_account",
                "project_id": PROJECT,
                "private_key_id": PRIVATE_KEY_ID,
                "private_key": _private_key_pem(),
                "client_email": CLIENT_EMAIL,
                "client_id": "1234567890",
                "token_uri": token_uri,
            }
        )
    )
    return path


class FakeGoogle(FakeServer):
    def __init__(self, batch_polls_before_done: int = 2) -> None:
        super().__init__()
        self.tokens_issued = 0
        self.objects: dict[tuple[str, str], bytes] = {}
        self.jobs: dict[str, dict[str, Any]] = {}
        self.batch_polls_before_done = batch_polls_before_done
        self.gemini_replies: list[dict[str, Any]] = []
        self._lock2 = threading.Lock()
        self.route("POST", "/token", self._token)
        self.route("POST", "/v1/projects/", self._post_v1)
        self.route("GET", "/v1/projects/", self._get_job)
        self.route("POST", "/upload/storage/v1/b/", self._upload)
        self.route("GET", "/storage/v1/b/", self._storage_get)

    # -- auth ----------------------------------------------------------------------------
    def _token(self, seen: Seen) -> Reply:
        form = parse_qs(seen.body.decode())
        grant = form.get("grant_type", [""])[0]
        assertion = form.get("assertion", [""])[0]
        if grant != "urn:ietf:params:oauth:grant-type:jwt-bearer" or not _jwt_from(
            assertion, CLIENT_EMAIL
        ):
            return Reply(400, {"error": "invalid_grant"})
        self.tokens_issued += 1
        return Reply(
            200, {"access_token": ACCESS_TOKEN, "expires_in": 3600, "token_type": "Bearer"}
        )

    def _authorised(self, seen: Seen) -> bool:
        return seen.headers.get("authorization") == f"Bearer {ACCESS_TOKEN}"

    # -- aiplatform / discovery engine --------------------------------------------------
    def _post_v1(self, seen: Seen) -> Reply:
        if not self._authorised(seen):
            return _error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.")
        path = seen.path
        if path.endswith("/publishers/google/models/gemini-embedding-001:predict"):
            return self._predict(seen)
        if (
            path
            == f"/v1/projects/{PROJECT}/locations/global/rankingConfigs/default_ranking_config:rank"
        ):
            return self._rank(seen)
        if path.endswith(":generateContent"):
            return self._generate(seen)
        if path.endswith("/batchPredictionJobs"):
            return self._create_job(seen)
        return _error(404, "NOT_FOUND", f"unknown path {path}")

    def _predict(self, seen: Seen) -> Reply:
        body = seen.json()
        instances = body.get("instances", [])
        params = body.get("parameters", {})
        if len(instances) != 1:
            return _error(400, "INVALID_ARGUMENT", "gemini-embedding-001 takes one instance")
        if params.get("autoTruncate") is not False:
            return _error(400, "INVALID_ARGUMENT", "test expects autoTruncate false")
        instance = instances[0]
        if instance.get("task_type") not in {"RETRIEVAL_DOCUMENT", "RETRIEVAL_QUERY"}:
            return _error(400, "INVALID_ARGUMENT", "bad task_type")
        count = len(words(instance["content"]))
        if count > MAX_INPUT_WORDS:
            return _error(
                400,
                "INVALID_ARGUMENT",
                f"Unable to submit request because the input token count is {count} but the "
                f"model supports up to {MAX_INPUT_WORDS}. Reduce the input token count.",
            )
        dim = int(params.get("outputDimensionality", 3072))
        values = fake_vector(instance["content"], dim)
        stats = {"token_count": count, "truncated": False}
        return Reply(
            200, {"predictions": [{"embeddings": {"values": values, "statistics": stats}}]}
        )

    def _rank(self, seen: Seen) -> Reply:
        body = seen.json()
        records = body.get("records", [])
        if len(records) > 200 or not body.get("ignoreRecordDetailsInResponse"):
            return _error(400, "INVALID_ARGUMENT", "bad ranking request")
        if body.get("model") not in {"semantic-ranker-default-004", "semantic-ranker-fast-004"}:
            return _error(400, "INVALID_ARGUMENT", "unknown model")
        query = set(words(body["query"]))
        scored = []
        for record in records:
            if set(record) - {"id", "title", "content"} or record["title"].count(" | ") != 3:
                return _error(400, "INVALID_ARGUMENT", "bad record")
            text = set(words(record["title"] + " " + record["content"]))
            score = len(query & text) / max(1, len(query))
            scored.append({"id": record["id"], "score": round(score, 4)})
        scored.sort(key=lambda r: -r["score"])
        return Reply(200, {"records": scored[: body.get("topN", len(scored))]})

    def _generate(self, seen: Seen) -> Reply:
        body = seen.json()
        if not body.get("contents"):
            return _error(400, "INVALID_ARGUMENT", "no contents")
        with self._lock2:
            reply = self.gemini_replies.pop(0) if self.gemini_replies else {}
        schema = body.get("generationConfig", {}).get("responseSchema", {})
        if not reply and "sentences" in schema.get("required", []):
            reply = {"sentences": _scripted_summary(body["contents"][0]["parts"][0]["text"])}
        text = json.dumps(reply)
        candidate = {"content": {"role": "model", "parts": [{"text": text}]}}
        return Reply(200, {"candidates": [candidate], "usageMetadata": {"totalTokenCount": 10}})

    # -- batch prediction ----------------------------------------------------------------
    def _create_job(self, seen: Seen) -> Reply:
        body = seen.json()
        uri = body["inputConfig"]["gcsSource"]["uris"][0]
        out_prefix = body["outputConfig"]["gcsDestination"]["outputUriPrefix"]
        if body["inputConfig"]["instancesFormat"] != "jsonl":
            return _error(400, "INVALID_ARGUMENT", "jsonl expected")
        job_id = str(1000 + len(self.jobs))
        name = seen.path.removeprefix("/v1/") + f"/{job_id}"
        self.jobs[name] = {
            "name": name,
            "state": "JOB_STATE_PENDING",
            "polls": 0,
            "input": uri,
            "output": out_prefix,
            "dim": body.get("modelParameters", {}).get("outputDimensionality", 3072),
            "model": body["model"],
        }
        return Reply(
            200, {"name": name, "state": "JOB_STATE_PENDING", "displayName": body["displayName"]}
        )

    def _get_job(self, seen: Seen) -> Reply:
        if not self._authorised(seen):
            return _error(401, "UNAUTHENTICATED", "bad credentials")
        name = seen.path.removeprefix("/v1/")
        job = self.jobs.get(name)
        if job is None:
            return _error(404, "NOT_FOUND", "no such job")
        job["polls"] += 1
        if job["state"] != "JOB_STATE_SUCCEEDED" and job["polls"] > self.batch_polls_before_done:
            self._run_job(job)
        state = "JOB_STATE_RUNNING" if job["polls"] > 1 else job["state"]
        if job["state"] == "JOB_STATE_SUCCEEDED":
            state = job["state"]
        answer: dict[str, Any] = {"name": name, "state": state}
        if state == "JOB_STATE_SUCCEEDED":
            answer["outputInfo"] = {"gcsOutputDirectory": job["output_dir"]}
        return Reply(200, answer)

    def _run_job(self, job: dict[str, Any]) -> None:
        bucket, obj = _split_gs(job["input"])
        lines = self.objects[(bucket, obj)].decode().splitlines()
        out_bucket, prefix = _split_gs(job["output"])
        out_dir = f"{prefix.rstrip('/')}/prediction-model-2025"
        results = []
        for line in lines:
            instance = json.loads(line)
            values = fake_vector(instance["content"], int(job["dim"]))
            results.append(
                json.dumps(
                    {
                        "instance": instance,
                        "prediction": {
                            "embeddings": {"values": values, "statistics": {"truncated": False}}
                        },
                    }
                )
            )
        half = len(results) // 2
        self.objects[(out_bucket, f"{out_dir}/predictions_00001.jsonl")] = "\n".join(
            results[:half]
        ).encode()
        self.objects[(out_bucket, f"{out_dir}/predictions_00002.jsonl")] = "\n".join(
            results[half:]
        ).encode()
        job["state"] = "JOB_STATE_SUCCEEDED"
        job["output_dir"] = f"gs://{out_bucket}/{out_dir}"

    # -- storage --------------------------------------------------------------------------
    def _upload(self, seen: Seen) -> Reply:
        if not self._authorised(seen):
            return _error(401, "UNAUTHENTICATED", "bad credentials")
        bucket = seen.path.split("/")[5]
        query = parse_qs(seen.query)
        if query.get("uploadType") != ["media"]:
            return _error(400, "INVALID_ARGUMENT", "uploadType=media expected")
        name = query["name"][0]
        self.objects[(bucket, name)] = seen.body
        return Reply(200, {"bucket": bucket, "name": name, "size": str(len(seen.body))})

    def _storage_get(self, seen: Seen) -> Reply:
        if not self._authorised(seen):
            return _error(401, "UNAUTHENTICATED", "bad credentials")
        parts = seen.path.split("/")  # /storage/v1/b/BUCKET/o[/NAME]
        bucket = parts[4]
        query = parse_qs(seen.query)
        if len(parts) == 6:
            prefix = query.get("prefix", [""])[0]
            items = [
                {"name": n}
                for (b, n) in sorted(self.objects)
                if b == bucket and n.startswith(prefix)
            ]
            return Reply(200, {"kind": "storage#objects", "items": items})
        name = unquote("/".join(parts[6:]))
        data = self.objects.get((bucket, name))
        if data is None or query.get("alt") != ["media"]:
            return _error(404, "NOT_FOUND", "no such object")
        return Reply(200, data, {"Content-Type": "application/octet-stream"})


def _scripted_summary(prompt: str) -> list[str]:
    """A brief summary unless one is scripted: three sentences citing the first line ids
    sent (``L1: ...`` lines of the prompt)."""
    ids = re.findall(r"^(L\d+): ", prompt, re.M)
    return [f"The task demands what line {i} says [{i}]." for i in ids[:3]]


def _jwt_from(assertion: str, issuer: str) -> bool:
    import base64

    parts = assertion.split(".")
    if len(parts) != 3:
        return False
    payload = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    return payload.get("iss") == issuer


def _split_gs(uri: str) -> tuple[str, str]:
    bucket, _, name = uri.removeprefix("gs://").partition("/")
    return bucket, name


def _error(code: int, status: str, message: str) -> Reply:
    return Reply(code, {"error": {"code": code, "message": message, "status": status}})
