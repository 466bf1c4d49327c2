"""Token counts with all-MiniLM-L6-v2's WordPiece tokenizer (vendored tokenizer.json).

Chunk sizes are measured in the same tokens the embedder sees, so a ~200-token child
fits the model's 256-token window together with its document-context header.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tokenizers import Tokenizer

TOKENIZER_FILE = "minilm-tokenizer.json"


@lru_cache(maxsize=1)
def load_tokenizer() -> Tokenizer:
    from tokenizers import Tokenizer

    data = resources.files("essaylint.assets").joinpath(TOKENIZER_FILE).read_bytes()
    tokenizer = Tokenizer.from_buffer(data)
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def count_tokens(texts: list[str]) -> list[int]:
    if not texts:
        return []
    encodings = load_tokenizer().encode_batch(texts, add_special_tokens=False)
    return [len(e.ids) for e in encodings]
