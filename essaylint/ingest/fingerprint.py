"""A document's fingerprint: what finds its copies and versions (docs/duplicates.md).

The text is normalised so that a PDF, its re-saved, re-rendered or stamped copies and its
HTML or Markdown re-extractions give (nearly) the same tokens: NFKC, soft hyphens and
line-end hyphens joined, running heads and feet, page numbers and "downloaded from" stamps
dropped, case and punctuation dropped, CJK characters one token each. The fingerprint is
the sha1 of those tokens, the MinHash (datasketch) of their word 5-shingles, and the keys
DOI, arXiv id and title + first author + year.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from essaylint.core.records import DocumentMetadata, Fingerprint, ParsedDocument

FINGERPRINT_VERSION = "1"
SHINGLE = 5
NUM_PERM = 128
MIN_SHINGLES = 20  # below this the text says nothing: only keys are compared
SEED = 1
SCHEME = "affine32"  # datasketch's hashing scheme: stored signatures stay comparable
_STAMP = re.compile(
    r"(downloaded\s+from|this\s+copy\s+(was|is)|for\s+personal\s+use\s+only|"
    r"^arxiv:\s*\d{4}\.\d{4,5}(v\d+)?\s*\[[^\]]+\]|provided\s+by\s+the\s+library|"
    r"^\s*page\s+\d+\s+(of\s+\d+)?\s*$)",
    re.IGNORECASE,
)
_PAGE_NUMBER = re.compile(r"^\s*[-–—]?\s*(\d{1,4}|[ivxlc]{1,6})\s*[-–—]?\s*$", re.IGNORECASE)
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+")
_LINE_HYPHEN = re.compile(r"(\w)[-\u2010]\s*\n\s*([a-z])")
_JOINED_HYPHEN = re.compile(r"([a-z])[-\u2010] ([a-z])")
PREPRINT_DOI_PREFIXES = ("10.1101/", "10.48550/", "10.7287/peerj.preprints", "10.21203/rs.")


def document_tokens(document: ParsedDocument) -> list[str]:
    """The normalised tokens of a parsed document (its pages, or its sections as one text
    when the file has no pages)."""
    pages = [p.text for p in document.pages]
    if not document.source_path.lower().endswith(".pdf"):
        pages = ["\n".join(pages)]
    return normalised_tokens(pages)


def normalised_tokens(pages: Sequence[str]) -> list[str]:
    return _WORD.findall(_clean_pages(pages).lower())


def _clean_pages(pages: Sequence[str]) -> str:
    texts = [_unwrap(p) for p in pages]
    lines_per_page = [[line.strip() for line in text.split("\n")] for text in texts]
    repeated = _running_lines(lines_per_page)
    kept = [
        line
        for lines in lines_per_page
        for line in lines
        if line
        and _mask(line) not in repeated
        and not _PAGE_NUMBER.match(line)
        and not _STAMP.search(line)
    ]
    return "\n".join(kept)


def _unwrap(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\ufffe", "").replace("\u00ad", "").replace("\r\n", "\n")
    text = _LINE_HYPHEN.sub(r"\1\2", text.replace("\r", "\n"))
    return _JOINED_HYPHEN.sub(r"\1\2", text)


def _mask(line: str) -> str:
    return re.sub(r"\d+", "#", line.lower())


def _running_lines(lines_per_page: list[list[str]]) -> set[str]:
    """Running heads and feet: a line (digits masked) on >= 3 pages and >= 30 % of them; in
    a text without pages, a line of 12-120 characters seen 3 times or more."""
    pages = len(lines_per_page)
    counts: Counter[str] = Counter()
    for lines in lines_per_page:
        counts.update({_mask(line) for line in lines if line})
    repeated = {
        k for k, c in counts.items() if pages >= 3 and c >= 3 and c >= 0.3 * pages and len(k) < 200
    }
    if pages == 1:
        whole = Counter(_mask(line) for line in lines_per_page[0] if line)
        repeated |= {k for k, c in whole.items() if c >= 3 and 12 <= len(k) < 120}
    return repeated


def shingles(tokens: Sequence[str]) -> set[int]:
    """Word 5-shingles, each hashed to 64 bits."""
    out = set()
    for i in range(len(tokens) - SHINGLE + 1):
        digest = hashlib.blake2b(" ".join(tokens[i : i + SHINGLE]).encode(), digest_size=8)
        out.add(int.from_bytes(digest.digest(), "little"))
    return out


def minhash_of(hashed: set[int]) -> list[int]:
    from datasketch import MinHash

    signature = MinHash(num_perm=NUM_PERM, seed=SEED, scheme=SCHEME)
    signature.update_batch([h.to_bytes(8, "little") for h in hashed])
    return [int(v) for v in signature.hashvalues]


def fingerprint(document: ParsedDocument) -> Fingerprint:
    return fingerprint_and_shingles(document)[0]


def fingerprint_and_shingles(document: ParsedDocument) -> tuple[Fingerprint, set[int]]:
    """The fingerprint, and the exact shingle set it was made from (to verify candidates)."""
    tokens = document_tokens(document)
    hashed = shingles(tokens)
    return Fingerprint(
        doc_uid=document.doc_uid,
        sha1=hashlib.sha1(" ".join(tokens).encode()).hexdigest() if tokens else "",
        tokens=len(tokens),
        shingles=len(hashed),
        minhash=minhash_of(hashed) if len(hashed) >= MIN_SHINGLES else [],
        keys=keys_of(document.metadata),
    ), hashed


def keys_of(metadata: DocumentMetadata) -> dict[str, str]:
    keys = {}
    if metadata.doi:
        keys["doi"] = metadata.doi.lower().rstrip(".")
    if metadata.arxiv:
        keys["arxiv"] = re.sub(r"v\d+$", "", metadata.arxiv.lower())
    title = " ".join(_WORD.findall(metadata.title.lower()))[:200]
    surname = metadata.authors[0].split(",")[0].strip().lower() if metadata.authors else ""
    if len(title.split()) >= 3 and surname and metadata.year:
        keys["tay"] = f"{title}|{surname}|{metadata.year}"
    return keys


def is_preprint(doi: str, arxiv: str, kind: str, container: str) -> bool:
    """A preprint by its record: an arXiv id, a preprint server's DOI, CSL type ``article``
    (CSL's preprint) or a preprint server as container."""
    doi = doi.strip().lower()
    server = re.search(r"\b(arxiv|biorxiv|medrxiv|preprints?)\b", container.lower())
    return bool(arxiv.strip() or doi.startswith(PREPRINT_DOI_PREFIXES) or kind == "article") or (
        server is not None
    )
