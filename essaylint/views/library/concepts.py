"""Concepts per child: noun phrases and named entities from spaCy, acronyms and their
definitions ("deep venous thrombosis (DVT)"), normalised to lower-case lemma keys.

Extraction runs once per document and is kept in the store's ``concepts`` shelf,
keyed by the text of the document's children (so a re-chunked or changed document is
redone, an unchanged one costs nothing).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from essaylint.core.records import Child, ChunkedDocument
from essaylint.core.store import Store
from essaylint.text.language import detect_language, stopwords
from essaylint.text.nlp import load_nlp

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

EXTRACT_VERSION = "2"  # 2: language per document; regions and non-English words left out
MAX_PHRASE_TOKENS = 4
NP_TAGS = frozenset({"NOUN", "PROPN", "ADJ"})
HEAD_TAGS = frozenset({"NOUN", "PROPN"})
ENTITY_LABELS = frozenset(
    {"ORG", "PERSON", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "NORP", "FAC"}
)
# Words that open a noun phrase without adding to it ("several studies" is "study").
_NOISE_WORDS = (
    "such other several many various different same further first second third new "
    "previous present current main overall total certain specific particular each "
    "recent own following similar whole"
)
LEADING_NOISE = frozenset(_NOISE_WORDS.split(" "))
ACRONYM = re.compile(r"\b[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9-]*s?\b")
DEFINITION = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,6}?)\(([A-Z][A-Za-z0-9-]*[A-Z][a-z]?s?)\)")
_KEY_CLEAN = re.compile(r"[^\w\s-]")


@dataclass
class DocConcepts:
    """One document's concepts: per child the concept keys, per key its surface forms."""

    doc_uid: str
    key: str
    children: dict[str, list[str]] = field(default_factory=dict)
    surfaces: dict[str, dict[str, int]] = field(default_factory=dict)
    acronyms: dict[str, str] = field(default_factory=dict)  # acronym key → long-form key
    language: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": EXTRACT_VERSION,
            "doc_uid": self.doc_uid,
            "key": self.key,
            "children": self.children,
            "surfaces": self.surfaces,
            "acronyms": self.acronyms,
            "language": self.language,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DocConcepts:
        return cls(
            data["doc_uid"],
            data["key"],
            data["children"],
            data["surfaces"],
            data["acronyms"],
            data.get("language", "en"),
        )


def content_key(document: ChunkedDocument) -> str:
    """What the extraction depends on: the version and every child's id and text."""
    digest = hashlib.sha1(f"{EXTRACT_VERSION}\n".encode())
    for child in document.children:
        digest.update(f"{child.child_id}\n{child.text}\n".encode())
    return digest.hexdigest()[:16]


def document_concepts(
    store: Store, document: ChunkedDocument, excluded: Excluded | None = None
) -> tuple[DocConcepts, bool]:
    """The document's concepts from the store, or extracted now (second value: was it new).
    ``excluded``: per parent, the char ranges that are not body prose (regions at ingest)."""
    shelf = store.shelf("concepts", DocConcepts.to_dict, DocConcepts.from_dict)
    key = content_key(document)
    cached = shelf.get(document.doc_uid, key)
    if cached is not None:
        return cached, False
    found = extract_document(document, key, excluded or {})
    shelf.put(document.doc_uid, key, found)
    return found, True


Excluded = dict[str, list[tuple[int, int]]]


def body_texts(document: ChunkedDocument, excluded: Excluded) -> list[tuple[Child, str]]:
    """Each body child's text with its non-prose regions blanked out (same length)."""
    out = []
    for child in document.children:
        if child.source_subtype == "references":
            continue
        text = list(child.text)
        for start, end in excluded.get(child.parent_id, []):
            for i in range(max(start, child.char_start), min(end, child.char_end)):
                text[i - child.char_start] = " "
        out.append((child, "".join(text)))
    return out


def extract_document(
    document: ChunkedDocument, key: str = "", excluded: Excluded | None = None
) -> DocConcepts:
    body = body_texts(document, excluded or {})
    language = detect_language(" ".join(text for _, text in body))
    out = DocConcepts(document.doc_uid, key or content_key(document), language=language)
    nlp = load_pipeline() if language == "en" else _installed_model(language)
    if nlp is not None:
        parsed = nlp.pipe([text for _, text in body], batch_size=32)
        found_per_child = [phrases(doc) for doc in parsed]
    else:
        found_per_child = [fallback_phrases(text, language) for _, text in body]
    for (child, text), found in zip(body, found_per_child, strict=True):
        keys: list[str] = []
        for concept, surface in found:
            if concept not in keys:
                keys.append(concept)
            forms = out.surfaces.setdefault(concept, {})
            forms[surface] = forms.get(surface, 0) + 1
        out.children[child.child_id] = keys
        for acronym, long_form in definitions(text):
            out.acronyms.setdefault(acronym, long_form)
    return out


