"""Build the cite-worthiness set (CiteWorth method): sentences of openly licensed papers,
labelled by whether their authors cited them.

    python bench/citeworth_build.py [--mirror /work/.mirror]
        # writes bench/data/citeworth.jsonl.gz and bench/data/citeworth_papers.json

Inputs are git snapshots of the repositories in citeworth_sources.py, one bare git directory
each under ``--mirror`` as ``owner+name/repo`` (provenance and licences: bench/data/README.md).
Standard library plus essaylint's own sentence splitter (essaylint.text.sentences), so that
the sentences look like the ones the product audits.

Per paragraph: the text is assembled with every citation (JATS ``<xref ref-type="bibr">``,
Pandoc ``[@key]``/``@key``, S2ORC ``cite_spans``, plain "(Author 2015)") as a marker token;
adjacent markers and the brackets/separators between them form one citation group; a group
right after sentence-final punctuation is moved before it; the paragraph is split into
sentences; each sentence is written twice: ``text_markers`` (groups as printed) and ``text``
(groups removed; a narrative citation keeps its author names, "Smith et al. (2005) showed"
-> "Smith et al. showed"; then empty or filler-only brackets "(see )", "[, ]" are removed).
Label ``cited`` = the sentence holds at least one citation group.
"""

# ruff: noqa: B023 - manubot_paragraphs' flush() reads the loop's current block on purpose
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import citeworth_sources as sources
from _common import DATA

from essaylint.text.sentences import sentence_spans

MIRROR = Path("/work/.mirror")  # replaced by --mirror
OUT = DATA

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"  # citation marker token: \ue000<index>\ue001
GROUP_OPEN, GROUP_CLOSE = "\ue002", "\ue003"  # citation group token
INCLUDE_ACL = False
MLNS = "{http://www.w3.org/1998/Math/MathML}"
XLINK = "{http://www.w3.org/1999/xlink}"


# -- git helpers ---------------------------------------------------------------------------


def git_dir(repo: str) -> Path:
    base = MIRROR / repo.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


def git(repo: str, *args: str) -> str:
    out = subprocess.run(
        ["git", f"--git-dir={git_dir(repo)}", *args], capture_output=True, check=True
    )
    return out.stdout.decode("utf-8")


def head(repo: str) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


# -- paragraphs with markers -----------------------------------------------------------------


@dataclass
class Para:
    """A paragraph: ``parts`` is a list of str (text) or Marker."""

    section_title: str
    section_type: str
    parts: list = field(default_factory=list)


@dataclass
class Marker:
    raw: str  # as printed
    kind: str  # numeric | author_year | pandoc | plain_author_year


SECTION_RULES = [
    ("results_discussion", r"results?\s+and\s+discussion"),
    ("introduction", r"^(?:\d[\d.]*\s*)?(?:introduction|intro\b|motivation|overview)"),
    (
        "background",
        r"background|related\s+work|prior\s+work|previous\s+work|literature\s+review|"
        r"state\s+of\s+the\s+art",
    ),
    (
        "methods",
        r"method|material|procedure|experimental\s+(?:design|setup|section)|study\s+design|"
        r"statistic|participants|data\s+collection|implementation|design\s+and|setting|"
        r"ethics\s+statement|data\s+(?:and|sources)|analysis\s+plan|approach",
    ),
    ("results", r"^(?:\d[\d.]*\s*)?(?:results?|findings|experiments?|evaluation)\b"),
    ("discussion", r"discussion|limitations|implications"),
    ("conclusion", r"conclu|summary|outlook|future\s+(?:work|directions)|perspectives?$"),
]
JATS_SEC_TYPES = {
    "intro": "introduction",
    "introduction": "introduction",
    "materials|methods": "methods",
    "methods": "methods",
    "materials": "methods",
    "results": "results",
    "discussion": "discussion",
    "conclusions": "conclusion",
    "results|discussion": "results_discussion",
}
SKIP_SECTION = re.compile(
    r"supporting\s+information|supplementa|acknowledg|author\s+contributions|competing|"
    r"funding|abbreviations|data\s+availability|availability\s+of|conflicts?\s+of|"
    r"references|additional\s+files|glossary|declarations|author\s+summary|key\s+points|"
    r"editors?'?\s+summary|figure\s+supplement|figure\s+legend",
    re.IGNORECASE,
)


