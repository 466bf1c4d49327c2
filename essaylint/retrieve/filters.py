"""Turn the user's filters into one LanceDB ``where`` clause (applied as a prefilter)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from essaylint.core.errors import EssaylintError
from essaylint.core.records import LIBRARY_COLUMNS, LibraryEntry
from essaylint.retrieve.records import Filters

_YEAR = r"(\d{4})"
_OPS = {">=": ">=", "<=": "<=", ">": ">", "<": "<", "=": "=", "==": "="}
YEAR_HINT = 'use e.g. --year ">=2020", --year 2015-2020, --year "<2010" or --year 2014'


class NoMatchError(Exception):
    """The filters exclude every document: the answer is empty without searching."""


def year_clause(spec: str) -> str:
    """'>=2020' → 'year >= 2020'; '2015-2020' → a BETWEEN; '2014' → equality."""
    text = spec.replace(" ", "")
    if m := re.fullmatch(_YEAR, text):
        return f"year = {m.group(1)}"
    if m := re.fullmatch(f"{_YEAR}[-–]{_YEAR}", text):
        low, high = sorted((int(m.group(1)), int(m.group(2))))
        return f"year >= {low} AND year <= {high}"
    if m := re.fullmatch(f"(>=|<=|==|>|<|=){_YEAR}", text):
        return f"year {_OPS[m.group(1)]} {m.group(2)}"
    raise EssaylintError(f"cannot read the year filter {spec!r}", YEAR_HINT)


def sql_string(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def in_clause(column: str, values: Iterable[str]) -> str:
    return f"{column} IN ({', '.join(sql_string(v) for v in sorted(set(values)))})"


def docs_for_where(
    conditions: Iterable[str], library: Mapping[str, LibraryEntry]
) -> set[str] | None:
    """doc_uids whose library.csv row satisfies every COLUMN=VALUE (case-insensitive)."""
    allowed: set[str] | None = None
    for condition in conditions:
        column, value = _split_condition(condition)
        matching = {
            uid
            for uid, entry in library.items()
            if str(getattr(entry, column)).strip().lower() == value.strip().lower()
        }
        allowed = matching if allowed is None else allowed & matching
    return allowed


def _split_condition(condition: str) -> tuple[str, str]:
    column, sep, value = condition.partition("=")
    column = column.strip()
    if not sep or not column:
        raise EssaylintError(
            f"cannot read --where {condition!r}", "write it as COLUMN=VALUE, e.g. status=present"
        )
    if column not in LIBRARY_COLUMNS:
        raise EssaylintError(
            f"library.csv has no column {column!r}",
            "columns: " + ", ".join(LIBRARY_COLUMNS),
        )
    return column, value


def check_docs_known(docs: Iterable[str], library: Mapping[str, LibraryEntry]) -> None:
    """A doc_uid given to --doc that library.csv does not have is a typo, not an empty answer."""
    for uid in docs:
        if uid not in library:
            close = difflib.get_close_matches(uid, list(library), n=1)
            hint = f"did you mean {close[0]}?" if close else "see `essaylint library list`"
            raise EssaylintError(f"--doc {uid}: no such document in library.csv", hint)


def build_where(filters: Filters, mode: str, library: Mapping[str, LibraryEntry]) -> str:
    """The prefilter for this mode and these filters; raises NoMatchError when nothing can match."""
    clauses = ["citable = false" if mode == "instruction" else "citable = true"]
    if filters.year:
        clauses.append(year_clause(filters.year))
    if filters.source_types:
        clauses.append(in_clause("source_type", filters.source_types))
    check_docs_known(filters.docs, library)
    docs: set[str] | None = set(filters.docs) if filters.docs else None
    if filters.where:
        from_library = docs_for_where(filters.where, library) or set()
        docs = from_library if docs is None else docs & from_library
    if docs is not None:
        if not docs:
            raise NoMatchError
        clauses.append(in_clause("doc_uid", docs))
    return " AND ".join(f"({c})" for c in clauses)


def unmatched(filters: Filters, mode: str, library: Mapping[str, LibraryEntry]) -> list[str]:
    """Why the filters leave no document of the library to search (empty when some remain)."""
    notes = [
        f"--doc {d}: no such document in library.csv" for d in filters.docs if d not in library
    ]
    if filters.year and not any(_year_ok(filters.year, e.year_int) for e in library.values()):
        notes.append(f"--year {filters.year}: no document of the library has such a year")
    for source_type in filters.source_types:
        if not any(e.source_type == source_type for e in library.values()):
            notes.append(f"--source-type {source_type}: no document of the library has it")
    for condition in filters.where:
        if not docs_for_where([condition], library):
            notes.append(f"--where {condition}: no row of library.csv matches")
    if notes or _matching(filters, mode, library):
        return notes
    kind = "course material" if mode == "instruction" else "citable sources"
    return [f"the filters together match none of the library's {kind} ({filters.describe()})"]


def _matching(filters: Filters, mode: str, library: Mapping[str, LibraryEntry]) -> set[str]:
    allowed = docs_for_where(filters.where, library) if filters.where else None
    return {
        uid
        for uid, e in library.items()
        if e.is_citable != (mode == "instruction")
        and (not filters.docs or uid in filters.docs)
        and (not filters.year or _year_ok(filters.year, e.year_int))
        and (not filters.source_types or e.source_type in filters.source_types)
        and (allowed is None or uid in allowed)
        and e.status != "removed"
    }


def _year_ok(spec: str, year: int | None) -> bool:
    if year is None:
        return False
    clause = year_clause(spec)
    checks = re.findall(r"year (>=|<=|>|<|=) (\d{4})", clause)
    compare = {
        ">=": year.__ge__,
        "<=": year.__le__,
        ">": year.__gt__,
        "<": year.__lt__,
        "=": year.__eq__,
    }
    return all(compare[op](int(value)) for op, value in checks)
