"""Retrain the evidence judge (the quote picker's reader, essaylint/text/judge.py) on a GPU:
the recipe of bench/judge_model.py (3-way pairs, then a listwise ranking stage over whole
passages) with the plain BERT module and int8 transport of bench/nli_judge.py, several
settings in one run, each scored on the quote picker's choice half.

    python bench/evidence_judge.py data --out .gpu/evidence --local CORD19.jsonl.gz  # venv
    python3 bench/evidence_judge.py train --base .gpu --data .gpu/evidence --out $OUT  # GPU
    $TRAIN/bin/python bench/nli_judge.py export --base .gpu --weights $OUT/NAME.npz \
        --out essaylint/assets/judge/judge-int8.onnx
    (cd bench && python quote_model.py eval --judge --local CORD19.jsonl.gz)

``data`` writes three files, none from a held-out split:
- pairs.jsonl.gz: bench/judge_model.py's stage-1 pairs (SciFact train and dev claims whose
  abstract no held-out set reads, Evidence Inference tune articles, FEVER-Symmetric, SNLI);
- cases.jsonl.gz: its ranking passages (the same SciFact claims, Evidence Inference tune,
  and the Check-COVID tune abstracts outside ``weight_half``);
- choice.jsonl.gz: the Check-COVID tune passages inside ``weight_half``, each with the
  finding model's sentence scores, on which a setting and the judge's weight are chosen
  exactly as the shipped picker combines them (its JUDGED best sentences read, the rest
  given the lowest reading).
CORD-19 abstracts are not redistributed: cases and choice hold Check-COVID passages only
with ``--local``; .gpu/ is ignored by git.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import math
import os
import random
import time
from pathlib import Path

from judge_model import (
    evidence_logit,
    evinf_pairs,
    general_pairs,
    ranking_cases,
    ranking_loss,
    scifact_pairs,
    weight_half,
)
from nli_judge import (
    LABELS,
    _tensors,
    _tokenize,
    fresh_model,
    open_log,
    run_epochs,
    save_weights,
    training_setup,
    write_jsonl,
)
from support_sets import read_set

WEIGHTS = (0.25, 0.5, 1.0, 2.0)  # the judge's weight beside the finding score, as swept


# ---------------------------------------------------------------- data (project venv)


def build_data(out: Path, local: Path | None) -> None:
    from quote_model import load_cases

    data = Path(__file__).resolve().parent / "data"
    rng = random.Random(20261124)  # judge_model.build_pairs's seed: the same pairs
    pairs = scifact_pairs(data, rng) + evinf_pairs(data, rng) + general_pairs(data)
    rng.shuffle(pairs)
    write_jsonl(out / "pairs.jsonl.gz", pairs)
    ranking_cases(out / "cases.jsonl.gz", local)
    choice = choice_passages(load_cases(local))
    write_jsonl(out / "choice.jsonl.gz", choice)
    print(f"pairs {len(pairs)}, choice passages {len(choice)} -> {out}")


def choice_passages(cases: list[dict]) -> list[dict]:
    """Check-COVID tune passages inside ``weight_half`` (ranking_cases trains on the rest),
    with the finding model's score of each sentence."""
    from quote_model import passage

    from essaylint.retrieve.finding import scores

    out = []
    for case in cases:
        if case["set"] != "checkcovid" or case["split"] != "tune":
            continue
        if not weight_half(case["doc_id"]):
            continue
        got = passage(case, training=False)
        if got is None:
            continue
        sentences, evidence = got
        z = scores(sentences, case["query"], case["title"])
        out.append(
            {
                "claim": case["query"],
                "sentences": sentences,
                "evidence": sorted(evidence),
                "z": [round(float(v), 5) for v in z],
            }
        )
    return out


# ---------------------------------------------------------------- train (GPU machine)


def rank_epochs(model, cases, tokenizer, epochs, lr, device, log, seed, group=8) -> None:
    """Listwise stage (bench/judge_model.py ``rank``): within a passage the evidence logit
    puts its mass on the evidence sentences, while each sentence keeps its 3-way label."""
    import torch

    optimiser = torch.optim.AdamW(
        [p for p in model.parameters() if p.requires_grad], lr=lr, weight_decay=0.01
    )
    steps = epochs * math.ceil(len(cases) / group)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / max(1, steps // 10)) * max(0.0, 1 - s / steps)
    )
    rng = random.Random(seed)
    order = list(range(len(cases)))
    model.train()
    step = 0
    for _ in range(epochs):
        rng.shuffle(order)
        for first in range(0, len(order), group):
            chunk = [cases[i] for i in order[first : first + group]]
            rows = [{"claim": c["claim"], "sentence": s} for c in chunk for s in c["sentences"]]
            examples = _tokenize(tokenizer, rows)
            ids, mask, types = _tensors(examples, list(range(len(examples))), device)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
                logits = model(ids, mask, types)
            loss = ranking_loss(logits.float(), chunk)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            optimiser.zero_grad(set_to_none=True)
            step += 1
            if step % 100 == 0:
                log(f"  rank step {step}/{steps} loss {float(loss):.3f}")