def section_type(title: str, sec_type: str = "") -> str:
    if sec_type.lower() in JATS_SEC_TYPES:
        return JATS_SEC_TYPES[sec_type.lower()]
    low = title.strip().lower()
    for name, pattern in SECTION_RULES:
        if re.search(pattern, low):
            return name
    return "other"


# -- JATS ------------------------------------------------------------------------------------

SKIP_INLINE = {
    "disp-formula",
    "fig",
    "fig-group",
    "table-wrap",
    "table-wrap-group",
    "list",
    "p",
    "boxed-text",
    "graphic",
    "supplementary-material",
    "disp-quote",
    "caption",
    "table",
    "media",
    "def-list",
    "fn",
    "statement",
    "code",
    "preformat",
    "speech",
}
SKIP_BLOCK_ANCESTORS = {
    "fig",
    "table-wrap",
    "boxed-text",
    "caption",
    "supplementary-material",
    "disp-quote",
    "fn",
    "table",
    "app",
    "fn-group",
    "statement",
}


def jats_inline(elem: ET.Element, parts: list, flags: set) -> None:
    """Text of ``elem`` (without its tail) into ``parts``; nested blocks are skipped."""
    if elem.text:
        parts.append(elem.text)
    for child in elem:
        tag = child.tag
        if tag == "xref" and child.get("ref-type") == "bibr":
            raw = "".join(child.itertext())
            kind = "numeric" if not re.search(r"[A-Za-z]{2}", raw) else "author_year"
            parts.append(Marker(raw=raw, kind=kind))
        elif tag == "xref" and child.get("ref-type") in ("fn", "table-fn", "author-notes"):
            pass  # footnote call
        elif tag in SKIP_INLINE:
            pass
        elif tag == "inline-graphic":
            flags.add("formula")
            parts.append("X")
        elif tag == "inline-formula" or tag == f"{MLNS}math":
            flags.add("formula")
            text = "".join(t for t in child.itertext() if t.strip())
            parts.append(text if len(text) <= 40 else "X")
        elif tag in ("sup", "sub") and not any(
            (c.tag == "xref" and c.get("ref-type") == "bibr") for c in child.iter()
        ):
            parts.append("".join(child.itertext()))
        else:
            jats_inline(child, parts, flags)
        if child.tail:
            parts.append(child.tail)


def jats_title(sec: ET.Element) -> str:
    title = sec.find("title")
    return " ".join("".join(title.itertext()).split()) if title is not None else ""


def jats_paragraphs(root: ET.Element) -> list[tuple[Para, set]]:
    body = root.find("body")
    if body is None:
        return []
    out: list[tuple[Para, set]] = []

    def walk(node: ET.Element, top_title: str, top_type: str, depth: int) -> None:
        for child in node:
            tag = child.tag
            if tag == "sec":
                title = jats_title(child)
                if SKIP_SECTION.search(title) or child.get("sec-type", "").startswith(
                    "supplementary"
                ):
                    continue
                if depth == 0:
                    stype = section_type(title, child.get("sec-type", ""))
                    walk(child, title, stype, depth + 1)
                else:
                    stype = top_type
                    if top_type == "other":
                        sub = section_type(title, child.get("sec-type", ""))
                        stype = sub if sub != "other" else "other"
                    walk(child, top_title, stype, depth + 1)
            elif tag == "p":
                flags: set = set()
                parts: list = []
                jats_inline(child, parts, flags)
                out.append((Para(top_title, top_type, parts), flags))
                # lists nested in the paragraph: each item paragraph on its own
                for lst in child.iter("list"):
                    for item_p in lst.iter("p"):
                        f2: set = set()
                        p2: list = []
                        jats_inline(item_p, p2, f2)
                        out.append((Para(top_title, top_type, p2), f2 | {"list"}))
            elif tag == "list":
                for item_p in child.iter("p"):
                    f2 = set()
                    p2 = []
                    jats_inline(item_p, p2, f2)
                    out.append((Para(top_title, top_type, p2), f2 | {"list"}))
            elif tag in SKIP_BLOCK_ANCESTORS or tag in SKIP_INLINE:
                continue
            else:
                walk(child, top_title, top_type, depth)

    walk(body, "", "other", 0)
    return out


