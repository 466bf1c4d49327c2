"""Rubric: draft rubric.yaml from the instruction documents, check a draft's coverage."""

from essaylint.rubric.coverage import COVERED_AT, PARTIAL_AT, Location, RubricRow, audit_rubric
from essaylint.rubric.extract import draft_rubric, extract_rubric
from essaylint.rubric.merge import RubricWriteResult, merge_rubric, write_rubric
from essaylint.rubric.records import (
    Criterion,
    RequiredElement,
    Rubric,
    RubricDraft,
    SourceRef,
    rubric_from_dict,
    rubric_to_dict,
)
from essaylint.rubric.render import render_rubric_table, row_dict
from essaylint.rubric.yamlio import load_rubric, render_rubric_yaml

__all__ = [
    "COVERED_AT",
    "PARTIAL_AT",
    "Criterion",
    "Location",
    "RequiredElement",
    "Rubric",
    "RubricDraft",
    "RubricRow",
    "RubricWriteResult",
    "SourceRef",
    "audit_rubric",
    "draft_rubric",
    "extract_rubric",
    "load_rubric",
    "merge_rubric",
    "render_rubric_table",
    "render_rubric_yaml",
    "row_dict",
    "rubric_from_dict",
    "rubric_to_dict",
    "write_rubric",
]