def choice_hits(model, tokenizer, choice: list[dict], device) -> tuple[list[float], float]:
    """Quote hit rates on the choice half: finding score + weight × evidence logit, one per
    WEIGHTS; and the judge alone (its best sentence among the JUDGED is evidence)."""
    import numpy as np
    import torch
    from quote_model import quote_hit

    from essaylint.retrieve.finding import JUDGED  # as many as the shipped picker reads

    hits = [0] * len(WEIGHTS)
    alone = 0
    model.eval()
    with torch.no_grad():
        for case in choice:
            z = np.array(case["z"])
            top = [int(i) for i in np.argsort(-z, kind="stable")[:JUDGED]]
            rows = [{"claim": case["claim"], "sentence": case["sentences"][i]} for i in top]
            examples = _tokenize(tokenizer, rows)
            ids, mask, types = _tensors(examples, list(range(len(examples))), device)
            read = evidence_logit(model(ids, mask, types).float()).cpu().numpy()
            r = np.full(len(z), float(read.min()))
            r[top] = read
            evidence = set(case["evidence"])
            alone += top[int(read.argmax())] in evidence
            for k, weight in enumerate(WEIGHTS):
                hits[k] += quote_hit(case["sentences"], z + weight * r, evidence)
    model.train()
    n = max(len(choice), 1)
    return [h / n for h in hits], alone / n


def describe(rates: list[float], alone: float, passages: int) -> str:
    cells = " ".join(f"w{w:g}:{rate:.3f}" for w, rate in zip(WEIGHTS, rates, strict=True))
    return f"choice {passages}: {cells}; judge alone {alone:.3f}"


VARIANTS = {
    # name: (stage-1 epochs, stage-1 lr, ranking epochs, ranking lr, seed)
    "p2r1": (2, 5e-5, 1, 3e-5, 1),  # the CPU judge's recipe
    "p2r3": (2, 5e-5, 3, 3e-5, 1),
    "r4": (0, 5e-5, 4, 5e-5, 1),
    "p4r3": (4, 5e-5, 3, 3e-5, 1),
    "p2r6": (2, 5e-5, 6, 3e-5, 1),
    "p2r3f": (2, 5e-5, 3, 6e-5, 1),
    "r8": (0, 5e-5, 8, 5e-5, 1),
    "p2r3s2": (2, 5e-5, 3, 3e-5, 2),
    "p2r3s3": (2, 5e-5, 3, 3e-5, 3),
    "p2r6s2": (2, 5e-5, 6, 3e-5, 2),
}
KEEP = 4  # settings whose weights come back (the GPU machine returns at most 64 MiB)


def train(
    base: Path, data: Path, out: Path, variants: list[str], limit: int | None, seconds: float
) -> None:
    log = open_log(out / "evidence.log")
    device, config, base_weights, tokenizer = training_setup(base)
    pairs = read_set(data / "pairs.jsonl.gz")[:limit]
    cases = [c for c in read_set(data / "cases.jsonl.gz") if c["evidence"]][: limit and 40]
    choice = read_set(data / "choice.jsonl.gz")[: limit and 20]
    examples = _tokenize(tokenizer, pairs)
    labels = [LABELS.index(p["label"]) for p in pairs]
    n = len(choice)
    log(f"device {device}; pairs {len(pairs)}, passages {len(cases)}, choice {n}")
    work = out / "all"
    work.mkdir(exist_ok=True)
    best: dict[str, float] = {}
    begun = time.time()
    for name in variants:
        if time.time() - begun > seconds:
            log(f"{name}: not trained, past the time limit")
            continue
        p_epochs, p_lr, r_epochs, r_lr, seed = VARIANTS[name]
        started = time.time()
        model = fresh_model(config, base_weights, seed, device)
        if p_epochs:
            run_epochs(model, examples, labels, p_epochs, p_lr, 64, 1e9, device, log, seed)
            log(f"{name} pairs: {describe(*choice_hits(model, tokenizer, choice, device), n)}")
        rank_epochs(model, cases, tokenizer, r_epochs, r_lr, device, log, seed)
        rates, alone = choice_hits(model, tokenizer, choice, device)
        log(f"{name}: {time.time() - started:.0f}s; {describe(rates, alone, n)}")
        best[name] = max(rates)
        save_weights(model, work / f"{name}.npz")
    for name in sorted(best, key=lambda k: -best[k])[:KEEP]:
        (work / f"{name}.npz").rename(out / f"{name}.npz")
        log(f"returned {name} (best choice hit rate {best[name]:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["data", "train"])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--local", type=Path, help="Check-COVID abstracts (not redistributed)")
    parser.add_argument("--base", type=Path, default=Path(".gpu"))
    parser.add_argument("--data", type=Path, default=Path(".gpu/evidence"))
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--limit", type=int, help="first N pairs only (a smoke test)")
    parser.add_argument("--seconds", type=float, default=360.0, help="no new setting after")
    args = parser.parse_args()
    if args.action == "data":
        build_data(args.out, args.local)
        for name in ("pairs", "cases", "choice"):
            path = args.out / f"{name}.jsonl.gz"
            with gzip.open(path, "rb") as handle:  # the content's: gzip stamps the time
                print(f"{path}: uncompressed sha1 {hashlib.sha1(handle.read()).hexdigest()}")
    else:
        out = args.out or Path(os.environ.get("OUT", "/tmp/evidence-judge"))
        train(args.base, args.data, out, args.variants.split(","), args.limit, args.seconds)


if __name__ == "__main__":
    main()