def jats_meta(root: ET.Element) -> dict:
    meta = root.find("front/article-meta")
    title = " ".join("".join(meta.find("title-group/article-title").itertext()).split())
    doi = ""
    for aid in meta.findall("article-id"):
        if aid.get("pub-id-type") == "doi":
            doi = aid.text or ""
    lic = meta.find("permissions/license")
    href = ""
    text = ""
    if lic is not None:
        href = lic.get(f"{XLINK}href", "") or ""
        text = " ".join("".join(lic.itertext()).split())
        if not href:
            for e in lic.iter():
                if e.get(f"{XLINK}href", "").find("creativecommons") >= 0:
                    href = e.get(f"{XLINK}href")
                    break
    journal = root.find("front/journal-meta/journal-title-group/journal-title")
    if journal is None:
        journal = root.find("front/journal-meta/journal-title")
    subjects = [
        " ".join("".join(s.itertext()).split())
        for g in meta.iter("subj-group")
        if g.get("subj-group-type") == "heading"
        for s in g.findall("subject")
    ]
    return {
        "title": title,
        "doi": doi,
        "journal": "".join(journal.itertext()) if journal is not None else "",
        "article_type": root.get("article-type", ""),
        "heading": subjects[0] if subjects else "",
        "licence": licence_name(href, text),
        "licence_evidence": (href + " | " if href else "") + text[:300],
    }


def licence_name(href: str, text: str) -> str:
    h = href.lower()
    t = text.lower()
    m = re.search(r"licenses/(by(?:-[a-z]+)*)/(\d\.\d)", h)
    if m:
        return f"CC {m.group(1).upper()} {m.group(2)}"
    if "publicdomain/zero" in h or "public domain dedication" in t or "free of all copyright" in t:
        return "CC0 1.0"
    if "creative commons attribution" in t:
        m = re.search(r"attribution\s+(?:license\s+)?(\d\.\d)?", t)
        return "CC BY" + (f" {m.group(1)}" if m and m.group(1) else " (version unstated)")
    return "UNKNOWN"


# -- Pandoc Markdown (Manubot) -----------------------------------------------------------------

CROSSREF = re.compile(
    r"(?:\b(?:Fig(?:ure)?s?|Tables?|Sections?|Eq(?:uation)?s?)\.?\s+)?[!+]?[\[{]?[!+]?@(fig|tbl|sec|eq):"
    r"([\w-]+)[\]}]?",
    re.IGNORECASE,
)
CITEKEY = r"@(?:\{[^{}\s]+\}|(?!(?:fig|tbl|sec|eq):)[A-Za-z0-9_][\w:./#$%&+?<>~=\-]*[\w/])"
BRACKET_CITE = re.compile(r"\[([^\[\]]*?" + CITEKEY + r"[^\[\]]*?)\](?![(\[{])")
BARE_CITE = re.compile(r"(?<![\w.@\[/])" + CITEKEY)
PLAIN_AUTHOR_YEAR = re.compile(
    r"\((?:[^()]*?(?:[A-Z][\w'’.&-]+|et al\.)[^()]*?(?:\d{2}/)?(?:1[6-9]|20)\d\d[a-z]?"
    r"(?:,\s*p+\.\s*\d+(?:[-–]\d+)?)?)(?:\s*;\s*[^();]*?(?:1[6-9]|20)\d\d[a-z]?)*\)"
)
NARRATIVE_PLAIN = re.compile(
    r"\b([A-Z][\w'’-]+(?:\s+(?:et al\.|and|&)\s*[A-Z]?[\w'’-]*)?)\s+"
    r"\(((?:\d{2}/)?(?:1[6-9]|20)\d\d[a-z]?)\)"
)