def phrases(doc: Doc) -> list[tuple[str, str]]:
    """(key, surface) of each concept in a parsed text, in reading order."""
    found: list[tuple[int, str, str]] = []
    run: list[Any] = []
    for token in [*doc, None]:
        if token is not None and _joins(token, run):
            run.append(token)
            continue
        found += _noun_phrase(run)
        run = []
    for ent in getattr(doc, "ents", ()):
        if ent.label_ in ENTITY_LABELS:
            key = normalise(ent.text)
            if key and len(ent) <= MAX_PHRASE_TOKENS:
                found.append((ent.start_char, key, ent.text))
    for match in ACRONYM.finditer(doc.text):
        key = acronym_key(match.group())
        if key:
            found.append((match.start(), key, match.group()))
    found.sort(key=lambda item: item[0])
    return [(k, s) for _, k, s in found]


def _joins(token: Any, run: Sequence[Any]) -> bool:
    """Whether a token continues a noun phrase (a hyphen joins words written together)."""
    if token.text == "-":
        return bool(run) and not run[-1].whitespace_
    if token.like_num or any(c.isdigit() for c in token.text):
        return False
    # spaCy's stop list holds content words too ("full", "part", "top"): only the tags count
    return token.pos_ in NP_TAGS and not (token.is_stop and token.pos_ == "PROPN")


def _noun_phrase(run: Sequence[Any]) -> list[tuple[int, str, str]]:
    """The noun phrase of a run of ADJ/NOUN/PROPN tokens (and its two-word tail)."""
    tokens = list(run)
    while tokens and (tokens[-1].pos_ not in HEAD_TAGS):
        tokens.pop()
    while tokens and (tokens[0].lower_ in LEADING_NOISE or tokens[0].text == "-"):
        tokens.pop(0)
    if not tokens:
        return []
    words = [t for t in tokens if t.text != "-"]
    if len(words) > MAX_PHRASE_TOKENS:
        tokens = tokens[tokens.index(words[-MAX_PHRASE_TOKENS]) :]
    out = []
    whole = _phrase_key(tokens)
    if whole:
        out.append((tokens[0].idx, whole, _surface(tokens)))
    if len(words) >= 3 and tokens[-2].text != "-" and tokens[-3].text != "-":
        tail = _phrase_key(tokens[-2:])
        if tail:
            out.append((tokens[-2].idx, tail, _surface(tokens[-2:])))
    return out


def _phrase_key(tokens: Sequence[Any]) -> str:
    if len(tokens) == 1 and ACRONYM.fullmatch(tokens[0].text):
        return acronym_key(tokens[0].text)
    last = tokens[-1].lemma_.lower() or tokens[-1].lower_
    return normalise("".join(t.lower_ + t.whitespace_ for t in tokens[:-1]) + last)


def _surface(tokens: Sequence[Any]) -> str:
    return "".join(t.text + t.whitespace_ for t in tokens).strip()


def normalise(text: str) -> str:
    """The key of a phrase: lower case, punctuation other than hyphens dropped, no article."""
    words = _KEY_CLEAN.sub(" ", text.lower()).split()
    while words and words[0] in {"the", "a", "an", "this", "these", "those", "our", "their"}:
        words.pop(0)
    key = " ".join(w.strip("-") for w in words).strip()
    if len(key) < 3 or not any(c.isalpha() for c in key) or len(words) > MAX_PHRASE_TOKENS + 1:
        return ""
    if sum(c.isdigit() for c in key) > len(key) / 2:
        return ""
    return key


def acronym_key(text: str) -> str:
    """ "DVTs" and "DVT" are one acronym; all-caps words of 2-10 letters only."""
    core = text[:-1] if text.endswith("s") and text[:-1].isupper() else text
    if not 2 <= len(core) <= 10 or sum(c.isupper() for c in core) < 2:
        return ""
    return core.lower()


def definitions(text: str) -> Iterable[tuple[str, str]]:
    """(acronym key, long-form key) for each "long form (ACR)" whose initials match."""
    for match in DEFINITION.finditer(text):
        acronym = acronym_key(match.group(2))
        words = match.group(1).split()
        if not acronym:
            continue
        letters = [c for c in acronym if c.isalpha()]
        # Take as many trailing words as the acronym has letters, if their initials match.
        tail = words[-len(letters) :] if len(words) >= len(letters) else []
        if tail and [w[0].lower() for w in tail] == letters:
            long_form = normalise(" ".join(tail))
            if long_form and long_form != acronym:
                yield acronym, long_form


