"""Bench of what a writer waits for: the whole `git commit` (every hook it runs,
as `essaylint init` and `pre-commit install` set them up) after a one-paragraph edit of a
~3,000-word draft, and the first commit after an ingest; `proselint check` on the same file
is the reference.

    python bench/hook.py setup [--workdir DIR] [--python PY]
    python bench/hook.py run   [--workdir DIR] [--runs N]

`setup` builds DIR/essay with the essaylint of PY (default: this one; give another
installation's Python to compare versions): `essaylint new`, four sample papers
(tests/data/corpus), a draft built from the sample essay, `pre-commit install`, `essaylint
ingest`; it keeps a copy of `.essaylint/` as the ingest left it (once the warm process it
starts has loaded and read the drafts, as a writer who commits later finds it; with
ESSAYLINT_SERVER=off, without that), and writes two scripts that
each make one commit, so that any timer can measure them as whole processes:

    DIR/commit-edit.sh    a new sentence citing Tully et al. in one paragraph, then git commit
    DIR/commit-first.sh   the same, first putting back .essaylint/ as the ingest left it

`run` times those commits (the `git commit` alone) and `proselint check` in turn, A B A B,
and prints medians and the ratio per pair. ESSAYLINT_SERVER=off in the environment measures
commits without the warm process (cli/server.py).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _common import ROOT, grown_essay, log

DATA = ROOT / "tests" / "data"
PDFS = ("agyemanduah2014", "tully2010", "datta2010", "sundstrom2014")
UNKNOWN = "(Marmot, 2015){#doc_8f3a2c1d}"
EDIT = (
    "In ward 0, staff training led to markedly better outcomes (Tully et al., 2010){#doc_354b33f6}."
)
EDIT_PATTERN = "In ward [0-9]*,"
VARIANTS = (
    {},
    {"hospital": "clinic", "staff": "workers", "patients": "service users", "quality": "standard"},
    {"improve": "raise", "care": "treatment", "evidence": "findings", "programmes": "schemes"},
    {"barriers": "obstacles", "health": "healthcare", "initiatives": "projects", "nurses": "RNs"},
)
SCRIPT = """#!/bin/sh
# One commit as a writer makes it: {what}, then `git commit`.
set -e
PATH="{bin}:$PATH"
cd "$(dirname "$0")/essay"
{restore}n=$(( $(cat ../edits) + 1 )); echo "$n" > ../edits
sed -i "s/{pattern}/In ward $n,/" drafts/essay.md
git add drafts/essay.md
git commit -q -m "edit $n"
"""
RESTORE = "rm -rf .essaylint && cp -a ../after-ingest .essaylint\n"


def environment(python: Path) -> dict[str, str]:
    out = dict(os.environ)
    out["PATH"] = f"{python.parent}{os.pathsep}{out.get('PATH', '')}"
    for key in ("GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE"):
        out.pop(key, None)
    return out


def sh(cwd: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def long_draft(words: int = 3000) -> str:
    """The sample essay's body repeated with word swaps (so sentences differ) to ~words, one
    cited paragraph ending in the sentence the benchmark edits."""
    text = (DATA / "sample-essay" / "essay.md").read_text().replace(UNKNOWN, "(Marmot, 2015)")
    draft = grown_essay(text, VARIANTS, words)
    paragraphs = draft.split("\n\n")
    cited = next(i for i, p in enumerate(paragraphs) if len(p.split()) > 60 and "{#doc_" in p)
    paragraphs[cited] = paragraphs[cited].rstrip() + " " + EDIT
    return "\n\n".join(paragraphs)


def setup(workdir: Path, python: Path) -> None:
    env = environment(python)
    env.update(GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="b@example.org")
    env.update(GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="b@example.org")
    if (workdir / "essay" / "essaylint.yaml").is_file():  # an earlier setup's server
        subprocess.run(
            [str(python), "-m", "essaylint", "hook", "serve", "--stop"],
            cwd=workdir / "essay",
            env=env,
            capture_output=True,
            check=False,
        )
    shutil.rmtree(workdir, ignore_errors=True)
    workdir.mkdir(parents=True)
    sh(workdir, env, str(python), "-m", "essaylint", "new", "essay")
    root = workdir / "essay"
    for pdf in (DATA / "corpus").glob("*.pdf"):
        if pdf.name.startswith(PDFS):
            shutil.copyfile(pdf, root / "raw" / "evidence" / pdf.name)
    (root / "drafts" / "essay.md").write_text(long_draft())
    sh(root, env, "git", "config", "user.name", "bench")
    sh(root, env, "git", "config", "user.email", "b@example.org")
    sh(root, env, str(python), "-m", "pre_commit", "install")
    log("ingesting the four sample papers…")
    start = time.perf_counter()
    sh(root, env, str(python), "-m", "essaylint", "ingest")
    log(f"ingest: {time.perf_counter() - start:.1f} s")
    sh(root, env, "git", "add", "-A")
    sh(root, env, "git", "commit", "-q", "--no-verify", "-m", "essay and its library")
    wait_for_server(root, env, python)  # it has read the drafts: as a writer finds it later
    shutil.copytree(root / ".essaylint", workdir / "after-ingest", symlinks=True)
    (workdir / "edits").write_text("0\n")
    for name, what, restore in (
        ("commit-edit.sh", "one paragraph edited", ""),
        ("commit-first.sh", ".essaylint/ as the ingest left it, one paragraph edited", RESTORE),
    ):
        script = workdir / name
        text = SCRIPT.format(what=what, restore=restore, pattern=EDIT_PATTERN, bin=python.parent)
        script.write_text(text)
        script.chmod(0o755)
    words = len(re.findall(r"\w+", long_draft().partition("\n## References")[0]))
    log(f"ready: {root} ({words} words before the reference list)")


def wait_for_server(root: Path, env: dict[str, str], python: Path, limit_s: float = 120) -> None:
    """Versions with a warm process start it after the ingest: wait until it answers."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        done = subprocess.run(
            [str(python), "-m", "essaylint", "hook", "serve", "--status"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or "running (pid" in done.stdout:
            return  # no such command (an older version), or it answers
        time.sleep(1)


def timed_commit(workdir: Path, script: str) -> float:
    """The `git commit` of a commit script alone (its edit and git add are not timed)."""
    text = (workdir / script).read_text()
    prepare = text.rpartition("git commit")[0]
    subprocess.run(["sh", "-c", prepare], cwd=workdir, check=True)
    env = dict(os.environ)
    env["PATH"] = re.search(r'^PATH="(.*):\$PATH"$', text, re.M)[1] + os.pathsep + env["PATH"]
    start = time.perf_counter()
    done = subprocess.run(
        ["git", "commit", "-q", "-m", "timed edit"],
        cwd=workdir / "essay",
        env=env,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"the commit failed:\n{done.stdout.decode()}\n{done.stderr.decode()}")
    return elapsed


def timed(cwd: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, capture_output=True, check=False)
    return time.perf_counter() - start


def run(workdir: Path, runs: int) -> None:
    draft = workdir / "essay" / "drafts" / "essay.md"
    proselint = shutil.which("proselint") or "proselint"
    rows: dict[str, list[tuple[float, float]]] = {"commit-edit.sh": [], "commit-first.sh": []}
    for script in rows:
        timed_commit(workdir, script)  # warm-up, not counted
        for _ in range(runs):
            a = timed_commit(workdir, script)
            b = timed(workdir, proselint, "check", str(draft))
            rows[script].append((a, b))
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, load average {load}"
    )
    warm = os.environ.get("ESSAYLINT_SERVER", "on")
    print(f"{runs} pairs each, medians; ESSAYLINT_SERVER={warm}\n")
    print("| case | git commit (s) | proselint check (s) | ratio (median of pairs) |")
    print("|---|---:|---:|---:|")
    labels = {"commit-edit.sh": "one paragraph edited", "commit-first.sh": "first after ingest"}
    for script, pairs in rows.items():
        a = statistics.median(p[0] for p in pairs)
        b = statistics.median(p[1] for p in pairs)
        ratio = statistics.median(p[0] / p[1] for p in pairs)
        print(f"| {labels[script]} | {a:.2f} | {b:.2f} | {ratio:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("setup", "run"))
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/essaylint-bench-hook"))
    parser.add_argument("--python", type=Path, default=Path(sys.executable))
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    if args.step == "setup":
        setup(args.workdir.resolve(), args.python)
    else:
        run(args.workdir.resolve(), args.runs)


if __name__ == "__main__":
    main()