def md_inline(text: str, refs: dict[str, int], style: str) -> tuple[list, set]:
    """Inline Pandoc Markdown to parts (str / Marker)."""
    flags: set = set()
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"\^\[[^\]]*\]", "", text)  # inline footnotes
    text = re.sub(r"\[\^[^\]]+\]", "", text)  # footnote calls

    def xref(m: re.Match) -> str:
        kind, key = m.group(1).lower(), m.group(2)
        names = {"fig": "Figure", "tbl": "Table", "sec": "Section", "eq": "Equation"}
        refs.setdefault(f"{kind}:{key}", sum(1 for k in refs if k.startswith(kind + ":")) + 1)
        return f"{names[kind]} {refs[f'{kind}:{key}']}"

    text = CROSSREF.sub(xref, text)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)(\{[^}]*\})?", "", text)  # images
    text = re.sub(r"\[([^\]@]*)\]\((?:[^()]|\([^)]*\))*\)", r"\1", text)  # links
    text = re.sub(r"<(https?://[^>]+)>", r"\1", text)
    text = re.sub(r"(?<!!)\[([^\[\]@]+)\](?![(\[{:])", r"\1", text)  # implicit header links
    text = re.sub(r"\{[.#][^}]*\}", "", text)  # attributes
    text = re.sub(r"</?[A-Za-z][^>]*>", "", text)  # html tags
    if "$" in text:
        flags.add("formula") if re.search(r"\$[^$]+\$", text) else None
        text = re.sub(r"\$([^$]+)\$", lambda m: m.group(1) if len(m.group(1)) < 30 else "X", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])", r"\1", text)
    parts: list = []
    if style == "plain_author_year":
        pattern = re.compile(f"{PLAIN_AUTHOR_YEAR.pattern}|{NARRATIVE_PLAIN.pattern}")
        pos = 0
        for m in pattern.finditer(text):
            parts.append(text[pos : m.start()])
            if m.group(0).startswith("("):
                parts.append(Marker(m.group(0), "plain_author_year"))
            else:
                parts.append(m.group(1) + " ")
                parts.append(Marker(f"({m.group(2)})", "plain_author_year"))
            pos = m.end()
        parts.append(text[pos:])
        return parts, flags
    pos = 0
    spans = []
    for m in BRACKET_CITE.finditer(text):
        spans.append((m.start(), m.end(), "pandoc"))
    for m in BARE_CITE.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in spans):
            spans.append((m.start(), m.end(), "pandoc_bare"))
    for start, end, kind in sorted(spans):
        parts.append(text[pos:start])
        parts.append(Marker(text[start:end], kind))
        pos = end
    parts.append(text[pos:])
    return parts, flags


FIGURE_END = re.compile(r"\]\([^()\s]*(?:\s+\"[^\"]*\")?\)\s*(?:\{[^}]*\})?\s*$")


def manubot_paragraphs(repo: str, style: str) -> tuple[list[tuple[Para, set]], list[str]]:
    files = [
        f
        for f in git(repo, "ls-tree", "-r", "--name-only", "HEAD", "content/").splitlines()
        if re.match(r"content/\d+\..*\.md$", f)
    ]
    files = [f for f in sorted(files) if not any(s in f.lower() for s in sources.MANUBOT_SKIP_FILE)]
    out: list[tuple[Para, set]] = []
    refs: dict[str, int] = {}
    for path in files:
        src = git(repo, "show", f"HEAD:{path}")
        src = re.sub(r"<!--.*?-->", "", src, flags=re.S)
        src = re.sub(r"\{##.*?##\}|\{%.*?%\}|\{\{.*?\}\}", "", src, flags=re.S)
        src = re.sub(r"^(```|~~~).*?^\1\s*$", "", src, flags=re.S | re.M)
        src = re.sub(r"\$\$.*?\$\$", "", src, flags=re.S)
        h1 = h2 = ""
        htype = "other"
        skip_section = False
        block: list[str] = []

        def flush() -> None:
            if not block or skip_section:
                block.clear()
                return
            text = " ".join(line.strip() for line in block)
            block.clear()
            if len(text.split()) < 3:
                return
            parts, flags = md_inline(text, refs, style)
            out.append((Para(h2 or h1, htype, parts), flags))

        in_figure = False  # inside a multi-line image caption: ![...](...)
        in_caption = False  # inside a "Table: ..." caption paragraph
        for line in src.splitlines():
            stripped = line.strip()
            if in_figure:
                if FIGURE_END.search(stripped):
                    in_figure = False
                continue
            if in_caption:
                in_caption = bool(stripped)
                continue
            if stripped.startswith("![") and not FIGURE_END.search(stripped):
                flush()
                in_figure = True
                continue
            if re.match(r"^Table:\s", stripped):
                flush()
                in_caption = True
                continue
            heading = re.match(r"^(#{1,6})\s+(.*?)\s*(\{[^}]*\})?\s*$", stripped)
            if heading:
                flush()
                level = len(heading.group(1))
                title = heading.group(2).strip()
                if level <= 2 or not h1:
                    h1, h2 = title, ""
                    htype = section_type(title)
                else:
                    h2 = title
                    if htype == "other" and section_type(title) != "other":
                        pass
                skip_section = bool(SKIP_SECTION.search(title)) or title.lower().startswith(
                    ("author", "affiliation", "abstract")
                )
                continue
            if not stripped:
                flush()
                continue
            if (
                stripped.startswith(("|", "+--", "+==", ">", "![", ":::", "<div", "</div", "<img"))
                or re.match(r"^Table:\s", stripped)
                or re.match(r"^[-=:| ]{3,}$", stripped)
                or stripped.startswith("<figure")
            ):
                flush()
                continue
            item = re.match(r"^([-*+]|\d+[.)])\s+(.*)$", stripped)
            if item:
                flush()
                block.append(item.group(2))
                continue
            block.append(stripped)
        flush()
    return out, files


