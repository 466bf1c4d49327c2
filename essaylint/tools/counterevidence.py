"""The ``counterevidence`` tool: what `essaylint query "CLAIM" --counter --json` prints."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from essaylint.app.context import AppContext
from essaylint.app.counterevidence import counter_pack
from essaylint.tools.models import ToolModel
from essaylint.tools.registry import Tool


class CounterArgs(ToolModel):
    claim: str = Field(min_length=1, description="The claim, as the essay states it.")
    cited: list[str] = Field(
        default_factory=list,
        description="doc_uids the claim cites (searched on their own; only they may limit it).",
    )


class CounterLocator(BaseModel):
    page_start: int | None
    page_end: int | None
    parent_id: str
    child_id: str
    char_start: int
    has_page: bool
    label: str


class CounterItemModel(BaseModel):
    doc_uid: str
    citation_key: str
    relation: Literal["contradicts", "limits"]
    quote: str = Field(description="The source sentence, verbatim (whitespace normalised).")
    locator: CounterLocator
    citation: str = Field(description="Ready to paste: (Author, Year, p. N){#doc_uid}.")
    confidence: float
    cues: list[str]
    query: str = Field(description="The query variant that retrieved it.")


class CounterPack(BaseModel):
    claim: str
    cited: list[str]
    build_id: str
    stale: bool
    status: Literal["FOUND", "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS"]
    queries: list[str]
    items: list[CounterItemModel]
    suggested_query: str = Field(description="Terms for searching outside the library.")


def run_counter(context: AppContext, args: CounterArgs) -> CounterPack:
    return CounterPack.model_validate(counter_pack(context, args.claim, tuple(args.cited)))


def counter_locators(result: dict[str, Any]) -> list[str]:
    return [f"{i['doc_uid']}:{i['locator']['child_id']}" for i in result.get("items", [])]


COUNTER = Tool(
    name="counterevidence",
    description="What the student's library says against one claim: verbatim sentences that "
    "contradict it (opposite direction, no effect) or limit it (a limitation a source the "
    "claim cites states of its own work: population, setting, design, sample size, time), "
    "each with its page and a ready citation, or "
    "NO_COUNTEREVIDENCE_FOUND_IN_CORPUS. Call it before stating a strong claim, to weigh "
    "the evidence; never cite anything it did not return.",
    args=CounterArgs,
    result=CounterPack,
    run=run_counter,
    cli='essaylint query "CLAIM" --counter --json',
    locators=counter_locators,
)
