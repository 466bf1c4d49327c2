"""Shared fixtures: the test material in tests/data (read-only) and a sample essay repo."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings
from support.paths import CORPUS, SAMPLE

# Tests assert behaviour, never timings: no example fails for being slow on a loaded
# two-core runner (a first example pays for loading the journal list and the models)
settings.register_profile("essaylint", deadline=None)
settings.load_profile("essaylint")

# No test leaves a warm hook server behind (cli/server.py): the commands the tests run take
# the cold path; tests/test_hook_server.py switches it on for its own servers and stops them.
os.environ["ESSAYLINT_SERVER"] = "off"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real PDFs listed in tests/data/corpus/manifest.csv."""
    return CORPUS


@pytest.fixture(scope="session")
def sample_essay_dir() -> Path:
    """The sample essay draft, rubric, feedback and answer key."""
    return SAMPLE


@pytest.fixture(scope="session")
def sample_repo(tmp_path_factory: pytest.TempPathFactory):
    """An ingested essay repo of the shipped samples (tests/support/sample_repo.py).
    Tests that write to it use their own draft file names."""
    from support.sample_repo import build_sample_repo

    return build_sample_repo(tmp_path_factory.mktemp("sample") / "essay")
