"""Build essaylint/assets/known_acronyms.txt (the acronyms style/undefined-abbreviation treats
as known) from SCOWL's English abbreviation lists, levels up to 60.

    apt-get download scowl && dpkg-deb -x scowl_2020.12.07-2_all.deb scowl
    python bench/known_acronyms.py scowl/usr/share/dict/scowl

SCOWL 2020.12.07 (Debian package `scowl` 2020.12.07-2), Copyright 2000-2011 Kevin Atkinson,
permissive licence reproduced in the output's header. The lists are Latin-1; entries ending in
's are possessives of other entries and are dropped; only all-capital acronyms are kept.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from _common import ROOT

LEVELS = (10, 20, 35, 40, 50, 55, 60)
OUT = ROOT / "essaylint" / "assets" / "known_acronyms.txt"
ACRONYM = re.compile(r"[A-Z][A-Z0-9&]*[A-Z]")
HEADER = """\
# Acronyms a reader of English is expected to know (style/undefined-abbreviation skips them).
# From SCOWL 2020.12.07 (Debian package scowl 2020.12.07-2), english-abbreviations levels
# 10-60, all-capital entries only; built by bench/known_acronyms.py.
#
# Copyright 2000-2011 by Kevin Atkinson
#
# Permission to use, copy, modify, distribute and sell these word lists, the associated
# scripts, the output created from the scripts, and its documentation for any purpose is
# hereby granted without fee, provided that the above copyright notice appears in all copies
# and that both that copyright notice and this permission notice appear in supporting
# documentation. Kevin Atkinson makes no representations about the suitability of this array
# for any purpose. It is provided "as is" without express or implied warranty.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scowl", type=Path, help="the extracted usr/share/dict/scowl folder")
    folder = parser.parse_args().scowl
    words: set[str] = set()
    for level in LEVELS:
        path = folder / f"english-abbreviations.{level}"
        if path.is_file():
            for word in path.read_text(encoding="latin-1").split():
                if not word.endswith("'s") and ACRONYM.fullmatch(word):
                    words.add(word)
    OUT.write_text(HEADER + "\n".join(sorted(words)) + "\n", encoding="utf-8")
    print(f"{len(words)} acronyms -> {OUT}")


if __name__ == "__main__":
    main()
