"""The evidence judge: a MiniLM cross-encoder that reads a claim and one source sentence
together and gives the probability that the sentence is not evidence about the claim,
supports it, or contradicts it. int8 ONNX on onnxruntime, shipped in essaylint/assets/judge/
(no torch, no download); bench/judge_model.py trains it, on public data recorded in
bench/data/README.md.

Reading the pair together is what a similarity of two separate sentence vectors cannot do:
the judge sees that "did not reduce" answers "reduces". Two models share this reader: the
evidence judge, which ranks a page's sentences for the quote, and the contradiction reader
(``get_contradiction_reader``), trained on a GPU for the counterevidence search to tell "says
the opposite" from "says the same" (bench/nli_judge.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from essaylint.text.onnx import cpu_session
from essaylint.text.tokens import TOKENIZER_FILE

if TYPE_CHECKING:
    import numpy as np
    from tokenizers import Encoding

MODEL_FILE = "judge/judge-int8.onnx"
# The same architecture trained for the counterevidence search, to tell "says the opposite"
# from "says the same" (bench/nli_judge.py); the evidence judge above ranks quotes.
CONTRADICTION_MODEL_FILE = "judge/contradiction-int8.onnx"
LABELS = ("neutral", "supports", "contradicts")
MAX_TOKENS = 128  # as trained


class EvidenceJudge:
    """Probabilities of (neutral, supports, contradicts) for claim–sentence pairs."""

    def __init__(self, model_file: str = MODEL_FILE) -> None:
        from tokenizers import Tokenizer

        assets = resources.files("essaylint.assets")
        self._session = cpu_session(assets.joinpath(model_file).read_bytes())
        # its own copy: the shared one (text.tokens) neither truncates nor pairs
        self._tokenizer = Tokenizer.from_buffer(assets.joinpath(TOKENIZER_FILE).read_bytes())
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(MAX_TOKENS, strategy="longest_first")

    def probabilities(self, claim: str, sentences: Sequence[str]) -> np.ndarray:
        """One row per sentence: P(neutral), P(supports), P(contradicts)."""
        import numpy as np

        out = np.zeros((len(sentences), len(LABELS)), dtype=np.float32)
        if not sentences:
            return out
        encodings = self._tokenizer.encode_batch([(claim, s) for s in sentences])
        # One pair per run: the int8 model quantises its activations with one scale per run,
        # so a pair read beside others would get probabilities that depend on them (up to
        # 0.3 apart, measured; on 2 cores one at a time is also the faster).
        for row, encoding in enumerate(encodings):
            out[row] = self._run(encoding)
        return out

    def _run(self, encoding: Encoding) -> np.ndarray:
        import numpy as np

        feeds = {
            "input_ids": np.array([encoding.ids], dtype=np.int64),
            "attention_mask": np.ones((1, len(encoding.ids)), dtype=np.int64),
            "token_type_ids": np.array([encoding.type_ids], dtype=np.int64),
        }
        logits = self._session.run(None, feeds)[0][0].astype(np.float64)
        p = np.exp(logits - logits.max())
        return (p / p.sum()).astype(np.float32)


@lru_cache(maxsize=1)
def get_judge() -> EvidenceJudge:
    return EvidenceJudge()


@lru_cache(maxsize=1)
def get_contradiction_reader() -> EvidenceJudge:
    return EvidenceJudge(CONTRADICTION_MODEL_FILE)


def evidence_logits(claim: str, sentences: Sequence[str]) -> np.ndarray:
    """log P(supports or contradicts) − log P(neutral) per sentence: how much each sentence is
    evidence about the claim, whichever way it goes."""
    import numpy as np

    p = get_judge().probabilities(claim, sentences).astype(np.float64)
    return np.log(p[:, 1] + p[:, 2] + 1e-9) - np.log(p[:, 0] + 1e-9)
