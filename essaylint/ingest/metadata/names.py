"""Personal names as printed ("Ross G. DOUGLAS*1", "Ronald G. Driggers III", "van Stokkum")
turned into library.csv's "Family, Given" form, and author lines split into names."""

from __future__ import annotations

import re
import unicodedata

PARTICLES = frozenset(
    [
        "van",
        "von",
        "der",
        "den",
        "de",
        "del",
        "della",
        "dei",
        "di",
        "da",
        "das",
        "do",
        "dos",
        "du",
        "la",
        "las",
        "le",
        "los",  # "Juan Romera de los Santos"
        "ten",
        "ter",
        "bin",
        "ibn",
        "ur",  # "Atiq ur Rehman", "Inam ul Haq"
        "ul",
        "al",
        "el",
    ]
)
SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
# Affiliation and note marks printed around names: digits, symbols, superscript letters.
_MARKS = re.compile(r"[\d*∗†‡§¶#♠♣♥♦♢♡☯✉⁎•◊⊥⊤⇑⁰¹²³⁴⁵⁶⁷⁸⁹ᵃᵇᶜᵈᵉ,;()\[\]{}|+=~^_<>/\\]+")
_ROMAN_MARK = re.compile(r"(?<=.)(?:I{1,3}|IV|VI{0,3}|IX|X)$")
_MARK_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Sm", "So", "Sc", "Sk"})
CJK_LETTERS = r"\u3400-\u9fff\uac00-\ud7af"  # Han characters and Hangul syllables
_CJK = re.compile(rf"^[{CJK_LETTERS}]{{2,4}}$")
CJK_SPACED = re.compile(rf"^[{CJK_LETTERS}]{{1,3}} [{CJK_LETTERS}]{{1,3}}$")
_NAME_WORD = re.compile(r"^[^\W\d_][\w'’.\-\u0300-\u036f]*$")  # combining accents too: "Pazd́zior"
_LOOSE_CONNECTOR = re.compile(r"^(?:and|&)\s+|\s+(?:and|&)$", re.IGNORECASE)  # at a line end
# "and" in the languages whose author lines essaylint reads: "e" (pt, it), "y" (es), "et"
# (fr), "und" (de); only between names, so always lower case.
_CONNECTORS = re.compile(
    r"\s*(?:,\s*(?:and|&)\s+|,|;|[·•]|\|{1,2}|\s+and\s+|\s+&\s+|\s+(?-i:e|y|et|und|Æ)\s+(?=[A-ZÀ-Þ])|"
    r"\s{2,})\s*",
    re.IGNORECASE,
)


def clean_name(text: str) -> str:
    """A printed name without affiliation marks (digits, symbols, letters such as the
    "a,⇑" Elsevier sets after a name), e-mail addresses or stray punctuation."""
    text = unicodedata.normalize("NFC", text)
    # "Li‑Zhi", "Flage−Larsen": a no-break hyphen, an en dash or a minus sign inside a name
    text = re.sub(r"(?<=[^\W\d_])\.?[\u2010-\u2013\u2212](?=[^\W\d_])", _hyphen, text)  # "H.‐C."
    text = re.sub(r"(?<=[^\W\d_])[\x00-\x1f](?=[^\W\d_])", "", text)  # a lost glyph: "J\x13rg"
    text = re.sub(r"\(?\S+@\S+\)?", " ", text)
    text = "".join(" " if _is_mark(c) else c for c in text)
    text = _MARKS.sub(" ", text)
    text = " ".join(_without_roman_mark(word) for word in text.split())
    text = re.sub(r"(?:\s[a-z](?=\s|$))+\s*$", "", " ".join(text.split()))
    text = re.sub(r"^[a-z]\s+(?=[A-Z])", "", text)  # "Rodary,a J.-C. Girard": a's mark
    return text.strip(" .-")


def _hyphen(match: re.Match[str]) -> str:
    return match.group(0)[:-1] + "-"


def _is_mark(char: str) -> bool:
    """Controls, private-use glyphs and symbols ("□", "⋄", "✉", a spacing accent that
    layout.repair_accents could not join to a letter): never part of a name."""
    return unicodedata.category(char) in _MARK_CATEGORIES