# -- S2ORC JSON (ACL) --------------------------------------------------------------------------


def s2orc_paragraphs(doc: dict) -> list[tuple[Para, set]]:
    out = []
    for para in doc["pdf_parse"]["body_text"]:
        text = para["text"]
        title = para.get("section") or ""
        if SKIP_SECTION.search(title):
            continue
        parts: list = []
        pos = 0
        for span in sorted(para["cite_spans"], key=lambda s: s["start"]):
            if span["start"] < pos:
                continue
            parts.append(text[pos : span["start"]])
            raw = text[span["start"] : span["end"]]
            kind = "author_year" if re.search(r"[A-Za-z]{2}", raw) else "numeric"
            parts.append(Marker(raw, kind))
            pos = span["end"]
        parts.append(text[pos:])
        out.append((Para(title, section_type(title), parts), set()))
    return out


# -- citation groups, sentence splitting and cleaning ------------------------------------------

SEPARATOR = re.compile(r"^\s*(?:[,;–—-]|and|&)?\s*[\]\)]?\s*(?:[,;–—-]|and)?\s*[\[\(]?\s*$")
FILLER_PAREN = re.compile(
    r"[\(\[]\s*(?:(?:see|also|e\.\s?g\.,?|i\.\s?e\.,?|cf\.?|for\s+(?:a\s+)?reviews?,?|for\s+example,?|"
    r"reviewed\s+(?:in|by)|as\s+reviewed\s+in|in|and|references?|refs?\.?|therein|"
    r"and\s+references\s+therein|for\s+details,?|among\s+others|for\s+instance,?|"
    r"see\s+also|e\.g\.|for|a|as|by|review|reviews|the|and\s+refs?\.?\s+therein)\s*[,;]?\s*)*[\)\]]"
)
PREP_BEFORE = re.compile(
    r"(?:\b(?:in|by|of|from|see|to|with|and|as|cf\.|e\.g\.,?|Ref\.|Refs\.|refs?\.|reference|"
    r"references|al\.)\s*)$",
    re.IGNORECASE,
)


def group_markers(parts: list) -> tuple[str, list[dict]]:
    """Paragraph string with one token per citation group, and the groups."""
    seq: list = []
    for part in parts:
        if isinstance(part, str):
            if part:
                if seq and isinstance(seq[-1], str):
                    seq[-1] += part
                else:
                    seq.append(part)
        else:
            seq.append(part)
    groups: list[dict] = []
    out: list[str] = []
    i = 0
    while i < len(seq):
        item = seq[i]
        if isinstance(item, str):
            out.append(item)
            i += 1
            continue
        members = [item]
        raw = item.raw
        j = i + 1
        while j + 1 < len(seq) and isinstance(seq[j], str) and isinstance(seq[j + 1], Marker):
            if SEPARATOR.match(seq[j]) and len(seq[j]) <= 6:
                raw += seq[j] + seq[j + 1].raw
                members.append(seq[j + 1])
                j += 2
            else:
                break
        if j < len(seq) and isinstance(seq[j], Marker):  # two markers with nothing between
            pass
        # absorb enclosing brackets "[" ... "]" / "(" ... ")" around the group
        before = out[-1] if out and isinstance(out[-1], str) else ""
        after = seq[j] if j < len(seq) and isinstance(seq[j], str) else ""
        m_before = re.search(r"([\[\(])\s*$", before)
        m_after = re.match(r"^\s*([\]\)])", after) or re.match(
            r"^\s*[:,]\s*(?:pp?\.\s*)?\d+(?:[-–]\d+)?(?:,\s*(?:figs?\.|table)\s*[\w–-]+)?\s*(\])",
            after,
        )
        pair = {"[": "]", "(": ")"}
        enclosed = False
        if m_before and m_after and pair[m_before.group(1)] == m_after.group(1):
            out[-1] = before[: m_before.start()]
            raw = before[m_before.start() :] + raw + after[: m_after.end()]
            seq[j] = after[m_after.end() :]
            enclosed = True
        kinds = sorted({m.kind for m in members})
        groups.append(
            {
                "raw": raw,
                "kinds": kinds,
                "n": len(members),
                "enclosed": enclosed,
                "members": [m.raw for m in members],
            }
        )
        out.append(f"{GROUP_OPEN}{len(groups) - 1}{GROUP_CLOSE}")
        i = j
    text = "".join(out)
    # a group right after sentence-final punctuation belongs before it
    text = re.sub(
        r"([.!?])(\s*)((?:" + GROUP_OPEN + r"\d+" + GROUP_CLOSE + r"\s*)+)",
        lambda m: m.group(3).rstrip() + m.group(1) + " ",
        text,
    )
    return " ".join(text.split()), groups


