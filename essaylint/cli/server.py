"""`essaylint hook serve`: the warm process behind the commit hooks (see cli/warm.py).

One server per project, started in the background by an ingest or by a hook command that
found none. It loads the commit path once (our modules, spaCy, the embedding model), then
runs each `hook run` / `hook note` it is sent in its own process, one at a time, in the
caller's folder, environment (GIT_INDEX_FILE...) and umask, and returns what the command
printed and its exit code. Nothing about a project is kept between requests: every
request reads essaylint.yaml, the caches and the drafts afresh, as a new process would.

It exits after ``idle`` seconds without a request, when essaylint's code changes under it
(the request is then refused and the client runs the command itself), on
`essaylint hook serve --stop`, or on SIGTERM.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import signal
import socket
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from essaylint import __version__
from essaylint.cli import warm

if TYPE_CHECKING:
    from essaylint.config.schema import Config
    from essaylint.core.project import Project

LOG = "hook-server.log"
_SERVING = False  # True inside the server: its requests never start another one


def serving() -> bool:
    return _SERVING


class Server:
    def __init__(self, root: Path, idle_s: float) -> None:
        self.root = root.resolve()
        self.idle_s = idle_s
        self.path = warm.socket_path(self.root)
        self.code: dict[str, int] = {}  # module file -> mtime when loaded
        self.stop = False
        self.lock: IO[str] | None = None
        self.bound = -1  # inode of the socket this server bound

    def serve(self) -> int:
        """Run until idle; 0, or 1 when another server holds the project. The socket
        appears only once everything is loaded: until then clients run cold, never wait."""
        global _SERVING
        if self.path is None:
            return 1
        with open(self.path.with_suffix(".lock"), "a+") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return 1  # another server is running (or starting) for this project
            self.lock = lock
            _SERVING = True
            self.warm_up()
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            mask = os.umask(0o177)
            try:
                listener.bind(str(self.path))
            finally:
                os.umask(mask)
            self.bound = self.path.stat().st_ino
            listener.listen(8)
            try:
                self.loop(listener)
            finally:
                listener.close()
                self.step_aside()
        return 0

    def step_aside(self) -> None:
        """Remove this server's socket and release the project's lock, so that a new
        server may start at once (even while this process is still exiting)."""
        with contextlib.suppress(OSError):
            if self.path is not None and self.path.stat().st_ino == self.bound:
                self.path.unlink()
        if self.lock is not None:
            with contextlib.suppress(OSError, ValueError):
                fcntl.flock(self.lock, fcntl.LOCK_UN)
            self.lock = None

    def warm_up(self) -> None:
        """Import the commit path and load the models it uses (errors only cost speed)."""
        from essaylint.app.warm import preload

        try:
            preload(self.root)
        except Exception:  # a broken configuration: requests report it as a cold run would
            traceback.print_exc()
        self.code = loaded_code()

    def loop(self, listener: socket.socket) -> None:
        listener.settimeout(self.idle_s)
        while not self.stop:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                return
            with conn:
                self.answer(conn)

    def answer(self, conn: socket.socket) -> None:
        conn.settimeout(30)
        try:
            message = warm.receive(conn)
        except (OSError, ValueError):
            return
        if not message:
            return
        conn.settimeout(None)
        reply = self.handle(message)
        with contextlib.suppress(OSError):
            warm.send(conn, reply)

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        op = message.get("op")
        if op == "stop":
            self.stop = True
            return {"stopped": True}
        if op == "status":
            return {"pid": os.getpid(), "root": str(self.root), "version": __version__}
        if op != "run":
            return {"error": f"unknown request {op!r}"}
        if not self.mine(message):
            return {"retry": "another project"}
        if not self.current(message):
            self.stop = True  # a new essaylint is installed: let the next one start
            self.step_aside()  # before the client, running cold, tries to start it
            return {"retry": "stale"}
        started = time.monotonic()
        try:
            reply = run_command(message)
            took = time.monotonic() - started
            print(f"{' '.join(message['argv'])}: exit {reply['code']} in {took:.2f} s", flush=True)
            return reply
        except Exception:  # a bug here must never cost the commit: run it cold instead
            traceback.print_exc()
            return {"retry": "error"}
        finally:
            self.code = {**loaded_code(), **self.code}  # modules first loaded by it

    def mine(self, message: dict[str, Any]) -> bool:
        """Whether the request is for this server's project (not one whose socket name
        happens to be the same)."""
        argv = [str(a) for a in message.get("argv", [])]
        folder = warm.hook_call(argv, Path(str(message.get("cwd", "/"))))
        return folder is not None and warm.project_root(folder) == self.root

    def current(self, message: dict[str, Any]) -> bool:
        """Whether this process runs the code and the environment the client would run."""
        if message.get("version") != __version__ or message.get("prefix") != sys.prefix:
            return False
        return all(_mtime(path) == mtime for path, mtime in self.code.items())


def run_command(message: dict[str, Any]) -> dict[str, Any]:
    """Run one CLI command in this process as if it had been started for it."""
    from essaylint.cli.main import cli

    out, err = io.StringIO(), io.StringIO()
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    saved_mask = os.umask(int(message.get("umask", 0o022)))
    code: int | str | None = 0
    try:
        os.environ.clear()
        os.environ.update(message["env"])
        os.chdir(message["cwd"])
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main(args=list(message["argv"]), prog_name="essaylint")
            except SystemExit as exc:
                code = exc.code
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        os.umask(saved_mask)
    if not isinstance(code, int):
        err.write(f"{code}\n" if code else "")
        code = 1 if code else 0
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def loaded_code() -> dict[str, int]:
    """Every essaylint module file this process has loaded, with its modification time."""
    out = {}
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if module.__name__.startswith("essaylint") and path:
            out[path] = _mtime(path)
    return out


def _mtime(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


# -- starting and stopping -------------------------------------------------------------------


def start_for(project: Project, config: Config) -> bool:
    """Start the project's server when essaylint.yaml allows it (hooks.server) and this is
    not a CI run (a runner's job ends with the commit, a server would only cost memory)."""
    if not config.hooks.server or os.environ.get("CI", "").strip().lower() in ("1", "true"):
        return False
    log = project.store.folder("logs") / LOG
    return start(project.root, config.hooks.server_idle_minutes, log)


def start(root: Path, idle_minutes: float, log: Path) -> bool:
    """Start a server for ``root`` in the background unless one is running or starting; the
    caller does not wait for it to load."""
    if not warm.enabled() or running(root):
        return False
    log.parent.mkdir(parents=True, exist_ok=True)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    command = [sys.executable, "-m", "essaylint", "hook", "serve", "--idle-minutes"]
    with open(log, "ab") as sink:
        subprocess.Popen(
            [*command, str(idle_minutes)],
            cwd=root,
            env=environ,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=sink,
            start_new_session=True,
        )
    return True


def running(root: Path) -> bool:
    """Whether a server holds the project's lock (serving, or still loading)."""
    path = warm.socket_path(root)
    if path is None:
        return False
    try:
        with open(path.with_suffix(".lock"), "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(lock, fcntl.LOCK_UN)
    except OSError:
        return True
    return False


def status(root: Path) -> dict[str, Any] | None:
    path = warm.socket_path(root)
    if path is None or not path.exists():
        return None
    return warm.request(path, {"op": "status"})


def stop(root: Path) -> bool:
    path = warm.socket_path(root)
    if path is None or not path.exists():
        return False
    return bool(warm.request(path, {"op": "stop"}))


def serve_forever(root: Path, idle_minutes: float) -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(0))
    started = time.monotonic()
    code = Server(root, idle_minutes * 60).serve()
    print(f"essaylint hook server for {root} stopped after {time.monotonic() - started:.0f} s")
    return code
