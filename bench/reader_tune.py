"""Fine-tune the shipped contradiction reader on a CPU, on Evidence Inference's trial findings
written as claims in every direction, balanced per claim verb (issue #22).

The reader (essaylint/assets/judge/contradiction-int8.onnx, bench/nli_judge.py) reads the
direction of a comparison badly: of the trial set's supported "X significantly reduces Y"
claims, 16 of 27 drew a `contradicts` item. Its Evidence Inference pairs (bench/judge_model.py
``evinf_pairs``) write each annotated finding as three claims, one supported and two
contradicted, so a claim that says "reduces" is contradicted 732 times and supported 222
times. Here every v2 prompt whose annotators agree becomes claims in the same template, and
per verb no more contradictions than supports are kept:

    python bench/nli_judge.py pairs --out .gpu/pairs                      # project venv
    python bench/reader_tune.py pairs --annotations ANNOTATIONS --pairs .gpu/pairs
    $TRAIN/bin/python bench/nli_judge.py pack --out .gpu
    $TRAIN/bin/python bench/reader_tune.py shipped --base .gpu           # its float weights
    $TRAIN/bin/python bench/reader_tune.py tune --base .gpu --pairs .gpu/pairs --out OUT \\
        --name e3 --repeat 3 --replay 4000 --epochs 1 --lr 4e-5
    python bench/counter_reader.py --set .gpu/pairs/trial_choice.jsonl.gz --model OUT/e3-int8.onnx

ANNOTATIONS is jayded/evidence-inference's annotations/ folder (bench/evinf_contradictions.py).
Only CC BY articles (without NC or ND, as their PMC XML states it: the text a shipped model
may learn from), the trial set's (bench/data/support/evinf_contra) and its filler library's
left out: that leaves almost only the quote bench's articles (bench/data/quotes/). One article
in seven (``choice_article``) is kept apart as the trial choice set, its claims written as
bench/evinf_contradictions.py writes them. $TRAIN is the training venv of
bench/judge_model.py. The shipped reader's float weights are read back from its int8 file
(``shipped``): every int8 matrix times its scale, the frozen word embeddings from the base
model as bench/nli_judge.py packs them.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import time
from collections import defaultdict
from pathlib import Path

from judge_model import _pair
from nli_judge import (
    FROZEN,
    LABELS,
    MAX_TOKENS,
    TOKENIZER,
    _batches,
    _tensors,
    _tokenize,
    build_model,
    load_weights,
    open_log,
    unpack_rows,
    write_jsonl,
)
from support_sets import read_set

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
SHIPPED = ROOT / "essaylint" / "assets" / "judge" / "contradiction-int8.onnx"
DIRECTIONS = ("increased", "decreased", "no difference")
MAX_NAME_WORDS = 40  # intervention, comparator and outcome together
# the order of a layer's matrices in the exported graph (bench/nli_judge.py build_model)
LAYER_MATRICES = (
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "intermediate.dense",
    "output.dense",
)


# ---------------------------------------------------------------- pairs (project venv)


def claim_verb(text: str) -> str:
    for verb in ("reduces", "increases", "does not change"):
        if f" {verb} " in text:
            return verb
    return "other"


def balanced(pairs: list[dict], rng: random.Random) -> list[dict]:
    """The template pairs (``claim_verb`` not "other") with, per verb, no more CONTRADICT
    pairs than SUPPORT pairs; other pairs and labels kept as they are."""
    contradictions: dict[str, list[dict]] = defaultdict(list)
    supports: dict[str, int] = defaultdict(int)
    out = []
    for pair in pairs:
        verb = claim_verb(pair["claim"])
        if pair["label"] == "CONTRADICT" and verb != "other":
            contradictions[verb].append(pair)
            continue
        supports[verb] += pair["label"] == "SUPPORT"
        out.append(pair)
    for verb, rows in sorted(contradictions.items()):
        out += rng.sample(rows, min(len(rows), supports[verb]))
    rng.shuffle(out)
    return out


def choice_article(pmc: str) -> bool:
    return int(hashlib.sha1(pmc.encode()).hexdigest(), 16) % 7 == 0


def left_out(annotations: Path) -> set[str]:
    """PMC ids no training pair may come from: the trial set's and its filler library's, as
    bench/evinf_contradictions.py writes them. The quote bench's articles may be used: the
    contradiction reader plays no part in the quote, and those of its tune split are in the
    reader's pairs already (bench/judge_model.py ``evinf_pairs``)."""
    from evinf_contradictions import filler  # project venv only (as all of "pairs")
    from fulltext_claims import quote_bench_articles

    trial = {row["doc_id"] for row in read_set(DATA / "support" / "evinf_contra.jsonl.gz")}
    quotes = quote_bench_articles(DATA / "quotes" / "evidence_docs.jsonl.gz")
    return trial | {row["doc_id"] for row in filler(annotations, trial, quotes)}


