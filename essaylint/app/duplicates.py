"""`essaylint library duplicates`: the copies and versions of one work that ingest found."""

from __future__ import annotations

from typing import Any

from essaylint.core.project import Project
from essaylint.ingest.library import library_entries
from essaylint.ingest.works import group_dict, listed_groups


def duplicate_groups(project: Project) -> dict[str, Any]:
    """``{"groups": [{"doc_uids", "kind", "preferred", "why"[, "kept_apart"]}]}`` as
    library.csv now has them (the student's ``duplicate_of`` wins over detection)."""
    entries = library_entries(project.library_csv)
    return {"groups": [group_dict(g) for g in listed_groups(project.store, entries)]}
