"""Which sentences should the counterevidence search's contradiction cues be read on?
Measured offline, without retrieval: each labelled claim against every sentence of its
labelled abstract (as bench/judge_model.py eval), the contradiction called
- as the shipped judge calls it (essaylint/audit/counterevidence/judge.py): cues only on the
  abstract's finding sentence for the claim, the quote picker's first choice;
- as the previous judge did: cues on any sentence from cosine 0.7 (counterevidence-14);
- with the evidence judge as a second reader (measured, not shipped): cues from a lower
  cosine, kept where log P(contradicts) - log P(supports) exceeds a margin.

    python bench/counter_reader.py --set scifact_deveval            # held out
    python bench/counter_reader.py --set checkcovid --split dev,test  # held out
    python bench/counter_reader.py --set checkcovid --split weight-half  # unseen by the judge
    python bench/counter_reader.py --set checkcovid --split dev,test --changes  # to read

Per setting: the share of contradicted claims whose abstract has a sentence called
`contradicts` (caught) and the share of supported claims whose abstract has one (false
alarm), then the sentences called: annotated rationales of contradicted claims, other
sentences of contradicted claims, sentences of supported claims. ``--changes`` prints every
sentence whose verdict the shipped judge changes against the previous one, for reading: an
abstract-level hit can come from a wrong sentence.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from support_sets import read_set

from essaylint.audit.counterevidence.judge import finding_sentence, judge

PREVIOUS_CONTRADICT_COSINE = 0.7  # counterevidence-14: cues on any sentence this close
DATA = Path(__file__).resolve().parent / "data" / "support"
FLOORS = (0.7, 0.6, 0.55)
MARGINS = (-1.0, -0.5, 0.0)
MAX_SENTENCES = 60
LABELS = ("CONTRADICTED", "SUPPORTED")


@dataclass
class Pair:
    label: str
    claim: str
    sentence: str
    cosine: float
    odds: float  # log P(contradicts) - log P(supports), the evidence judge's
    rationale: bool
    shipped: bool  # the shipped judge calls it `contradicts` (on the finding sentence)
    previous: bool  # the previous judge did (cues on any sentence from cosine 0.7)
    cued: bool  # the cues fire (the shipped judge's verdict were it the finding sentence)


def rows_of(name: str, split: str | None) -> list[dict]:
    rows = [r for r in read_set(DATA / f"{name}.jsonl.gz") if r["label"] in LABELS]
    if split == "weight-half":
        from judge_model import weight_half

        return [
            r
            for r in rows
            if r.get("split") == "train" and weight_half(f"checkcovid:{r['doc_id']}")
        ]
    if split:
        return [r for r in rows if r.get("split") in split.split(",")]
    return rows


def pairs_of(rows: list[dict]) -> list[list[Pair]]:
    """One list of pairs per labelled claim and abstract."""
    import numpy as np

    from essaylint.index.embed import get_embedder
    from essaylint.text.judge import get_judge

    embedder, judge = get_embedder(), get_judge()
    out = []
    for row in rows:
        index = [i for i, s in enumerate(row["doc_sentences"]) if len(s.split()) >= 4]
        index = index[:MAX_SENTENCES]
        sentences = [row["doc_sentences"][i] for i in index]
        if not sentences:
            continue
        vectors = embedder.embed_queries([row["claim"], *sentences])
        p = judge.probabilities(row["claim"], sentences).astype(np.float64)
        odds = np.log(p[:, 2] + 1e-9) - np.log(p[:, 1] + 1e-9)
        rationale = set(row.get("rationale_idx") or ())
        cosines = [float(c) for c in vectors[1:] @ vectors[0]]
        finding = finding_sentence(row["claim"], sentences, row.get("title") or "")
        claim = row["claim"]
        out.append(
            [
                Pair(
                    row["label"],
                    claim,
                    s,
                    c,
                    float(o),
                    i in rationale,
                    _contradicts(claim, s, c, k == finding),
                    _contradicts(claim, s, c, c >= PREVIOUS_CONTRADICT_COSINE),
                    _contradicts(claim, s, c, True),
                )
                for k, (s, c, o, i) in enumerate(zip(sentences, cosines, odds, index, strict=True))
            ]
        )
    return out


def _contradicts(claim: str, sentence: str, cosine: float, finding: bool) -> bool:
    verdict = judge(claim, sentence, cosine, finding=finding)
    return verdict is not None and verdict.relation == "contradicts"


def shipped(pair: Pair) -> bool:
    return pair.shipped


def previous(pair: Pair) -> bool:
    return pair.previous


def with_reader(pair: Pair, floor: float, margin: float) -> bool:
    """The judge's gates and cues on any sentence from ``floor`` (every floor is at least
    its RELATED_COSINE), the reader's log-odds above ``margin``."""
    return pair.cued and pair.cosine >= floor and pair.odds > margin


def shares(claims: list[list[Pair]], call) -> tuple[float, float]:
    out = []
    for label in LABELS:
        mine = [c for c in claims if c[0].label == label]
        out.append(sum(any(call(p) for p in c) for c in mine) / max(len(mine), 1))
    return out[0], out[1]


def sentences_called(claims: list[list[Pair]], call) -> str:
    called = [p for c in claims for p in c if call(p)]
    rationale = sum(p.label == "CONTRADICTED" and p.rationale for p in called)
    other = sum(p.label == "CONTRADICTED" and not p.rationale for p in called)
    supported = sum(p.label == "SUPPORTED" for p in called)
    return (
        f"sentences: {rationale} rationales, {other} other (contradicted), {supported} (supported)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="scifact_deveval")
    parser.add_argument("--split", help="dev,test | train | weight-half (Check-COVID)")
    parser.add_argument("--changes", action="store_true", help="print changed verdicts")
    args = parser.parse_args()
    claims = pairs_of(rows_of(args.set, args.split))
    counts = {label: sum(c[0].label == label for c in claims) for label in LABELS}
    print(f"{args.set} {args.split or ''}: {counts}")
    for name, call in (
        ("shipped (finding sentence)", shipped),
        ("previous (cosine 0.7)", previous),
    ):
        caught, alarm = shares(claims, call)
        called = sentences_called(claims, call)
        print(f"{name}: caught {caught:.2f}, false alarm {alarm:.2f}; {called}")
    for floor in FLOORS:
        for margin in MARGINS:
            caught, alarm = shares(claims, lambda p, f=floor, m=margin: with_reader(p, f, m))
            print(f"reader, cues from {floor}, margin {margin:+.1f}: {caught:.2f} / {alarm:.2f}")
    if args.changes:
        for pair in (p for c in claims for p in c):
            before, after = previous(pair), shipped(pair)
            if before != after:
                change = "gained" if after else "lost"
                marked = ", an annotated rationale" if pair.rationale else ""
                print(
                    f"\n{change} ({pair.label}, cosine {pair.cosine:.2f}, "
                    f"odds {pair.odds:+.2f}{marked})"
                )
                print(f"  claim:    {pair.claim}\n  sentence: {pair.sentence}")


if __name__ == "__main__":
    main()