def licensed_abstract(annotations: Path, pmc: str) -> tuple[str, list[str]] | None:
    """(title, sentences) of the article's abstract where its PMC XML states CC BY without NC
    or ND, the text a shipped model may learn from (bench/data/README.md); else None."""
    from evinf_contradictions import read_abstract
    from fulltext_claims import cc_by_licence

    nxml = annotations / "xml_files" / f"PMC{pmc}.nxml"
    if not nxml.is_file() or not cc_by_licence(nxml.read_text(encoding="utf-8", errors="replace")):
        return None
    path = annotations / "abstracts" / f"PMC{pmc}.abst"
    return read_abstract(path) if path.is_file() else ("", [])


def _flat(text: str) -> str:
    return " ".join(text.split())


def evidence_sentences(evidence: list[str], abstract: list[str]) -> list[str]:
    """Each annotated evidence span as the abstract's sentence holding it, else as quoted."""
    out = set()
    for span in {_flat(e) for e in evidence if len(e.split()) >= 5}:
        out.add(next((_flat(s) for s in abstract if span in _flat(s)), span))
    return sorted(out)


def direction_pairs(annotations: Path, rng: random.Random) -> tuple[list[dict], list[dict]]:
    """(training pairs, trial choice rows): each prompt's finding supports the claim of its
    label and contradicts the other two, two other abstract sentences are NEUTRAL for the
    supported claim; prompts of a choice article become a SUPPORTED and a CONTRADICTED claim
    against their abstract instead (when the evidence is in it)."""
    from evinf_contradictions import PARTS, claim, cleaned, consistent_prompts

    prompts = consistent_prompts(annotations)
    with (annotations / "prompts_merged.csv").open(encoding="utf-8", newline="") as handle:
        parts = {row["PromptID"]: row for row in csv.DictReader(handle)}
    skip = left_out(annotations)
    articles: dict[str, tuple[str, list[str]] | None] = {}
    pairs, choice = [], []
    for prompt, (pmc, label, evidence) in sorted(prompts.items(), key=lambda kv: int(kv[0])):
        names = [cleaned(parts[prompt][k]) for k in PARTS] if prompt in parts else []
        if f"PMC{pmc}" in skip or not names or not all(names):
            continue
        if len(" ".join(names).split()) > MAX_NAME_WORDS:
            continue
        if pmc not in articles:
            articles[pmc] = licensed_abstract(annotations, pmc)
        if articles[pmc] is None:
            continue
        title, abstract = articles[pmc]
        found = evidence_sentences(evidence, abstract)
        if not found:
            continue
        if choice_article(pmc):
            choice += _choice_rows(prompt, pmc, label, names, found, title, abstract)
            continue
        claims = {d: claim(*names, d) for d in DIRECTIONS}
        for sentence in found[:2]:
            for direction, text in claims.items():
                relation = "SUPPORT" if direction == label else "CONTRADICT"
                pairs.append(_pair(text, sentence, relation, "evinf-all"))
        others = [s for s in abstract if _flat(s) not in found and len(s.split()) >= 6]
        for sentence in rng.sample(others, min(2, len(others))):
            pairs.append(_pair(claims[label], sentence, "NEUTRAL", "evinf-all"))
    return pairs, choice


def _choice_rows(prompt, pmc, label, names, found, title, abstract) -> list[dict]:
    from evinf_contradictions import claim, contrary

    if not set(found) & {_flat(s) for s in abstract}:
        return []
    base = {"doc_id": f"PMC{pmc}", "title": title, "doc_sentences": abstract, "group": prompt}
    return [
        base | {"claim": claim(*names, label), "label": "SUPPORTED"},
        base | {"claim": claim(*names, contrary(label, prompt)), "label": "CONTRADICTED"},
    ]


def build_pairs(annotations: Path, pairs_dir: Path) -> None:
    rng = random.Random(20261202)
    trials, choice = direction_pairs(annotations, rng)
    domain = read_set(pairs_dir / "domain.jsonl.gz")
    old = [p for p in domain if p["source"] == "evinf"]
    rest = [p for p in domain if p["source"] != "evinf"]
    written = {
        "evinf_balanced": balanced(trials, rng),
        "domain_balanced": rest + balanced(old, rng),
        "trial_choice": choice,
    }
    for name, rows in written.items():
        write_jsonl(pairs_dir / f"{name}.jsonl.gz", rows)
        print(f"{name}: {len(rows)} rows")


# ---------------------------------------------------------------- weights (training venv)


