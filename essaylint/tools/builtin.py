"""Register the built-in tools once; ``follow`` and ``locate`` join when their modules exist."""

from __future__ import annotations

import importlib
import importlib.util

from essaylint.tools.registry import Tool, register

# Optional tools: a module that defines TOOL (a Tool) is registered when it can be imported.
OPTIONAL = ("essaylint.tools.follow", "essaylint.tools.locate")
_loaded = False


def load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from essaylint.tools.audits import AUDIT, RUBRIC, VERIFY
    from essaylint.tools.relevance import RELEVANCE
    from essaylint.tools.retrieval import FILTER, QUERY, RETRIEVE
    from essaylint.tools.sources import SEARCH_SOURCES

    for tool in (QUERY, RETRIEVE, FILTER, SEARCH_SOURCES, VERIFY, AUDIT, RUBRIC, RELEVANCE):
        register(tool)
    for name in OPTIONAL:
        tool = _optional(name)
        if tool is not None:
            register(tool)


def _optional(module_name: str) -> Tool | None:
    try:
        if importlib.util.find_spec(module_name) is None:
            return None
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    tool = getattr(module, "TOOL", None)
    return tool if isinstance(tool, Tool) else None
