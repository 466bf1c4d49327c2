"""What the benchmarks share: where the material is, and small helpers.

Run a benchmark with the Python that has essaylint installed (`python bench/NAME.py`); the
shared material is read from ../shared (beside the repository) unless a flag says otherwise.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
DEV_EVAL = SHARED / "dev-eval"
SAMPLE_ESSAY = SHARED / "sample-essay"
DATA = ROOT / "bench" / "data"


def log(message: str) -> None:
    """Progress on stderr, so that a benchmark's table on stdout stays clean."""
    print(message, file=sys.stderr, flush=True)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def run(cwd: Path, *args: str, check: bool = True, env: dict | None = None) -> str:
    """A command's stdout (it must succeed unless ``check`` is False)."""
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    if check and done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def wall(cwd: Path, *args: str, env: dict | None = None) -> float:
    """Seconds a command takes, end to end."""
    start = time.perf_counter()
    run(cwd, *args, check=False, env=env)
    return time.perf_counter() - start


WORK = Path("/tmp/essaylint-bench-judgement")  # bulky caches of the judgement benchmarks
CITEWORTH = DATA / "citeworth.jsonl.gz"


def grown_essay(text: str, swaps: Sequence[dict[str, str]], words: int = 3000) -> str:
    """An essay's body repeated with word swaps (so that sentences differ) up to ~``words``,
    its reference list kept once at the end."""
    head, _, rest = text.partition("\n## ")
    body, _, refs = ("## " + rest).partition("\n## References")
    count = len(re.findall(r"\w+", body))
    parts = [head]
    for n, swap in enumerate(swaps):
        if count * n >= words * 0.95:
            break
        copy = body if not n else re.sub(r"^## (.+)$", rf"## \1 ({n + 1})", body, flags=re.M)
        for old, new in swap.items():
            copy = re.sub(rf"\b{old}\b", new, copy)
        parts.append(copy)
    return "\n".join(parts) + "\n## References" + refs


def read_jsonl_gz(path: Path) -> tuple[list[dict], str]:
    """The rows of a gzip JSONL file and the sha256 of its uncompressed bytes."""
    import gzip
    import hashlib
    import json

    raw = gzip.decompress(path.read_bytes())
    rows = [json.loads(line) for line in raw.decode("utf-8").splitlines()]
    return rows, hashlib.sha256(raw).hexdigest()


def sentence_vectors(texts: Sequence[str], work: Path = WORK) -> np.ndarray:
    """The shipped MiniLM's query-side vectors of ``texts`` (as the claim audit computes
    them), kept in ``work`` by the product's own vector cache: embedded once."""
    from essaylint.core.store import VectorCache
    from essaylint.index.embed import MiniLMEmbedder, get_embedder

    cache = VectorCache(work / "vectors", MiniLMEmbedder.model_id)

    def embed(batch: list[str]) -> np.ndarray:
        log(f"embedding {len(batch)} sentences (once; cached in {work})")
        return get_embedder().embed_queries(batch)

    vectors = cache.lookup(list(texts), embed, bucket="sentences")
    cache.flush()
    return vectors