GROUP_TOKEN = re.compile(GROUP_OPEN + r"(\d+)" + GROUP_CLOSE)
YEARISH = re.compile(r"(?:\d{2}/)?(?:1[6-9]|20)\d\d[a-z]?")


def narrative_keep(group: dict, before: str) -> str:
    """Text a removed group leaves behind: author names for a narrative author-year citation."""
    if group["enclosed"]:
        return ""
    kinds = group["kinds"]
    if not any(k in ("author_year",) for k in kinds):
        return ""
    depth = before.count("(") - before.count(")")
    raw = group["members"][0]
    if raw.lstrip().startswith(("(", "[")):
        return ""  # the marker is itself a parenthetical: "(Li et al., 2016)"
    if depth > 0 and "(" not in raw:
        return ""  # inside a parenthetical: "(see Smith et al., 2005)"
    names = re.split(r"\s*[\(,]\s*(?:\d{2}/)?(?:1[6-9]|20)\d\d", raw)[0].strip()
    if names and re.search(r"[A-Za-z]{2}", names) and not YEARISH.fullmatch(names):
        return names
    return ""


def clean_sentence(sent: str, groups: list[dict]) -> tuple[str, str, dict]:
    """(text without markers, text with markers, info)."""
    info = {"groups": [], "in_syntax": False}
    marked = GROUP_TOKEN.sub(lambda m: groups[int(m.group(1))]["raw"], sent)
    pieces: list[str] = []
    pos = 0
    for m in GROUP_TOKEN.finditer(sent):
        g = groups[int(m.group(1))]
        before = sent[pos : m.start()]
        pieces.append(before)
        keep = narrative_keep(g, "".join(pieces))
        info["groups"].append(g)
        prior = "".join(pieces)
        after = sent[m.end() :]
        if not keep and not g["enclosed"] and g["kinds"] != ["pandoc"]:
            # a bare number/key as part of the syntax ("as in [3].", "by @doi:x.")
            pass
        if not keep:
            # marker used as a noun phrase: "described in [3]." / "[3] showed"
            if (
                PREP_BEFORE.search(prior.rstrip())
                and re.match(r"^\s*(?:[.,;:)]|$)", after)
                and not re.search(r"et al\.\s*$", prior.rstrip())
            ):
                info["in_syntax"] = True
                # "as described in [3]." -> "as described." (no dangling preposition)
                pieces[-1] = re.sub(
                    r"\s+(?:in|by|from|of|to|with|see)\s*$", "", pieces[-1], flags=re.I
                )
            if not prior.strip() and re.match(r"^\s*[a-z]", after):
                info["in_syntax"] = True
        # drop "Ref." / "Refs." / "reference" right before a numeric group
        if not keep and re.search(r"\b(?:Refs?\.|refs?\.|references?)\s*$", pieces[-1]):
            pieces[-1] = re.sub(r"\b(?:Refs?\.|refs?\.|references?)\s*$", "", pieces[-1])
            info["in_syntax"] = True
        pieces.append(keep)
        pos = m.end()
    pieces.append(sent[pos:])
    text = "".join(pieces)
    for _ in range(3):
        text = FILLER_PAREN.sub("", text)
        text = re.sub(r"[\(\[]\s*[,;:]?\s*[\)\]]", "", text)
        text = re.sub(r"\(\s*[,;]\s*", "(", text)
        text = re.sub(r"\s*[,;]\s*\)", ")", text)
        text = re.sub(r"\s+([,.;:!?)\]])", r"\1", text)
        text = re.sub(r"([(\[])\s+", r"\1", text)
        text = re.sub(r",\s*,", ",", text)
        text = re.sub(r";\s*;", ";", text)
        text = re.sub(r"[,;]\s*([.!?])$", r"\1", text)
        text = re.sub(r"\b(al|etc|e\.g|i\.e|Figs?|Refs?)\.\.(?=\s|$)", r"\1.", text)
        text = re.sub(r"\s{2,}", " ", text).strip()
    marked = " ".join(marked.split())
    return text, marked, info


