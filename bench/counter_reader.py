"""Which sentences should the counterevidence search call `contradicts`? Measured offline,
without retrieval: each labelled claim against every sentence of its labelled abstract (as
bench/judge_model.py eval), the contradiction called
- as the shipped judge calls it (essaylint/audit/counterevidence/judge.py): the contradiction
  reader's P(contradicts) from READER_THRESHOLD on any related sentence, or the cues on the
  abstract's finding sentence for the claim (the quote picker's first choice);
- by the cues alone, as before the reader (counterevidence-15);
- with the reader from other thresholds (the choice of READER_THRESHOLD).

    python bench/counter_reader.py --set scifact_deveval            # held out
    python bench/counter_reader.py --set checkcovid --split dev,test  # held out
    python bench/counter_reader.py --set checkcovid --split reader-half  # unseen by the reader
    python bench/counter_reader.py --set checkcovid --split dev,test --changes  # to read
    python bench/counter_reader.py --set PAIRS/trial_choice.jsonl.gz --model TUNED-int8.onnx

``--set`` takes a set of bench/data/support/ or a file in its format; ``--model`` scores another
reader's int8 file instead of the shipped one (bench/reader_tune.py).

Per setting: the share of contradicted claims whose abstract has a sentence called
`contradicts` (caught) and the share of supported claims whose abstract has one (false
alarm), then the sentences called: annotated rationales of contradicted claims, other
sentences of contradicted claims, sentences of supported claims. ``--changes`` prints every
sentence whose verdict the reader changes, for reading: an abstract-level hit can come from a
wrong sentence.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from support_sets import read_set

from essaylint.audit.counterevidence.judge import RELATED_COSINE, finding_sentence, judge

DATA = Path(__file__).resolve().parent / "data" / "support"
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9)
MAX_SENTENCES = 60
LABELS = ("CONTRADICTED", "SUPPORTED")


@dataclass
class Pair:
    label: str
    claim: str
    sentence: str
    cosine: float
    against: float  # the contradiction reader's P(contradicts)
    rationale: bool
    shipped: bool  # the shipped judge calls it `contradicts`
    cued: bool  # the cues alone do (on the finding sentence), as before the reader


def rows_of(name: str, split: str | None) -> list[dict]:
    path = Path(name) if name.endswith(".jsonl.gz") else DATA / f"{name}.jsonl.gz"
    rows = [r for r in read_set(path) if r["label"] in LABELS]
    if split == "reader-half":  # bench/nli_judge.py trains on the other half
        from judge_model import weight_half

        return [r for r in rows if r.get("split") == "train" and weight_half(r["doc_id"])]
    if split:
        return [r for r in rows if r.get("split") in split.split(",")]
    return rows


def pairs_of(rows: list[dict], model: Path | None = None) -> list[list[Pair]]:
    """One list of pairs per labelled claim and abstract; ``model``: another int8 reader."""
    from essaylint.index.embed import get_embedder
    from essaylint.text.judge import EvidenceJudge, get_contradiction_reader

    embedder = get_embedder()
    reader = EvidenceJudge(str(model.resolve())) if model else get_contradiction_reader()
    out = []
    for row in rows:
        index = [i for i, s in enumerate(row["doc_sentences"]) if len(s.split()) >= 4]
        index = index[:MAX_SENTENCES]
        sentences = [row["doc_sentences"][i] for i in index]
        if not sentences:
            continue
        vectors = embedder.embed_queries([row["claim"], *sentences])
        against = [float(p) for p in reader.probabilities(row["claim"], sentences)[:, 2]]
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
                    a,
                    i in rationale,
                    _contradicts(claim, s, c, k == finding, a),
                    _contradicts(claim, s, c, k == finding, 0.0),
                )
                for k, (s, c, a, i) in enumerate(
                    zip(sentences, cosines, against, index, strict=True)
                )
            ]
        )
    return out


def _contradicts(claim: str, sentence: str, cosine: float, finding: bool, against: float) -> bool:
    verdict = judge(claim, sentence, cosine, finding=finding, against=against)
    return verdict is not None and verdict.relation == "contradicts"


def shipped(pair: Pair) -> bool:
    return pair.shipped


def cued(pair: Pair) -> bool:
    return pair.cued


def with_reader(pair: Pair, threshold: float) -> bool:
    """The cues, or the reader from ``threshold`` on a related sentence."""
    return pair.cued or (pair.cosine >= RELATED_COSINE and pair.against >= threshold)


def shares(claims: list[list[Pair]], call) -> tuple[str, str]:
    """Caught and false alarm, each as 'share (claims / of claims)': a threshold rule on
    shares needs the counts (8 of 176 is within 0.05, 9 is not)."""
    out = []
    for label in LABELS:
        mine = [c for c in claims if c[0].label == label]
        hits = sum(any(call(p) for p in c) for c in mine)
        out.append(f"{hits / max(len(mine), 1):.2f} ({hits}/{len(mine)})")
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
    parser.add_argument("--split", help="dev,test | train | reader-half (Check-COVID)")
    parser.add_argument("--changes", action="store_true", help="print changed verdicts")
    parser.add_argument("--model", type=Path, help="another reader's int8 ONNX file")
    args = parser.parse_args()
    claims = pairs_of(rows_of(args.set, args.split), args.model)
    counts = {label: sum(c[0].label == label for c in claims) for label in LABELS}
    print(f"{args.set} {args.split or ''}: {counts}")
    for name, call in (("shipped (reader and cues)", shipped), ("cues alone", cued)):
        caught, alarm = shares(claims, call)
        print(f"{name}: caught {caught}, false alarm {alarm}; {sentences_called(claims, call)}")
    for threshold in THRESHOLDS:
        call = lambda p, t=threshold: with_reader(p, t)  # noqa: E731
        caught, alarm = shares(claims, call)
        print(f"reader from {threshold}: {caught} / {alarm}; {sentences_called(claims, call)}")
    if args.changes:
        for pair in (p for c in claims for p in c):
            if pair.shipped != pair.cued:
                change = "gained" if pair.shipped else "lost"
                marked = ", an annotated rationale" if pair.rationale else ""
                print(
                    f"\n{change} ({pair.label}, cosine {pair.cosine:.2f}, "
                    f"P(contradicts) {pair.against:.2f}{marked})"
                )
                print(f"  claim:    {pair.claim}\n  sentence: {pair.sentence}")


if __name__ == "__main__":
    main()