def shipped_weights(base: Path) -> dict:
    """The shipped reader's weights as floats, read back from its int8 ONNX file."""
    import numpy as np
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(SHIPPED)).graph
    stored = {i.name: numpy_helper.to_array(i) for i in graph.initializer}

    def dequantised(name: str):
        q = stored[f"{name}_quantized"].astype(np.float32)
        return (q - stored[f"{name}_zero_point"].astype(np.float32)) * stored[f"{name}_scale"]

    weights = {k: v for k, v in stored.items() if v.dtype == np.float32 and v.ndim}
    weights[FROZEN] = unpack_rows(np.load(base / "base.npz"))[FROZEN]
    for table in ("position_embeddings", "token_type_embeddings"):
        weights[f"embeddings.{table}.weight"] = dequantised(f"embeddings.{table}.weight")
    matrices = [n.input[1] for n in graph.node if n.op_type == "MatMulInteger"]
    *layers, head = matrices
    for i, name in enumerate(layers):
        layer, part = divmod(i, len(LAYER_MATRICES))
        key = f"encoder.layer.{layer}.{LAYER_MATRICES[part]}.weight"
        weights[key] = dequantised(name.removesuffix("_quantized")).T.copy()
    weights["head.weight"] = dequantised(head.removesuffix("_quantized")).T.copy()
    return weights


def save_shipped(base: Path) -> None:
    import numpy as np

    np.savez(base / "shipped.npz", **shipped_weights(base))
    print(f"{base / 'shipped.npz'}")


# ---------------------------------------------------------------- tune (training venv)


def tune(args: argparse.Namespace) -> None:
    import numpy as np
    import torch
    from judge_model import export_int8
    from tokenizers import Tokenizer

    torch.manual_seed(args.seed)
    log = open_log(args.out / f"{args.name}.log")
    model = build_model(json.loads((args.base / "config.json").read_text()))
    load_weights(model, dict(np.load(args.base / "shipped.npz")))
    model.embeddings.word_embeddings.weight.requires_grad_(False)
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    tokenizer.no_padding()
    tokenizer.enable_truncation(MAX_TOKENS, strategy="longest_first")
    rng = random.Random(args.seed)
    trials = read_set(args.pairs / "evinf_balanced.jsonl.gz")
    domain = read_set(args.pairs / "domain_balanced.jsonl.gz")
    flips = read_set(args.pairs / "flipped.jsonl.gz")
    rows = trials * args.repeat + rng.sample(domain, min(args.replay, len(domain))) + flips
    examples = _tokenize(tokenizer, rows)
    labels = torch.tensor([LABELS.index(r["label"]) for r in rows])
    log(f"{args.name}: {len(rows)} pairs ({len(trials)} x {args.repeat} trial), {vars(args)}")
    if args.epochs:  # 0: the shipped weights exported as a fine-tuned one is
        _train(model, examples, labels, args, rng, log)
    # per channel: the shipped file's one scale per matrix rounds a fine-tune's small
    # changes back onto the grid the weights were read from (BENCHMARKS.md)
    float_path = args.out / f"{args.name}.float.onnx"
    export_int8(model, float_path, args.out / f"{args.name}-int8.onnx", per_channel=True)
    float_path.unlink()


def _train(model, examples, labels, args, rng, log) -> None:
    import torch

    batches = [b for _ in range(args.epochs) for b in _batches(examples, args.batch, rng)]
    counts = torch.bincount(labels, minlength=len(LABELS)).clamp(min=1).float()
    loss_fn = torch.nn.CrossEntropyLoss(weight=len(labels) / (len(LABELS) * counts))
    trained = [p for n, p in model.named_parameters() if p.requires_grad and n[:4] != "head"]
    optimiser = torch.optim.AdamW(
        [{"params": trained}, {"params": model.head.parameters(), "lr": args.lr * 5}],
        lr=args.lr,
        weight_decay=0.01,
    )
    warm = max(1, len(batches) // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / warm) * max(0.0, 1 - s / len(batches))
    )
    model.train()
    started = time.time()
    for step, rows in enumerate(batches, 1):
        logits = model(*_tensors(examples, rows, torch.device("cpu")))
        loss = loss_fn(logits, labels[rows])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        schedule.step()
        optimiser.zero_grad(set_to_none=True)
        if step % 50 == 0:
            log(f"  step {step}/{len(batches)} loss {float(loss):.3f} {time.time() - started:.0f}s")
    model.eval()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["pairs", "shipped", "tune"])
    parser.add_argument("--annotations", type=Path)
    parser.add_argument("--pairs", type=Path, default=Path(".gpu/pairs"))
    parser.add_argument("--base", type=Path, default=Path(".gpu"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/reader-tune"))
    parser.add_argument("--name", default="tuned")
    parser.add_argument("--repeat", type=int, default=3, help="times the trial pairs are seen")
    parser.add_argument("--replay", type=int, default=4000, help="domain pairs replayed")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.action == "pairs":
        build_pairs(args.annotations, args.pairs)
    elif args.action == "shipped":
        save_shipped(args.base)
    else:
        args.out.mkdir(parents=True, exist_ok=True)
        tune(args)


if __name__ == "__main__":
    main()