def sentences_of(para_text: str) -> list[str]:
    return [para_text[s:e] for s, e in sentence_spans(para_text)]


# -- main --------------------------------------------------------------------------------------


def emit(paper: dict, paras: list[tuple[Para, set]], rows: list[dict], counters: dict) -> None:
    pidx = 0
    for para, flags in paras:
        text, groups = group_markers(para.parts)
        if not text or len(text.split()) < 4:
            continue
        sents = sentences_of(text)
        kept = 0
        for sidx, sent in enumerate(sents):
            clean, marked, info = clean_sentence(sent, groups)
            if len(re.findall(r"[A-Za-z]{2,}", clean)) < 3:
                continue
            if MARK_OPEN in clean or GROUP_OPEN in clean:
                counters["leak"] += 1
                continue
            kinds = sorted({k for g in info["groups"] for k in g["kinds"]})
            rows.append(
                {
                    "paper_id": paper["paper_id"],
                    "field": paper["field"],
                    "section_type": para.section_type,
                    "section_title": para.section_title[:120],
                    "paragraph_index": pidx,
                    "sentence_index": sidx,
                    "text": clean,
                    "text_markers": marked,
                    "cited": bool(info["groups"]),
                    "n_citation_groups": len(info["groups"]),
                    "marker_kinds": kinds,
                    "marker_in_syntax": info["in_syntax"],
                    "has_formula": "formula" in flags,
                    "in_list": "list" in flags,
                    "n_words": len(clean.split()),
                }
            )
            kept += 1
        if kept:
            pidx += 1


