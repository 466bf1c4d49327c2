"""Run a composite GitHub Action's shell steps on this machine, the way a runner would.

Each ``run:`` step runs in ``bash --noprofile --norc -eo pipefail`` in its working directory
with its ``env:``, the ``inputs``, and the runner's files (``GITHUB_PATH``,
``GITHUB_OUTPUT``, ``GITHUB_STEP_SUMMARY``, ``RUNNER_TEMP``): a line a step adds to
``GITHUB_PATH`` goes in front of ``PATH`` for the later steps, as on GitHub. ``uses:``
steps (setup-python, cache, upload-artifact) need GitHub and are listed as not run.

    python tests/support/run_action.py action.yml WORKSPACE [--input NAME=VALUE ...]
        [--skip STEP_ID] [--path DIR]

exits 1 if a step that ran failed. tests/test_action.py and .ci/run use it.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


@dataclass
class StepResult:
    id: str
    name: str
    ran: bool
    returncode: int = 0
    output: str = ""
    outputs: dict[str, str] = field(default_factory=dict)


@dataclass
class ActionRun:
    steps: list[StepResult]
    summary: str
    runner_temp: Path

    @property
    def failed(self) -> bool:
        return any(s.ran and s.returncode != 0 for s in self.steps)

    def step(self, step_id: str) -> StepResult:
        return next(s for s in self.steps if s.id == step_id)


def run_action(
    action: Path,
    workspace: Path,
    inputs: dict[str, str] | None = None,
    skip: tuple[str, ...] = (),
    extra_path: tuple[Path, ...] = (),
    runner_temp: Path | None = None,
) -> ActionRun:
    """Run ``action``'s shell steps in ``workspace``; ``skip``: step ids not to run (their
    place taken by ``extra_path``, e.g. an essaylint already installed)."""
    workspace = workspace.resolve()
    spec = yaml.safe_load(action.read_text(encoding="utf-8"))
    values = {k: str(v.get("default", "")) for k, v in (spec.get("inputs") or {}).items()}
    values.update(inputs or {})
    temp = (runner_temp or workspace.parent / "runner-temp").resolve()
    temp.mkdir(parents=True, exist_ok=True)
    files = {n: temp / n.lower() for n in ("GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY")}
    files["GITHUB_STEP_SUMMARY"].write_text("")
    context = Context(values, str(action.parent.resolve()), str(temp))
    path_dirs = [str(p) for p in extra_path]
    results: list[StepResult] = []
    for number, step in enumerate(spec["runs"]["steps"]):
        result = StepResult(str(step.get("id", f"step{number}")), _name(step), ran=False)
        results.append(result)
        if "run" not in step or result.id in skip or not context.condition(step, results):
            continue
        for name in ("GITHUB_PATH", "GITHUB_OUTPUT"):
            files[name].write_text("")
        env = dict(os.environ)
        env.update({k: context.render(str(v)) for k, v in (step.get("env") or {}).items()})
        env.update({k: str(v) for k, v in files.items()})
        env.update(RUNNER_TEMP=str(temp), GITHUB_WORKSPACE=str(workspace), GITHUB_ACTIONS="true")
        env["PATH"] = os.pathsep.join([*path_dirs, env.get("PATH", "")])
        cwd = workspace / context.render(str(step.get("working-directory", ".")))
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", context.render(step["run"])],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
        )
        result.ran, result.returncode = True, done.returncode
        result.output = done.stdout + done.stderr
        result.outputs = _pairs(files["GITHUB_OUTPUT"].read_text())
        context.outputs[result.id] = result.outputs
        path_dirs = [*files["GITHUB_PATH"].read_text().split(), *path_dirs]
    return ActionRun(results, files["GITHUB_STEP_SUMMARY"].read_text(), temp)


class Context:
    """The few expressions action.yml uses: inputs.*, github.action_path, runner.temp,
    runner.os, steps.ID.outputs.NAME, and conditions joined by && (success(), always(),
    !cancelled(), A == 'text')."""

    def __init__(self, inputs: dict[str, str], action_path: str, temp: str) -> None:
        self.inputs = inputs
        self.values = {"github.action_path": action_path, "runner.temp": temp, "runner.os": "Linux"}
        self.outputs: dict[str, dict[str, str]] = {}

    def value(self, name: str) -> str:
        if name.startswith("inputs."):
            return self.inputs[name.removeprefix("inputs.")]
        match = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", name)
        if match:
            return self.outputs.get(match[1], {}).get(match[2], "")
        if name.startswith("'") and name.endswith("'"):
            return name[1:-1]
        return self.values[name]

    def render(self, text: str) -> str:
        return EXPRESSION.sub(lambda m: self.value(m[1]), text)

    def condition(self, step: dict, before: list[StepResult]) -> bool:
        expression = str(step.get("if", "success()"))
        match = EXPRESSION.fullmatch(expression.strip())
        expression = match[1] if match else expression
        failed = any(s.ran and s.returncode != 0 for s in before[:-1])
        return all(self._term(t.strip(), failed) for t in expression.split("&&"))

    def _term(self, term: str, failed: bool) -> bool:
        if term in ("always()", "!cancelled()"):
            return True
        if term == "success()":
            return not failed
        if term == "failure()":
            return failed
        left, op, right = re.split(r"\s*(==|!=)\s*", term)
        equal = self.value(left) == self.value(right)
        return equal if op == "==" else not equal


def _name(step: dict) -> str:
    return str(step.get("name") or step.get("uses") or step.get("id") or "step")


def _pairs(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", type=Path)
    parser.add_argument("workspace", type=Path)
    parser.add_argument("--input", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--skip", action="append", default=[], metavar="STEP_ID")
    parser.add_argument("--path", action="append", default=[], type=Path, metavar="DIR")
    args = parser.parse_args()
    inputs = dict(item.split("=", 1) for item in args.input)
    run = run_action(args.action, args.workspace, inputs, tuple(args.skip), tuple(args.path))
    for step in run.steps:
        state = f"exit {step.returncode}" if step.ran else "not run (needs GitHub)"
        if step.ran or step.id not in args.skip:
            print(f"== {step.name}: {state}")
        if step.ran and (step.returncode or os.environ.get("VERBOSE")):
            print(step.output)
    print(f"== job summary: {len(run.summary.splitlines())} lines")
    sys.exit(1 if run.failed else 0)


if __name__ == "__main__":
    main()
