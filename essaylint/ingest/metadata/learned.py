"""A learned reader of the CSL type, for the documents the rules cannot place.

The rules type a document by what they found: a journal's citation line, a conference, a
thesis page, an ISBN, a report's cue. Where they found none of these they call it a
``manuscript``. That is right for a preprint or a student's draft. It is wrong for a report
whose cover they do not know, a journal article whose head they could not read, or a thesis
in a language they have no words for. For those documents this reader weighs the words and
word pairs of pages 1–2 and of the running heads and feet, and what the rules did find (a
DOI, an ISBN, a publisher…). It speaks only when it is sure enough that the document is not
a preprint or manuscript (``guard``); otherwise the rules' ``manuscript`` stands.

The weights (``essaylint/assets/type_reader.json``: a multinomial logistic regression) are
fitted by ``bench/learned_readers.py`` on the keyed PDFs of ``bench/data/references`` and
measured there set by set, each set scored by a model that never saw it. Reading is a sum
of weights over a few thousand words; the file is read on first use.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import pairwise

from essaylint.ingest.metadata.printed import PrintedText

MODEL_FILE = "type_reader.json"
# what the rules found, as the reader sees it (names of DocumentMetadata's fields)
FLAGS = ("container", "doi", "isbn", "number", "publisher", "authors", "page", "volume")
PREPRINT = "article"  # the class of preprints and manuscripts
TEXT_CHARS = 6000  # of pages 1 and 2
MARGIN_CHARS = 2000
# fewer different words than this on pages 1-2 (a scan, a cover alone) and the reader would
# be guessing from the types' shares: it says nothing
FEWEST_WORDS = 80
_TOKEN = re.compile(r"[^\W\d_]{2,}")


def type_features(text: PrintedText, rules_type: str, found: set[str]) -> list[str]:
    """What the reader weighs: the words and word pairs of pages 1-2 ("t=") and of the
    heads and feet ("m="), the fields the rules found (``found``, names of :data:`FLAGS`)
    and the rules' type."""
    body = " ".join(text.text_of(n) for n in (1, 2))[:TEXT_CHARS].casefold()
    margins = " ".join(line for _, line in text.margin_lines())[:MARGIN_CHARS].casefold()
    out = set()
    for prefix, words in (("t", _TOKEN.findall(body)), ("m", _TOKEN.findall(margins))):
        out.update(f"{prefix}={w}" for w in words)
        out.update(f"{prefix}={a} {b}" for a, b in pairwise(words))
    out.update(f"has={flag}" for flag in FLAGS if flag in found)
    return [*sorted(out), f"rules={rules_type or 'none'}"]


def enough_words(names: list[str]) -> bool:
    """Whether pages 1-2 give the reader enough to go on (``names``: :func:`type_features`)."""
    return sum(1 for n in names if n.startswith("t=") and " " not in n) >= FEWEST_WORDS


@dataclass(frozen=True)
class TypeModel:
    classes: tuple[str, ...]
    bias: tuple[float, ...]
    weights: dict[str, tuple[float, ...]]  # per feature, one weight per class
    guard: float  # speak only where the preprint class's probability is below this

    def probabilities(self, names: list[str]) -> dict[str, float]:
        scores = list(self.bias)
        for name in names:
            for i, weight in enumerate(self.weights.get(name, ())):
                scores[i] += weight
        top = max(scores)
        exps = [math.exp(score - top) for score in scores]
        total = sum(exps)
        return {c: e / total for c, e in zip(self.classes, exps, strict=True)}


@cache
def load_model() -> TypeModel:
    data = json.loads(files("essaylint.assets").joinpath(MODEL_FILE).read_text("utf-8"))
    return TypeModel(
        classes=tuple(data["classes"]),
        bias=tuple(map(float, data["bias"])),
        weights={name: tuple(map(float, w)) for name, w in data["weights"].items()},
        guard=float(data["guard"]),
    )


def read_type(text: PrintedText, found: set[str]) -> tuple[str, float]:
    """The type of a document the rules call a manuscript, and the reader's probability;
    ("", 0.0) where it takes the document for a preprint or manuscript too, or cannot rule
    that out."""
    model = load_model()
    names = type_features(text, "manuscript", found)
    if not enough_words(names):
        return "", 0.0
    chances = model.probabilities(names)
    best = max(chances, key=chances.__getitem__)
    if best == PREPRINT or chances.get(PREPRINT, 0.0) >= model.guard:
        return "", 0.0
    return best, chances[best]