def _without_roman_mark(word: str) -> str:
    """ "GonçalvesII" → "Gonçalves": an affiliation numbered I, II, III… set against the name
    (a suffix printed apart, "Driggers III", is kept)."""
    match = _ROMAN_MARK.search(word)
    if match and word[match.start() - 1].islower():
        return word[: match.start()]
    return word


# Affiliation letters set against a family name without a raise the text layer keeps
# ("Lanea,c,*", "Bestb,c,d"): two or more, so that a name's own last letter is never taken.
_GLUED_LETTERS = re.compile(r"(?<=[^\W\d_]{2})[a-h](?:,[a-h])+(?:,?[*∗])?(?=[,\s]|$)")


# Springer's envelope (the corresponding author) comes out of the text layer as "(B)" or
# "(&)" set against the name: "Rathachai Chawuthai(B)".
_SPRINGER_MARK = re.compile(r"(?<=[^\W_])\((?:B|&|\u2709)\)")  # after a mark too: "Tajik1(&)"


# "Farji-Brener, Alejandro G.* & Ghermandi, Luciana": each name family first, the names
# joined by "&", "and" or semicolons
_FAMILY_FIRST = r"[A-ZÀ-Þ][\w'’\-]+,\s(?:[A-ZÀ-Þ][\w'’\-]*\.?\s?){1,3}"
_FAMILY_FIRST_LINE = re.compile(rf"^(?:{_FAMILY_FIRST}\s*(?:;|&|\band\b)\s*)+{_FAMILY_FIRST}$")


def split_names(line: str) -> list[str]:
    """The names of an author line: separated by commas, "and", "&", semicolons or wide
    gaps; marks between names ("Lo†∗ Lucy") also separate them."""
    bare = re.sub(r"[\d*∗†‡§¶]", "", line).strip()
    if _FAMILY_FIRST_LINE.match(bare):
        pairs = re.split(r"\s*(?:;|&|\band\b)\s*", bare)
        return [" ".join(reversed([p.strip() for p in pair.split(",", 1)])) for pair in pairs]
    line = re.sub(r"\(?[\w.+\-]+@[\w.\-]+\)?", " ", line)
    if "·" in line:  # Springer's "Eleni Dimitriadou1,2 · Andreas  Lanitis1,2": a wide gap inside
        line = re.sub(r"\s{2,}", " ", line)
    line = re.sub(r",?\s*(?:Student\s|Senior\s|Life\s)?(?:Member|Fellow),?\s*IEEE\b", "", line)
    line = _GLUED_LETTERS.sub("", line)
    line = _SPRINGER_MARK.sub("", line)
    line = re.sub(r"(?<=[^\W\d_][*∗†‡§¶])(?=(?:and|&)\s)", " ", line)  # "Azuero†and David"
    marked = re.sub(r"(?<=[^\W\d_])(?:[\d*∗†‡§¶#♠♣♥♦♢♡☯⁎⇑]+[,\s]*)+(?=\s+[A-Z])", ", ", line)
    parts = [_LOOSE_CONNECTOR.sub("", p.strip()) for p in _CONNECTORS.split(marked) if p]
    parts = [name for part in parts for name in _romanised_pairs(part)]
    names = [_without_degrees(name) for name in (clean_name(p) for p in parts) if name]
    names = [cjk for name in names for cjk in _cjk_names(name)]
    return _one_script([name for name in names if name])


# the commonest Korean and Chinese family names in their usual romanisations
_EAST_ASIAN_FAMILIES = frozenset(
    [
        "kim",
        "lee",
        "park",
        "choi",
        "jung",
        "jeong",
        "kang",
        "cho",
        "yoon",
        "jang",
        "lim",
        "han",
        "oh",
        "seo",
        "shin",
        "kwon",
        "hwang",
        "ahn",
        "song",
        "jeon",
        "hong",
        "yoo",
        "ko",
        "moon",
        "yang",
        "son",
        "bae",
        "baek",
        "heo",
        "nam",
        "shim",
        "noh",
        "ha",
        "kwak",
        "sung",
        "cha",
        "joo",
        "woo",
        "koo",
        "min",
        "ryu",
        "jin",
        "chae",
        "won",
        "chun",
        "bang",
        "yi",
        "wang",
        "li",
        "zhang",
        "liu",
        "chen",
        "huang",
        "zhao",
        "wu",
        "zhou",
        "xu",
        "sun",
        "ma",
        "zhu",
        "hu",
        "guo",
        "lin",
        "gao",
        "luo",
        "zheng",
        "liang",
        "xie",
        "tang",
        "feng",
        "deng",
        "cao",
        "peng",
        "zeng",
        "xiao",
        "tian",
        "dong",
        "pan",
        "yuan",
        "cai",
        "jiang",
        "yu",
        "du",
        "ye",
        "cheng",
        "wei",
        "su",
        "lu",
        "ding",
        "ren",
        "shen",
        "yao",
        "tan",
        "liao",
        "fan",
        "wong",
        "chan",
        "cheung",
        "lam",
        "ng",
        "leung",
        "tsai",
        "hsu",
        "chang",
        "chou",
    ]
)


