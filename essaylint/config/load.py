"""Read essaylint.yaml, validate it, and point at the line of anything wrong."""

from __future__ import annotations

import difflib
import hashlib
import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from essaylint.config.schema import Config
from essaylint.core.errors import ConfigError

# libyaml's safe loader when PyYAML has it (every commit reads this file); the node tree with
# line numbers is composed only to point at an error.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_config(path: Path) -> Config:
    """The validated configuration; a missing file means every default."""
    if not path.is_file():
        return Config()
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.load(text, Loader=FAST_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        last_line = max(1, len(text.splitlines()))
        line = f":{min(mark.line + 1, last_line)}" if mark else ""
        raise ConfigError(
            f"{path}{line}: not valid YAML ({getattr(exc, 'problem', exc)})",
            "fix the syntax, or delete the file and run `essaylint init` to write a fresh one",
        ) from exc
    if data is None:
        return Config()
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:1: the top level must be a mapping of sections")
    # A section whose keys are all commented out reads as null: it means "the defaults".
    data = {key: value for key, value in data.items() if value is not None}
    try:
        return Config.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_describe(exc, yaml.compose(text), path)) from exc


def key_error(path: Path, loc: tuple[str, ...], suggestion: str) -> ConfigError:
    """An unknown key found after validation (a rule id, say), pointing at its line."""
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        root = None
    line = _line_of(root, loc)
    where = f"{path}:{line}" if line else str(path)
    hint = f" (did you mean '{suggestion}'?)" if suggestion else ""
    return ConfigError(
        f"{where}: unknown key '{'.'.join(loc)}'{hint}",
        "`essaylint rules` lists every rule id; a family (citation, claim, style, rubric) "
        "sets all its rules",
    )


def config_digest(config: Config) -> str:
    return _digest(config.model_dump(mode="json"))


def index_config_digest(config: Config) -> str:
    """The settings an index build depends on: editing a style threshold, an audit rule or
    how queries are fused must not make the index stale."""
    return _digest(
        {
            "ingest": config.ingest.model_dump(mode="json"),
            "embedding": config.embedding.model_dump(mode="json"),
            "multilingual": config.retrieval.multilingual,
            "vertex": config.cloud.vertex.model_dump(mode="json"),
            "mineru": config.cloud.mineru.model_dump(mode="json"),
        }
    )


def _digest(settings: dict) -> str:
    payload = json.dumps(settings, sort_keys=True)
    return hashlib.sha1(payload.encode()).hexdigest()[:8]


def _describe(exc: ValidationError, root: yaml.Node | None, path: Path) -> str:
    lines = []
    for error in exc.errors():
        loc = tuple(str(part) for part in error["loc"])
        line = _line_of(root, loc)
        where = f"{path}:{line}" if line else str(path)
        key = ".".join(loc)
        if error["type"] == "extra_forbidden":
            hint = _nearest_key(loc)
            lines.append(f"{where}: unknown key '{key}'{hint}")
        else:
            lines.append(f"{where}: bad value for '{key}': {error['msg']}")
    return "invalid configuration:\n  " + "\n  ".join(lines)


def _line_of(node: yaml.Node | None, loc: tuple[str, ...]) -> int | None:
    line = None
    for part in loc:
        if not isinstance(node, yaml.MappingNode):
            break
        for key_node, value_node in node.value:
            if str(key_node.value) == part:
                line = key_node.start_mark.line + 1
                node = value_node
                break
        else:
            break
    return line


def _nearest_key(loc: tuple[str, ...]) -> str:
    model: Any = Config
    for part in loc[:-1]:
        field = model.model_fields.get(part) if _is_model(model) else None
        if field is None:
            return ""
        model = field.annotation
    if not _is_model(model):
        return ""
    close = difflib.get_close_matches(loc[-1], list(model.model_fields), n=1, cutoff=0.5)
    return (
        f" (did you mean '{close[0]}'?)"
        if close
        else f" (valid keys: {', '.join(model.model_fields)})"
    )


def _is_model(obj: Any) -> bool:
    return isinstance(obj, type) and issubclass(obj, BaseModel)
