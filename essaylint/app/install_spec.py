"""How the running essaylint was installed, as a pip requirement CI can install again.

pip records where a distribution came from in its ``direct_url.json`` (PEP 610): a VCS URL
and commit, an archive URL, or a local folder; a distribution without one came from a
package index. ``essaylint init`` writes the requirement into the CI workflow (and the
GitHub Action to run) and says what it wrote; when CI cannot reach the source (a folder or
a file on this machine), it says exactly what to set instead.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

from essaylint import __version__

DIST = "essaylint"
# The GitHub repository that publishes essaylint and its action (action.yml) by release tag.
HOME_REPOSITORY = "essaylint/essaylint"
WORKFLOW = ".github/workflows/essaylint.yml"


@dataclass(frozen=True)
class InstallSpec:
    """What CI installs (``requirement``), the action it runs (``action``, ``owner/repo@ref``)
    and, when CI cannot install what runs here, ``advice``: exactly what to set instead."""

    requirement: str
    action: str
    origin: str  # "index", "vcs", "archive" or "local"
    advice: str = ""

    @property
    def reachable(self) -> bool:
        return not self.advice


def install_spec(direct_url: str | None = None, version: str = __version__) -> InstallSpec:
    """The spec for this essaylint (``direct_url``: the text of its direct_url.json; None
    reads the installed one)."""
    text = direct_url if direct_url is not None else _direct_url_text()
    if not text:
        return InstallSpec(f"{DIST}=={version}", _home_action(version), "index")
    data = json.loads(text)
    url = str(data.get("url", ""))
    if "vcs_info" in data:
        return _from_vcs(url, data["vcs_info"], str(data.get("subdirectory", "")), version)
    if "archive_info" in data and not url.startswith("file:"):
        return InstallSpec(_with_hash(url, data["archive_info"]), _home_action(version), "archive")
    return _from_local(url, version)


def _direct_url_text() -> str | None:
    try:
        return metadata.distribution(DIST).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None


def _from_vcs(url: str, vcs: dict, subdirectory: str, version: str) -> InstallSpec:
    commit = str(vcs.get("commit_id", ""))
    requirement = f"{vcs.get('vcs', 'git')}+{url}@{commit}"
    if subdirectory:
        requirement += f"#subdirectory={subdirectory}"
    repository = _github_repository(url)
    action = f"{repository}@{commit}" if repository and not subdirectory else _home_action(version)
    if url.startswith("file:"):
        return InstallSpec(
            requirement,
            action,
            "local",
            f"essaylint was installed from the git repository {_path(url)} on this machine, "
            f"which CI cannot reach: in {WORKFLOW} set `install:` to the same commit on a "
            f"server CI can clone, e.g. git+https://github.com/OWNER/essaylint@{commit}",
        )
    return InstallSpec(requirement, action, "vcs")


def _from_local(url: str, version: str) -> InstallSpec:
    """A folder or a wheel on this machine: suggest the checkout's pushed form if it is one."""
    path = _path(url)
    example = _checkout_requirement(path) or f"git+https://github.com/OWNER/essaylint@v{version}"
    return InstallSpec(
        "",
        _home_action(version),
        "local",
        f"essaylint was installed from {path} on this machine, which CI cannot reach: in "
        f"{WORKFLOW} set `install:` to a pip requirement CI can install, e.g. {example} "
        "(a commit you have pushed), or essaylint==VERSION from a package index",
    )


def _checkout_requirement(path: Path) -> str:
    """``git+URL@HEAD`` for a git checkout with an ``origin`` remote ("" otherwise)."""

    def git(*args: str) -> str:
        try:
            done = subprocess.run(
                ["git", "-C", str(path), *args], capture_output=True, text=True, timeout=10
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return done.stdout.strip() if done.returncode == 0 else ""

    if not path.is_dir():
        return ""
    remote, head = git("remote", "get-url", "origin"), git("rev-parse", "HEAD")
    if not remote or not head or remote.startswith(("/", "file:")):
        return ""
    if remote.startswith("git@github.com:"):
        remote = "https://github.com/" + remote.split(":", 1)[1]
    return f"git+{remote}@{head}"


def _with_hash(url: str, archive: dict) -> str:
    hashes = archive.get("hashes") or {}
    if "sha256" in hashes and "#" not in url:
        return f"{url}#sha256={hashes['sha256']}"
    return url


def _github_repository(url: str) -> str:
    """``owner/repo`` of a github.com URL ("" for any other host)."""
    parsed = urlparse(url if "://" in url else "ssh://" + url.replace(":", "/", 1))
    host = parsed.hostname or ""
    if host != "github.com":
        return ""
    parts = [p for p in parsed.path.split("/") if p]
    if len(parts) < 2:
        return ""
    name = parts[1][:-4] if parts[1].endswith(".git") else parts[1]
    return f"{parts[0]}/{name}"


def _home_action(version: str) -> str:
    return f"{HOME_REPOSITORY}@v{version}"


def _path(url: str) -> Path:
    return Path(unquote(urlparse(url).path)) if url.startswith("file:") else Path(url)