def _romanised_pairs(text: str) -> list[str]:
    """ "Jungyu Park Younggeun Ahn Jiseung Hong": East Asian names of two words each, printed
    without separators, where every second word is a common family name (either order)."""
    words = text.split()
    if len(words) < 4 or len(words) % 2 or not all(re.fullmatch(r"[A-Z][a-z]+", w) for w in words):
        return [text]
    for start in (0, 1):
        if all(w.casefold() in _EAST_ASIAN_FAMILIES for w in words[start::2]):
            return [f"{words[i]} {words[i + 1]}" for i in range(0, len(words), 2)]
    return [text]


def _cjk_names(text: str) -> list[str]:
    """ "李勇军 尹超 于会 刘尊": Chinese names one space apart are as many names."""
    words = text.split()
    if len(words) > 1 and all(_CJK.match(word) for word in words):
        return words
    return [text]


def _one_script(names: list[str]) -> list[str]:
    """A byline printed twice, in its own script and transliterated ("Черешнев В.О.,
    Проскурин С.Г., Chereshnev V.O., Proskurin S.G."): the names as first printed."""
    half = len(names) // 2
    if len(names) % 2 or not half:
        return names
    first, second = names[:half], names[half:]
    if all(_latin(n) is False for n in first) and all(_latin(n) for n in second):
        return first
    return names


def _latin(name: str) -> bool | None:
    """Whether a name is written in Latin letters (None: it has no letters)."""
    letters = [c for c in name if c.isalpha()]
    if not letters:
        return None
    return all("LATIN" in unicodedata.name(c, "") for c in letters)


def _without_degrees(name: str) -> str:
    """ "Louis Anthony Cox Jr. PhD" → "Louis Anthony Cox Jr.": post-nominals set without a
    comma; a "name" of degrees alone ("MD, PhD") is none."""
    words = name.split()
    if all(word.replace(".", "") in _DEGREES for word in words):
        return ""  # "BSc (Hon)", "MD, PhD": degrees alone
    # a degree follows a whole name: "Aa Hon" is a given and a family name
    while len(words) > 2 and words[-1].replace(".", "") in _DEGREES:
        words.pop()
    if "".join(words).replace(".", "") in _DEGREES:
        return ""  # "M. Pharm": a degree its text layer spaced out
    return " ".join(words)