def main() -> None:
    global MIRROR
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR, help="folder of git snapshots")
    MIRROR = parser.parse_args().mirror
    OUT.mkdir(exist_ok=True)
    rows: list[dict] = []
    papers: list[dict] = []
    counters = {"leak": 0}

    # PLOS
    for d in sources.PLOS_DIRS:
        for path in git(sources.PLOS_REPO, "ls-tree", "--name-only", "HEAD", d + "/").splitlines():
            name = Path(path).stem
            if name not in sources.PLOS_FIELDS:
                continue
            root = ET.fromstring(git(sources.PLOS_REPO, "show", f"HEAD:{path}").encode())
            meta = jats_meta(root)
            paper = {
                "paper_id": f"plos:{name}",
                "field": sources.PLOS_FIELDS[name],
                "source": "PLOS JATS XML",
                "repo": sources.PLOS_REPO,
                "commit": head(sources.PLOS_REPO),
                "path": path,
                **meta,
            }
            papers.append(paper)
            emit(paper, jats_paragraphs(root), rows, counters)
    # PMC fixtures
    for path, fld in sources.PMC_FIELDS.items():
        root = ET.fromstring(git(sources.S2ORC_REPO, "show", f"HEAD:{path}").encode())
        meta = jats_meta(root)
        paper = {
            "paper_id": f"pmc:{Path(path).stem}",
            "field": fld,
            "source": "PMC JATS (nxml) test fixture",
            "repo": sources.S2ORC_REPO,
            "commit": head(sources.S2ORC_REPO),
            "path": path,
            **meta,
        }
        papers.append(paper)
        emit(paper, jats_paragraphs(root), rows, counters)
    # ACL (S2ORC JSON): tried and left out - GROBID's cite_spans cut through parentheses
    # ("(e.g., Wu et al., 2014)" -> "(e.g., "), and footnotes run into the text.
    for path, fld in sources.ACL_FIELDS.items() if INCLUDE_ACL else ():
        doc = json.loads(git(sources.S2ORC_REPO, "show", f"HEAD:{path}"))
        paper = {
            "paper_id": f"acl:{Path(path).stem}",
            "field": fld,
            "source": "S2ORC JSON (GROBID parse of the ACL Anthology PDF) test fixture",
            "repo": sources.S2ORC_REPO,
            "commit": head(sources.S2ORC_REPO),
            "path": path,
            "title": doc.get("title", ""),
            "doi": "",
            "journal": "ACL Anthology",
            "article_type": "conference paper",
            "heading": "",
            "licence": "CC BY 4.0",
            "licence_evidence": "ACL Anthology: papers from 2016 on are CC BY 4.0 (Anthology "
            "policy; not stated in the fixture)",
        }
        papers.append(paper)
        emit(paper, s2orc_paragraphs(doc), rows, counters)
    # Manubot
    for spec in sources.MANUBOT:
        repo = spec["repo"]
        paras, files = manubot_paragraphs(repo, spec.get("style", ""))
        lic = git(repo, "show", "HEAD:LICENSE.md").splitlines()[0].strip("# ").strip()
        meta_title = ""
        try:
            meta_yaml = git(repo, "show", "HEAD:content/metadata.yaml")
            m = re.search(r'^title:\s*"?(.*?)"?\s*$', meta_yaml, re.M)
            meta_title = m.group(1) if m else ""
        except subprocess.CalledProcessError:
            pass
        paper = {
            "paper_id": f"manubot:{repo}",
            "field": spec["field"],
            "source": "Manubot Pandoc Markdown (content/*.md)",
            "repo": repo,
            "commit": head(repo),
            "path": ", ".join(files),
            "title": meta_title,
            "doi": "",
            "journal": "",
            "article_type": "manuscript",
            "heading": spec.get("note", ""),
            "licence": spec.get("licence")
            or ("CC BY 4.0" if "Attribution 4.0" in lic else "CHECK: " + lic),
            "licence_evidence": f"{repo}@HEAD LICENSE.md: '{lic}'",
        }
        papers.append(paper)
        emit(paper, paras, rows, counters)

    # per-paper counts
    by_paper: dict[str, list] = {}
    for r in rows:
        by_paper.setdefault(r["paper_id"], []).append(r)
    kept_papers = []
    for p in papers:
        rs = by_paper.get(p["paper_id"], [])
        p["n_sentences"] = len(rs)
        p["n_cited"] = sum(r["cited"] for r in rs)
        p["n_words"] = sum(r["n_words"] for r in rs)
        if p["n_cited"] == 0:
            print("no citations found, dropped:", p["paper_id"], file=sys.stderr)
            rows = [r for r in rows if r["paper_id"] != p["paper_id"]]
            continue
        if p["licence"] in ("UNKNOWN",) or p["licence"].startswith("CHECK"):
            print("licence unclear:", p["paper_id"], p["licence_evidence"][:200], file=sys.stderr)
        kept_papers.append(p)
    # split: a fixed 20 % of papers per field is the locked test set (sha1 of the id)
    for p in kept_papers:
        h = int(hashlib.sha1(p["paper_id"].encode()).hexdigest(), 16) % 100
        p["split"] = "test" if h < 20 else "dev"
    split = {p["paper_id"]: p["split"] for p in kept_papers}
    for r in rows:
        r["split"] = split[r["paper_id"]]
    blob = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)
    with gzip.GzipFile(OUT / "citeworth.jsonl.gz", "wb", mtime=0) as fh:
        fh.write(blob.encode("utf-8"))
    (OUT / "citeworth_papers.json").write_text(
        json.dumps(kept_papers, indent=1, ensure_ascii=False)
    )
    digest = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    (OUT / "citeworth.sha256").write_text(digest + "  citeworth.jsonl (uncompressed)\n")
    print(
        f"{len(kept_papers)} papers, {len(rows)} sentences, {sum(r['cited'] for r in rows)} cited, "
        f"leaks {counters['leak']}, sha256 {digest[:16]}"
    )


if __name__ == "__main__":
    main()
