"""Build essaylint/assets/journals.txt.gz, the known journal titles that let the metadata
reader recognise a journal name a page prints without a citation form around it.

    python bench/journal_list.py --jabref JABREF_CHECKOUT --ncbi CSL_ABBREVIATIONS_CHECKOUT

Sources (provenance and commits in bench/data/README.md):
- JabRef's journal abbreviation lists (github.com/JabRef/abbrv.jabref.org, CC0-1.0), every
  ``journals/*.csv``: each full title and its abbreviation;
- the NCBI/NLM catalogue's journal titles as the CSL abbreviation project lists them
  (github.com/citation-style-language/abbreviations, ``ncbi/json/ncbi-abbreviations.json``;
  the titles are the U.S. National Library of Medicine's, public domain; the file MIT):
  each title, the title before its subtitle (" : "), and its abbreviation.
Kept: names of two words or more (a single word, "Science", "Methods", "Summary", is as
often a heading as a journal), stored folded (``library_columns.fold``: case, accents,
punctuation and spacing aside), one a line, sorted.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from essaylint.ingest.library_columns import fold

TARGET = Path(__file__).resolve().parent.parent / "essaylint" / "assets" / "journals.txt.gz"


def jabref_names(checkout: Path) -> Iterator[str]:
    for path in sorted((checkout / "journals").glob("*.csv")):
        with path.open(encoding="utf-8", errors="replace", newline="") as handle:
            for row in csv.reader(handle):
                yield from row[:2]


def ncbi_names(checkout: Path) -> Iterator[str]:
    lists = json.loads((checkout / "ncbi" / "json" / "ncbi-abbreviations.json").read_text())
    for title, abbreviation in lists["default"]["container-title"].items():
        yield from (title, title.split(" : ")[0], abbreviation)


def _keys(name: str) -> list[str]:
    name = " ".join(name.split())
    if len(re.findall(r"\w+", name)) < 2:
        return []
    bare = re.sub(r"^the\s+", "", name, flags=re.IGNORECASE)
    return [k for k in {fold(name), fold(bare)} if len(k) >= 6]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jabref", type=Path, required=True, help="JabRef/abbrv.jabref.org")
    parser.add_argument("--ncbi", type=Path, required=True, help="CSL abbreviations checkout")
    args = parser.parse_args()
    every = [*jabref_names(args.jabref), *ncbi_names(args.ncbi)]
    keys = sorted({key for name in every for key in _keys(name)})
    TARGET.write_bytes(gzip.compress(("\n".join(keys) + "\n").encode(), mtime=0))
    print(f"{len(keys)} names → {TARGET} ({TARGET.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