# academic degrees and post-nominals printed after a name ("Lucy Yardley, PhD")
_DEGREES = frozenset(
    [
        "PhD",
        "DPhil",
        "MD",
        "MSc",
        "BSc",
        "MA",
        "BA",
        "MS",
        "BS",
        "MPH",
        "DrPH",
        "MBA",
        "MBBS",
        "MBChB",
        "MRCP",
        "FRCP",
        "FRCGP",
        "FRCS",
        "RN",
        "PharmD",
        "MPharm",
        "BPharm",
        "DDS",
        "DVM",
        "EdD",
        "PsyD",
        "JD",
        "LLM",
        "MEng",
        "BEng",
        "MSN",
        "BSN",
        "FACP",
        "FACS",
        "RNT",
        "RMN",
        "RGN",
        "RM",
        "SPQDN",
        "Hon",
        "Hons",
        "APD",
        "FDAA",
        "FRACGP",
        "FAFPHM",
        "FRACP",
        "MPhil",
        "DSc",
        "ME",
        "MTech",
        "BTech",
    ]
)
# words no name is: "Protection", "Misallocation", "Regionalism", "Inequalities"
_ABSTRACT_NOUN = re.compile(r"\w{3,}(?:tion|sion|ism|ities)s?,?$", re.IGNORECASE)
_LABEL_WORDS = frozenset(
    [
        "paper",
        "preprint",
        "article",
        "original",
        "research",
        "review",
        "letter",
        "report",
        "abstract",
        "editorial",
        "communication",
        "commentary",
        "manuscript",
        "draft",
        "proceedings",
        "journal",
        "volume",
        "issue",
        "thesis",
        "profile",  # ResearchGate's "SEE PROFILE" under each name it lists
        "on",
        "of",
        "the",
        "for",
        "with",
        "to",
        "from",
        "in",  # "BY CHILDREN AND ADOLESCENTS IN WEST LONDON": a title's second line
        "dp",  # "IZA DP No. 5015"
        "fachgruppe",
        "fachbereich",
        "lehrstuhl",
        "bachelorarbeit",
        "masterarbeit",
        "diplomarbeit",
        "towards",
        "between",
        "tesi",
        "tesis",
        "laurea",
        "dissertation",
        "doctor",
        "philosophy",
        "degree",
        "assistant",  # "Assistant Professor" under a name
        "lecturer",
        "faculty",
        "facultad",
        "faculdade",
        "faculté",
        "fakultät",
        "departamento",
        "département",
        "dipartimento",
        "numéro",  # "Numéro Avril": an issue's label over the article
        "número",
        "graduate",
        "edition",  # "Segunda Edición" under a book's title
        "edición",
        "edição",
        "édition",
        "auflage",
        "autor",  # a template's "NOMBRE DEL AUTOR" left as a running head
        "nombre",
        "dirección",  # "Dirección de Atención Primaria": a body's unit
        "direção",
        "program",  # "… Clinical Guidelines Program"
        "programme",
        "programa",
        "department",
        "university",
        "université",
        "universidad",
        "universidade",
        "universität",
        "universiteit",
        "università",
        "universitat",
        "universitas",  # Indonesian: "Sistem Informasi, Fakultas Teknologi, Universitas …"
        "fakultas",
        "sistem",
        "informasi",
        "jurusan",
        "institute",
        "institut",
        "instituto",
        "bank",  # "World Bank" under a name, in the name's column
        "campus",  # "IFCE CAMPUS MORADA NOVA" over a Brazilian thesis's author
        "informatics",  # "Matthew R. Lehnert, Axle Informatics": a firm on the author line
        "laboratory",
        "laboratories",
        "corporation",
        "inc",
        "inc.",
        "llc",
        "llp",  # "Well-Typed LLP" under a name
        "ltd",
        "gmbh",
        "team",  # "FRBNY DSGE Team", "DSGE Group": a unit on the byline
        "group",
        "banco",  # "Banco Central do Brasil" after the authors
        "central",
        "trabajo",  # "TRABAJO FIN DE GRADO" over the title
        "lucrare",
        "study",
        "trial",
        "cohort",
        "retrospective",
        "randomized",
        "randomised",
        "systematic",
        "survey",
        "introduction",
        "background",
        "methods",
        "results",
        "conclusion",
        "conclusions",
        "discussion",
        "note",  # "Author Note" over an APA manuscript's notes
        "notes",
        "author",
        "authors",
        "brief",
        "policy",
        "analysis",
        "model",
        "framework",
        "editor",  # "Topic Editors"
        "editors",
        "master",  # "Master MIMO" under the author of a mémoire
        "mémoire",
        "memoire",
        "thèse",
        "mestrado",
        "maestría",
        "monografia",
        "prénom",  # a template's placeholder left under the name: "M. Prénom Nom"
        "nom",
        "firstname",
        "lastname",
        "surname",
        "vorname",
        "nachname",
        "cognome",
        "apellido",
        "apellidos",
        "received",  # "Received 20 December 2018" under a letter's title
        "accepted",
        "revised",
        "points",  # "KEY POINTS", "MORE INFORMATION": a web page's boxes
        "information",
        "highlights",
        "keywords",
        "guideline",  # "Green-top Guideline No. 26"
        "guidelines",
        "access",  # "Open Access": BMC's label beside the title
        "ingeniero",  # "MEMORIA PARA OPTAR AL TÍTULO DE / INGENIERO INFORMATICO"
        "ingeniera",
        "licenciado",
        "licenciada",
    ]
)
_INITIAL = re.compile(r"^[A-Z]\.(?:-?[A-Z]\.)?$")
# and the degrees Spanish-language and Czech covers set before a name ("Bach. Jhon Omar
# PALOMINO", "Lic.", "Ing.", "Mg.", "Bc. Jiří Kadlec"), only with their dot: "Bach" alone may
# be a family name
_HONORIFIC = re.compile(
    r"^(?:(?:Dr|Prof|Professor|Mr|Mrs|Ms|Sir)\.?|(?:Bach|Lic|Ing|Mg|Mtro|Mtra|Dra|Bc|Mgr|MUDr|"
    r"RNDr|PhDr|JUDr|inż)\.)\s+",
    re.IGNORECASE,
)


