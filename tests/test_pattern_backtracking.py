"""No pattern of the reference readers backtracks without end: each is run over lines made of
one short piece pair repeated (the shape that made a byline of "Name, PhD; " and a foot of
"a.b" words hang), and must give an answer at all. A hang in one PDF's metadata would stall a
whole ingest."""

from __future__ import annotations

import importlib
import itertools
import re
import signal

import pytest

MODULES = ("printed", "covers", "titleblock", "names", "decide", "embedded", "journals")
PIECES = ("Aa ", "Ab, ", "Ab; ", "A. ", "1 ", "12-", "a.b", "eds.", "(", "Ab Cd ", "of ", "| ")
NEVER = 5.0  # seconds: a pattern that answers in microseconds does not come near this


class _StuckError(Exception):
    pass


def _patterns(module: str) -> list[tuple[str, re.Pattern[str]]]:
    found = vars(importlib.import_module(f"essaylint.ingest.metadata.{module}")).items()
    return [(name, value) for name, value in found if isinstance(value, re.Pattern)]


def _stop(*_: object) -> None:
    raise _StuckError


@pytest.mark.parametrize("module", MODULES)
def test_every_pattern_answers_on_repeated_pieces(module: str) -> None:
    previous = signal.signal(signal.SIGALRM, _stop)
    stuck = []
    try:
        for (name, pattern), (a, b) in itertools.product(
            _patterns(module), itertools.product(PIECES, repeat=2)
        ):
            line = (a + b) * 120 + "!"
            signal.setitimer(signal.ITIMER_REAL, NEVER)
            try:
                pattern.search(line)
            except _StuckError:
                stuck.append(f"{module}.{name} on {a + b!r} repeated")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert stuck == []
