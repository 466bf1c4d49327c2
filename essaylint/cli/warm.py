"""The commit hooks' warm process: a client that imports nothing but the standard library.

`essaylint hook run` and `essaylint hook note` are what a writer waits for on every
commit. Started cold they pay for Python's imports, spaCy and the embedding model each
time; so a per-project server (`essaylint hook serve`, cli/server.py) keeps them loaded,
like a language server, and the `essaylint` entry point (cli/entry.py) hands the hook
commands to it over a Unix socket. Whenever there is no server, or it is busy starting,
stale (essaylint changed since it started) or fails, the command runs in the calling
process exactly as it would without one: the server is a cache, never a requirement.

The socket lives in a folder only this user can open ($XDG_RUNTIME_DIR/essaylint or
/tmp/essaylint-UID, mode 0700), named by a digest of the project's path.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import struct
import sys
from pathlib import Path
from typing import Any

from essaylint import __version__

OFF = ("0", "off", "false", "no")
ENV = "ESSAYLINT_SERVER"  # "off" in the environment: never use nor start a server
HOOK_COMMANDS = (("hook", "run"), ("hook", "note"))
CONFIG_FILE = "essaylint.yaml"
CONNECT_TIMEOUT_S = 1.0
REPLY_TIMEOUT_S = 600.0
HEADER = struct.Struct("!I")


def enabled(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    return hasattr(socket, "AF_UNIX") and environ.get(ENV, "").strip().lower() not in OFF


def runtime_dir() -> Path:
    base = os.environ.get("XDG_RUNTIME_DIR")
    if base and Path(base).is_dir():
        return Path(base) / "essaylint"
    return Path("/tmp") / f"essaylint-{os.getuid()}"


def private_dir() -> Path | None:
    """The socket folder, created 0700; None when it is not safely ours (another owner,
    a symlink, open to others)."""
    folder = runtime_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    mine = info.st_uid == os.getuid() and not os.path.islink(folder)
    return folder if mine and (info.st_mode & 0o077) == 0 else None


def socket_path(root: Path) -> Path | None:
    folder = private_dir()
    if folder is None:
        return None
    name = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:24]
    return folder / f"{name}.sock"


def project_root(start: Path) -> Path | None:
    """The folder holding essaylint.yaml at or above ``start`` (as find_project walks)."""
    here = start.resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_FILE).is_file():
            return folder
    return None


def hook_call(argv: list[str], cwd: Path) -> Path | None:
    """The folder a hook command a server may run (`[-C DIR] hook run|note ...`) runs in,
    started in ``cwd``; None for any other command."""
    rest = argv
    if rest[:1] == ["-C"] and len(rest) >= 2:
        cwd, rest = cwd / rest[1], rest[2:]
    if tuple(rest[:2]) not in HOOK_COMMANDS or any(a in ("-h", "--help") for a in rest):
        return None
    return cwd


def forward(argv: list[str]) -> int | None:
    """Run ``argv`` in this project's server and print what it printed; its exit code, or
    None when there is no usable server (the caller then runs the command itself)."""
    if not enabled():
        return None
    folder = hook_call(argv, Path.cwd())
    if folder is None or not folder.is_dir():
        return None
    root = project_root(folder)
    path = socket_path(root) if root is not None else None
    if path is None or not path.exists():
        return None
    reply = request(path, run_message(argv))
    if not reply or "code" not in reply:
        return None
    sys.stdout.write(reply.get("stdout", ""))
    sys.stdout.flush()
    sys.stderr.write(reply.get("stderr", ""))
    sys.stderr.flush()
    return int(reply["code"])


def run_message(argv: list[str]) -> dict[str, Any]:
    mask = os.umask(0)
    os.umask(mask)
    return {
        "op": "run",
        "argv": argv,
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "umask": mask,
        "version": __version__,
        "prefix": sys.prefix,
    }


def request(path: Path, message: dict[str, Any]) -> dict[str, Any] | None:
    """One request and its reply; None when the server cannot be reached or answered
    nothing usable."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(CONNECT_TIMEOUT_S)
            sock.connect(str(path))
            sock.settimeout(REPLY_TIMEOUT_S)
            send(sock, message)
            return receive(sock)
    except (OSError, ValueError):
        return None


def send(sock: socket.socket, message: dict[str, Any]) -> None:
    body = json.dumps(message).encode("utf-8")
    sock.sendall(HEADER.pack(len(body)) + body)


def receive(sock: socket.socket) -> dict[str, Any] | None:
    head = _exactly(sock, HEADER.size)
    if head is None:
        return None
    body = _exactly(sock, HEADER.unpack(head)[0])
    return json.loads(body) if body is not None else None


def _exactly(sock: socket.socket, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