def names_no_one(name: str) -> bool:
    """A word no person's name holds: a label, a unit, a firm ("Axle Informatics")."""
    return any(w.casefold().strip("(),") in _LABEL_WORDS for w in name.split())


def looks_like_name(name: str) -> bool:
    """Two to five capitalised words (initials allowed), or a CJK name of 2-4 characters."""
    if _CJK.match(name):
        return True
    words = name.split()
    initials = sum(1 for w in words if _INITIAL.match(w))  # "Marcel A. L. M. van Assen"
    if not 2 <= len(words) - max(0, initials - 1) <= 5:
        return False
    if not all(_NAME_WORD.match(w) for w in words) or any(w.endswith(":") for w in words):
        return False
    if names_no_one(name):
        return False  # "Original Paper", "A Preprint": a label over the title
    if any(_ABSTRACT_NOUN.match(w) for w in words):
        return False  # "Social Protection", "Resource Misallocation": a subtitle's words
    capitalised = [w for w in words if w[0].isupper()]
    lower = [w for w in words if not w[0].isupper()]
    return len(capitalised) >= 2 and all(w.lower() in PARTICLES for w in lower)


def surname_first(name: str) -> str:
    """ "Given Family" → "Family, Given" (particles stay with the family name, a suffix
    goes last: "Driggers, Ronald G., III"); a CJK name splits after its first character."""
    name = _HONORIFIC.sub("", clean_name(name))
    if _CJK.match(name):
        return f"{name[0]}, {name[1:]}"
    if CJK_SPACED.match(name):  # "渡辺 隆弘": the family name first, then the given name
        return ", ".join(name.split())
    words = name.split()
    if not words:
        return ""
    suffix = ""
    if len(words) > 2 and words[-1].lower() in SUFFIXES:
        suffix = words.pop().rstrip(".") if words[-1].lower() != "jr." else words.pop()
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in PARTICLES:
        start -= 1
    if _initials_after(words):  # "Черешнев В.О.", "Chereshnev V.O.": the family comes first
        family, given = words[0], " ".join(w if w.endswith(".") else f"{w}." for w in words[1:])
        return ", ".join(p for p in (_recase(family), given, suffix) if p)
    if _capitals_first(words):  # "DIOP Fatima Binetou", "ZHANG Wei": the family in capitals
        return ", ".join(p for p in (_recase(words[0]), " ".join(words[1:]), suffix) if p)
    family = " ".join(_recase(w) for w in words[start:])
    given = " ".join(_recase(w) for w in words[:start])
    parts = [family, given, suffix] if suffix else [family, given]
    return ", ".join(p for p in parts if p)


_TRAILING_INITIALS = re.compile(r"^[^\W\d_]\.(?:-?[^\W\d_]\.?){1,2}$")  # "S.G.", "J.-P."


def _initials_after(words: list[str]) -> bool:
    """A family name followed by two or three initials with their full stops ("Proskurin
    S.G."), as Russian and Eastern European bylines print them; "J. Smith" is not, nor is
    "John F." (one initial could be a middle name)."""
    if len(words) < 2 or _TRAILING_INITIALS.match(words[0]) or len(words[0]) <= 2:
        return False
    if all(_TRAILING_INITIALS.match(w) and w[0].isupper() for w in words[1:]):
        return True
    # spaced: "Андреев А. В." ("Андреев А. В" once the last full stop is cleaned off)
    initials = words[1:]
    return (
        len(initials) in (2, 3)
        and all(re.fullmatch(r"[^\W\d_]\.", w) and w.isupper() for w in initials[:-1])
        and bool(re.fullmatch(r"[^\W\d_]\.?", initials[-1]))
        and initials[-1].isupper()
    )


