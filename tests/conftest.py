"""Shared fixtures: the public test material in ../shared (read-only)."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real PDFs listed in shared/corpus/manifest.csv."""
    return SHARED_DIR / "corpus"


@pytest.fixture(scope="session")
def sample_essay_dir() -> Path:
    """The sample essay draft, rubric, feedback and answer key."""
    return SHARED_DIR / "sample-essay"
