"""Fingerprints and the copy / version decision, on texts built here: what a copy changes
leaves the fingerprint alone, and works that only share boilerplate, a title pattern or
their authors and year stay apart."""

from __future__ import annotations

import random
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from essaylint.core.records import DocumentMetadata, LibraryEntry, PageText, ParsedDocument
from essaylint.ingest.duplicates import FingerprintIndex, ShingleCache, build_groups, classify
from essaylint.ingest.fingerprint import fingerprint, normalised_tokens
from essaylint.ingest.works import preferred_of

WORDS = [
    "".join(random.Random(seed).choices(string.ascii_lowercase, k=3 + seed % 7))
    for seed in range(3000)
]


def prose(seed: int, words: int = 600) -> str:
    rng = random.Random(seed)
    sentences = []
    while sum(len(s.split()) for s in sentences) < words:
        sentences.append(" ".join(rng.choices(WORDS, k=rng.randint(8, 20))).capitalize() + ".")
    return " ".join(sentences)


def document(
    uid: str, text: str, path: str = "raw/evidence/x.md", **meta: object
) -> ParsedDocument:
    pages = [PageText(1, text)]
    return ParsedDocument(uid, path, "markdown", pages, DocumentMetadata(**meta))  # type: ignore[arg-type]


def decide(a: ParsedDocument, b: ParsedDocument, entries: dict | None = None) -> str:
    pair = classify(
        fingerprint(a), fingerprint(b), ShingleCache({a.doc_uid: a, b.doc_uid: b}), entries or {}
    )
    return pair.kind if pair else "apart"


def wrapped(text: str, width: int) -> str:
    """The same words set as a PDF would: short lines, some words hyphenated at the end."""
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) > width and len(word) > 6:
            cut = len(word) // 2
            lines.append(f"{line} {word[:cut]}-")
            line = word[cut:]
        elif len(line) + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join([*lines, line])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), width=st.integers(30, 90))
def test_line_breaks_hyphens_case_and_ligatures_leave_the_tokens_alone(
    seed: int, width: int
) -> None:
    text = prose(seed, 200)
    typeset = wrapped(text, width).replace("fi", "\ufb01")
    assert normalised_tokens([typeset]) == normalised_tokens([text])
    assert normalised_tokens([text.upper().replace(".", " ;")]) == normalised_tokens([text])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_stamped_copy_is_a_copy(seed: int) -> None:
    text = prose(seed)
    stamped = "Downloaded from https://example.org/doi/full by University Library\n" + text
    assert decide(document("doc_a", text), document("doc_b", stamped)) == "copy"


def test_a_shorter_revised_text_is_a_version() -> None:
    text = prose(1, 3000)
    words = text.split()
    earlier = " ".join(words[:1000]) + " " + prose(2, 1500)
    assert decide(document("doc_a", text), document("doc_b", earlier)) == "version"


def test_shared_boilerplate_does_not_merge_two_works() -> None:
    licence = prose(99, 60)  # a journal's licence paragraph: < 100 five-word passages
    first = document("doc_a", prose(1, 250) + " " + licence)
    second = document("doc_b", prose(2, 250) + " " + licence)
    assert decide(first, second) == "apart"


def test_part_one_and_part_two_by_the_same_authors_stay_apart() -> None:
    meta = {"authors": ["Smith, Ann"], "year": 2020}
    one = document("doc_a", prose(3, 2000), title="Heart failure care, Part I", **meta)
    two = document("doc_b", prose(4, 2000), title="Heart failure care, Part II", **meta)
    assert decide(one, two) == "apart"


def test_a_shared_doi_alone_never_merges() -> None:
    one = document("doc_a", prose(5, 800), doi="10.1000/xyz")
    commentary = document("doc_b", prose(6, 800), doi="10.1000/xyz")
    index = FingerprintIndex()
    index.add(fingerprint(one))
    assert index.candidates(fingerprint(commentary)) == {"doc_a"}  # a candidate only
    assert decide(one, commentary) == "apart"


def test_near_identical_texts_with_other_dois_are_versions() -> None:
    text = prose(7, 1000)
    one = document("doc_a", text, doi="10.1101/2020.01.01.000001")
    two = document("doc_b", text + " A correction.", doi="10.1000/journal.1")
    assert decide(one, two) == "version"


def test_the_preferred_copy_is_the_cited_one_then_the_paged_pdf() -> None:
    from essaylint.ingest.duplicates import Pair

    pairs = [Pair("doc_a", "doc_b", "copy", "same", 1.0, 1.0)]
    entries = {
        "doc_a": LibraryEntry("doc_a", source_path="raw/evidence/a.html", pages="0"),
        "doc_b": LibraryEntry("doc_b", source_path="raw/evidence/b.pdf", pages="6"),
    }
    assert build_groups(pairs, entries, set())[0].preferred == "doc_b"
    assert build_groups(pairs, entries, {"doc_a"})[0].preferred == "doc_a"


def test_duplicate_of_chains_and_loops_resolve_to_one_document() -> None:
    entries = {
        "doc_a": LibraryEntry("doc_a", duplicate_of="doc_b"),
        "doc_b": LibraryEntry("doc_b", duplicate_of="doc_c"),
        "doc_c": LibraryEntry("doc_c"),
        "doc_d": LibraryEntry("doc_d", duplicate_of="doc_e"),
        "doc_e": LibraryEntry("doc_e", duplicate_of="doc_d"),
        "doc_f": LibraryEntry("doc_f", duplicate_of="doc_gone"),
        "doc_g": LibraryEntry("doc_g", duplicate_of="doc_h"),
        "doc_h": LibraryEntry("doc_h", status="removed"),
    }
    works = preferred_of(entries)
    assert works["doc_a"] == works["doc_b"] == works["doc_c"] == "doc_c"
    assert works["doc_d"] in {"doc_d", "doc_e"} and works["doc_f"] == "doc_f"
    assert works["doc_g"] == "doc_g"  # the preferred copy's file is gone