_GROUP_WORDS = frozenset(
    ["collaboration", "collaborations", "consortium", "group", "team", "committee", "network"]
)


def _capitals_first(words: list[str]) -> bool:
    """A family name in capitals before given names that are not ("DIOP Fatima Binetou"), as
    French and Chinese bylines print them."""
    letters = [c for c in words[0] if c.isalpha()]
    return (
        len(words) >= 2
        and len(letters) >= 2
        and "." not in words[0]  # "A.V. Kozmin": initials
        and not _undotted_initials(words[0])  # "RM Eggo", "AJ Kucharski" (Vancouver order)
        and all(c.isupper() for c in letters)
        and words[0].lower() not in PARTICLES
        and all(any(c.islower() for c in w) for w in words[1:])
        and not any(w.casefold() in _GROUP_WORDS for w in words)  # "CMS Collaborations"
    )


def _undotted_initials(word: str) -> bool:
    """Two or three capitals that no family name is: no vowel ("RM", "WJ", "CHW"), or a vowel
    before a consonant no syllable of Chinese, Korean or Vietnamese ends in ("AJ", "EM");
    "LI", "XU", "OH", "AN" are family names."""
    if not (2 <= len(word) <= 3 and word.isalpha() and word.isupper()):
        return False
    vowels = set("AEIOUY")
    if not vowels & set(word):
        return True
    return len(word) == 2 and word[0] in vowels and word[1] not in vowels | set("NRHG")


def _recase(word: str) -> str:
    """An all-capitals word (DOUGLAS) in its usual case; initials and short words stay."""
    letters = [c for c in word if c.isalpha()]
    if word.isupper() and word.lower() in PARTICLES:  # "DE" in "GIANMARCO DE FRANCISCI MORALES"
        return word.capitalize()
    if len(letters) > 2 and all(c.isupper() for c in letters):
        # Turkish "İ" lowers to "i" and a combining dot: "METİN" is "Metin"
        return "-".join(part.capitalize() for part in word.split("-")).replace("i\u0307", "i")
    return word


def family_of(formatted: str) -> str:
    return formatted.split(",", 1)[0].strip()


def given_family(formatted: str) -> str:
    """ "Family, Given" → "Given Family"."""
    family, _, given = formatted.partition(",")
    return f"{given} {family}".strip()


# a citation's initials after a family name: "P.", "A.R.N.", "J.-W.", "AM" (Vancouver)
_CITED_INITIALS = r"(?:[A-Z]\.\s?-?){0,3}[A-Z]\.?|[A-Z]{1,3}"
_CITED_FAMILY = r"(?:(?:van|von|de|da|del|der|dos|le|la)\s)?[^\W\d_][\w'’\-]+(?:\s[A-Z][\w'’\-]+)?"
_CITED_NAME = re.compile(rf"(?P<family>{_CITED_FAMILY})\s(?P<initials>{_CITED_INITIALS})")


def names_in_citation(span: str) -> list[str]:
    """The authors a work's citation of itself lists before its year or title ("Suresh P.,
    Keerthika P. & Kumar A.R.N.", "Smith, J., & Doe, A. B."), each as "Family, I."; empty
    unless every piece reads as a family name with its initials."""
    parts = [p.strip() for p in re.split(r",|;|&|\band\b", span) if p.strip()]
    names: list[str] = []
    index = 0
    while index < len(parts):
        part, after = parts[index], parts[index + 1] if index + 1 < len(parts) else ""
        if re.fullmatch(_CITED_INITIALS, after) and re.fullmatch(_CITED_FAMILY, part):
            names.append(_cited(part, after))  # "Smith, J."
            index += 2
        elif match := _CITED_NAME.fullmatch(part):
            names.append(_cited(match.group("family"), match.group("initials")))  # "Suresh P."
            index += 1
        else:
            return []
    return names


def _cited(family: str, initials: str) -> str:
    """ "Family, I." with the initials dotted: "AM" → "A. M."."""
    if initials.isalpha():
        initials = " ".join(f"{letter}." for letter in initials)
    return f"{family}, {initials.strip()}"
