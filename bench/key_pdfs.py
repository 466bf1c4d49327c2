"""Bring back the PDFs of the reference keys from the repositories their records name.

    python bench/key_pdfs.py --mirrors /work/.mirror --out /work/refs [--set heldout21 ...]

Each key record's ``source`` names a public repository, a path and a commit; the PDFs are
not in this repository (most are not ours to redistribute: bench/data/README.md). Fetch each
repository first (the workplace's ``fetch`` tool puts a bare copy at
``MIRRORS/<owner>+<name>/repo``), then this copies every file byte for byte with ``git show
<commit>:<path>`` (the snapshot's HEAD when the commit is absent) into ``OUT/<set>/`` and
checks its SHA-1 against the key. It prints the repositories still to fetch.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from pathlib import Path

from _common import DATA

KEYS = DATA / "references"


def git_dir(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+") / "repo"
    for candidate in (base / ".git", base):
        if candidate.is_dir():
            return candidate
    return None


def blob(git: Path, source: dict, sha1: str) -> bytes | None:
    for revision in (source["commit"], "HEAD"):
        shown = subprocess.run(
            ["git", "--git-dir", str(git), "show", f"{revision}:{source['path']}"],
            capture_output=True,
            check=False,
        )
        if shown.returncode == 0 and hashlib.sha1(shown.stdout).hexdigest() == sha1:
            return shown.stdout
    return None


def restore(key: Path, mirrors: Path, out: Path) -> tuple[int, int, set[str]]:
    name = key.name.removesuffix("_key.json")
    documents = [  # the tuning key's records name no source: they are ../shared/corpus
        doc
        for doc in json.loads(key.read_text())["documents"]
        if isinstance(doc.get("source"), dict)
    ]
    found, missing = 0, set()
    for doc in documents:
        source = doc["source"]
        target = out / name / doc["file"]
        if target.is_file() and hashlib.sha1(target.read_bytes()).hexdigest() == doc["sha1"]:
            found += 1
            continue
        git = git_dir(mirrors, source["repo"])
        data = blob(git, source, doc["sha1"]) if git else None
        if data is None:
            missing.add(source["repo"])
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        found += 1
    return found, len(documents), missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--set", action="append", help="a key's name (default: every key)")
    args = parser.parse_args()
    keys = sorted(KEYS.glob("*_key.json"))
    if args.set:
        keys = [k for k in keys if k.name.removesuffix("_key.json") in args.set]
    to_fetch: set[str] = set()
    for key in keys:
        found, total, missing = restore(key, args.mirrors, args.out)
        if total:
            print(f"{key.name.removesuffix('_key.json')}: {found} of {total} PDFs")
        to_fetch |= missing
    for repo in sorted(to_fetch):
        print(f"fetch github:{repo}")


if __name__ == "__main__":
    main()
