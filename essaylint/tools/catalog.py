"""Every tool essaylint serves, by name (the MCP server and `essaylint tools` list these)."""

from __future__ import annotations

from essaylint.core.errors import EssaylintError
from essaylint.tools.audits import AUDIT, RUBRIC, VERIFY
from essaylint.tools.counterevidence import COUNTER
from essaylint.tools.follow import TOOL as FOLLOW
from essaylint.tools.locate import TOOL as LOCATE
from essaylint.tools.registry import Tool
from essaylint.tools.relevance import RELEVANCE
from essaylint.tools.retrieval import FILTER, QUERY, RETRIEVE
from essaylint.tools.sources import SEARCH_SOURCES

TOOLS: dict[str, Tool] = {
    tool.name: tool
    for tool in (
        QUERY,
        RETRIEVE,
        FILTER,
        SEARCH_SOURCES,
        VERIFY,
        AUDIT,
        RUBRIC,
        RELEVANCE,
        FOLLOW,
        LOCATE,
        COUNTER,
    )
}


def all_tools() -> list[Tool]:
    return list(TOOLS.values())


def get_tool(name: str) -> Tool:
    if name not in TOOLS:
        raise EssaylintError(f"unknown tool {name!r}", "tools: " + ", ".join(sorted(TOOLS)))
    return TOOLS[name]