def top_surface(forms: dict[str, int]) -> str:
    return Counter(forms).most_common(1)[0][0] if forms else ""


def _installed_model(language: str) -> Language | None:
    """spaCy's small news model for the language when it is installed (fr_core_news_sm...)."""
    import spacy.util

    name = f"{language}_core_news_sm"
    return load_nlp((name,), exclude=("parser",)) if spacy.util.is_package(name) else None


def load_pipeline() -> Language:
    """spaCy with tagger, lemmatizer and NER (no parser: noun phrases come from the tags)."""
    return load_nlp(exclude=("parser",))


def query_concepts(text: str) -> list[tuple[str, str]]:
    """(key, surface) of the concepts of a question, with the same extractor."""
    return phrases(load_pipeline()(text))


# Words of a paper's furniture and of mathematical prose in each language: never a theme.
_FURNITURE_WORDS = (
    "beispiel beispiele satz definition beweis lemma bemerkung aufgabe aufgaben lösung "
    "beh bew bsp vgl def folgt gegeben "
    "folgerung korollar abbildung kapitel abschnitt seite tabelle sei seien gilt also "
    "exemple figure tableau chapitre section page théorème preuve démonstration lemme "
    "ejemplo figura tabla capítulo sección página teorema demostración lema "
    "例 图 表 章 节 页 定理 证明 引理 注意 例如"
)
FURNITURE = frozenset(_FURNITURE_WORDS.split(" "))
_LATIN = "A-Za-zÀ-ÖØ-öø-ɏ"
_LATIN_WORD = re.compile(rf"[{_LATIN}][{_LATIN}'’-]*")
_CLAUSE = re.compile(r"[.,;:!?()\[\]{}\"“”„«»=<>+*/|·•…]|\s[-–—]\s|\n")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
# Chinese function characters and words a noun phrase does not cross.
_ZH_BREAKS = re.compile(
    r"的|了|和|与|及|或|是|在|中|为|对|将|把|被|这|那|一个|我们|你|可以|如果|因为|所以|并|也|"
    r"就|都|而|但|使用|通过|进行|以及|其|之|于|等|有|没有|不|会|要|上|下|个"
)
MAX_FALLBACK_WORDS = 3


def fallback_phrases(text: str, language: str) -> list[tuple[str, str]]:
    """(key, surface) of candidate concepts where no spaCy model tags the language: runs of
    up to three content words between stopwords and punctuation (German: ending in a
    capitalised noun), Chinese runs of characters between function words."""
    found: list[tuple[int, str, str]] = []
    stop = stopwords(language) | stopwords("en")
    for clause in _clauses(text):
        start, piece = clause
        words = list(_LATIN_WORD.finditer(piece))
        run: list[re.Match[str]] = []
        for word in [*words, None]:
            if word is not None and _content_word(word.group(), stop):
                run.append(word)
                continue
            found += _latin_phrase(run, start, piece, language)
            run = []
        if language in ("zh", "ja"):
            found += _han_phrases(piece, start)
    for match in ACRONYM.finditer(text):
        key = acronym_key(match.group())
        if key and (not match.group().isupper() or len(match.group()) <= 4):
            found.append((match.start(), key, match.group()))
    found.sort(key=lambda item: item[0])
    return [(k, s) for _, k, s in found]


def _clauses(text: str) -> list[tuple[int, str]]:
    out, cursor = [], 0
    for match in [*_CLAUSE.finditer(text), None]:
        end = match.start() if match else len(text)
        if end > cursor:
            out.append((cursor, text[cursor:end]))
        cursor = match.end() if match else len(text)
    return out


def _content_word(word: str, stop: frozenset[str]) -> bool:
    lower = word.lower()
    if lower in stop or lower in FURNITURE or len(word) < 3:
        return False
    return not (word.isupper() and len(word) > 3)  # running heads and small caps


def _latin_phrase(
    run: list[re.Match[str]], offset: int, piece: str, language: str
) -> list[tuple[int, str, str]]:
    while run and language == "de" and not run[-1].group()[:1].isupper():
        run = run[:-1]
    if not run:
        return []
    run = run[-MAX_FALLBACK_WORDS:]
    surface = piece[run[0].start() : run[-1].end()]
    key = normalise(surface)
    return [(offset + run[0].start(), key, surface)] if key else []


def _han_phrases(piece: str, offset: int) -> list[tuple[int, str, str]]:
    out = []
    for run in _HAN_RUN.finditer(piece):
        for part in _ZH_BREAKS.split(run.group()):
            if 2 <= len(part) <= 6 and part not in FURNITURE:
                out.append((offset + run.start() + run.group().find(part), part, part))
    return out
