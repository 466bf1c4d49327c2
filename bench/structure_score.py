"""Score document structures (DocStructure.to_dict()) against the hand-checked key
(bench/data/structure/structure_key.json): precision / recall per element type per document.
Used by bench/structure_key.py; `python bench/structure_score.py --pred FILE` scores a JSON
object {key document name: DocStructure.to_dict()}.

Element types
- footnote_links: edges of kind "footnote" (a marker in the body → a footnote element).
  TP = edge on a key marker's page whose label (edge text without punctuation) is that
  marker's label AND whose target element is the note with that label on the key's note_page.
  Edges at a table/author note marker (scope != page) are ignored.
- footnotes: elements of kind "footnote" (the notes): (page, label), text start reported.
- captions: elements of kind figure/table: (kind, label, page).
- sections: elements of kind section/appendix: same page and (same number, or same title when
  the key heading is unnumbered or the number differs only by form); optional key headings
  are ignored both ways. Level agreement and ids that dropped letters are reported.
- xrefs: recall only over the key's sample (edges on that page whose target element has the
  key's kind and label); references to another document (target_page null) are counted as
  "wrongly resolved" when an edge on that page resolves to an element with that kind+number
  and the key has no in-document reference of that kind+number on the page.
Precision is computed over predictions on the key's checked pages only.
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent / "data" / "structure"
PUNCT = re.compile(r"[\s,.;:()\[\]]+")


def norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text or "").casefold()
    return "".join(ch for ch in text if ch.isalnum())


def text_match(a: str, b: str, n: int = 12) -> bool:
    a, b = norm(a)[:n], norm(b)[:n]
    if not a or not b:
        return False
    return a == b or a.startswith(b) or b.startswith(a)


def printed(element: dict) -> str:
    """The label as printed (a repeated footnote label keeps its page in the id and label)."""
    return (element.get("data") or {}).get("printed") or element.get("label", "")


def marker_label(text: str) -> str:
    """'∗' (U+2217) and '*' are one marker; punctuation printed with the marker is dropped."""
    return PUNCT.sub("", (text or "").replace("\u2217", "*"))


def checked(doc: dict, kind: str) -> set[int] | None:
    pages = doc.get("checked_pages", {}).get(kind, "all")
    return None if pages == "all" else set(pages)


def on_checked(page: int | None, pages: set[int] | None) -> bool:
    return page is not None and (pages is None or page in pages)


def prf(tp: int, n_pred: int, n_key: int) -> dict:
    p = tp / n_pred if n_pred else None
    r = tp / n_key if n_key else None
    f = 2 * p * r / (p + r) if p and r else (0.0 if n_pred and n_key else None)
    return {"tp": tp, "pred": n_pred, "key": n_key, "precision": p, "recall": r, "f1": f}


# ---------------------------------------------------------------------------------------------
def score_footnote_links(doc: dict, struct: dict) -> dict:
    pages = checked(doc, "footnotes")
    by_id = {e["elem_id"]: e for e in struct.get("elements", [])}
    markers = []  # (page, label, note_page, scope)
    for note in doc["footnotes"]:
        for m in note["markers"]:
            markers.append(
                {
                    "page": m["page"],
                    "label": marker_label(note["label"]),
                    "note_page": note["note_page"],
                    "scope": note["scope"],
                    "used": False,
                }
            )
    key_n = sum(1 for m in markers if m["scope"] == "page" and on_checked(m["page"], pages))
    tp = n_pred = 0
    wrong: list[dict] = []
    for edge in struct.get("edges", []):
        if edge.get("kind") != "footnote" or not on_checked(edge.get("page"), pages):
            continue
        label = marker_label(edge.get("text", ""))
        target = by_id.get(edge.get("target") or "")
        same = [m for m in markers if m["page"] == edge["page"] and m["label"] == label]
        if same and all(m["scope"] != "page" for m in same):
            continue  # a table / author note marker: not scored
        n_pred += 1
        hit = None
        for m in same:
            if m["used"] or m["scope"] != "page":
                continue
            if (
                target
                and target.get("page") == m["note_page"]
                and marker_label(printed(target)) == label
            ):
                hit = m
                break
        if hit:
            hit["used"] = True
            tp += 1
        elif len(wrong) < 8:
            wrong.append(
                {
                    "page": edge["page"],
                    "text": edge.get("text"),
                    "target": edge.get("target"),
                    "target_page": target.get("page") if target else None,
                }
            )
    out = prf(tp, n_pred, key_n)
    out["missed"] = [
        f"p{m['page']}:{m['label']}→p{m['note_page']}"
        for m in markers
        if m["scope"] == "page" and not m["used"] and on_checked(m["page"], pages)
    ][:12]
    out["false_examples"] = wrong
    return out


def score_footnotes(doc: dict, struct: dict) -> dict:
    pages = checked(doc, "footnotes")
    notes = [dict(n, used=False) for n in doc["footnotes"]]
    key_n = sum(1 for n in notes if n["scope"] == "page" and on_checked(n["note_page"], pages))
    tp = tp_text = n_pred = 0
    wrong = []
    for e in struct.get("elements", []):
        if e["kind"] != "footnote" or not on_checked(e.get("page"), pages):
            continue
        label = marker_label(printed(e))
        cands = [
            n for n in notes if n["note_page"] == e["page"] and marker_label(n["label"]) == label
        ]
        if cands and all(n["scope"] != "page" for n in cands):
            continue
        n_pred += 1
        hit = next((n for n in cands if not n["used"] and n["scope"] == "page"), None)
        if hit:
            hit["used"] = True
            tp += 1
            tp_text += text_match(e.get("text", ""), hit["note_start"])
        elif len(wrong) < 8:
            wrong.append(
                {"page": e["page"], "label": e.get("label"), "text": (e.get("text") or "")[:60]}
            )
    out = prf(tp, n_pred, key_n)
    out["text_start_agrees"] = tp_text
    out["false_examples"] = wrong
    return out


def score_captions(doc: dict, struct: dict) -> dict:
    pages = checked(doc, "captions")
    caps = [dict(c, used=False) for c in doc["captions"]]
    key_n = sum(1 for c in caps if on_checked(c["page"], pages))
    tp = tp_text = n_pred = 0
    wrong = []
    for e in struct.get("elements", []):
        if e["kind"] not in ("figure", "table") or not on_checked(e.get("page"), pages):
            continue
        n_pred += 1
        hit = next(
            (
                c
                for c in caps
                if not c["used"]
                and c["kind"] == e["kind"]
                and c["label"] == e.get("label")
                and c["page"] == e["page"]
            ),
            None,
        )
        if hit:
            hit["used"] = True
            tp += 1
            body = re.sub(r"^\W*\S+\s*[\d.]+[a-z]?\s*[:.|]?\s*", "", e.get("text", ""))
            tp_text += text_match(body, hit["start"]) or text_match(e.get("text", ""), hit["start"])
        elif len(wrong) < 8:
            wrong.append(
                {
                    "page": e["page"],
                    "kind": e["kind"],
                    "label": e.get("label"),
                    "text": (e.get("text") or "")[:60],
                }
            )
    out = prf(tp, n_pred, key_n)
    out["text_start_agrees"] = tp_text
    out["missed"] = [
        c["printed"] + f" p{c['page']}"
        for c in caps
        if not c["used"] and on_checked(c["page"], pages)
    ][:12]
    out["false_examples"] = wrong
    return out


def _section_hit(e: dict, s: dict) -> bool:
    if e.get("page") != s["page"]:
        return False
    label = e.get("label") or ""
    number = "" if label.startswith(":") else label
    if s["number"] and number and number == s["number"]:
        return True
    return text_match(e.get("text", ""), s["title"], 16)


def score_sections(doc: dict, struct: dict) -> dict:
    pages = checked(doc, "sections")
    secs = [dict(s, used=False) for s in doc["sections"]]
    key_n = sum(1 for s in secs if not s["optional"] and on_checked(s["page"], pages))
    tp = n_pred = level_ok = 0
    lost = []
    wrong = []
    for e in struct.get("elements", []):
        if e["kind"] not in ("section", "appendix") or not on_checked(e.get("page"), pages):
            continue
        label = e.get("label") or ""
        if label.startswith(":"):
            letters = sum(ch.isalpha() for ch in e.get("text", ""))
            kept = sum(ch.isalpha() for ch in label)
            if kept < letters:
                lost.append(f"{label} ← {e.get('text')}")
        hit = next(
            (s for s in secs if not s["used"] and not s["optional"] and _section_hit(e, s)), None
        )
        if hit is None and any(s["optional"] and _section_hit(e, s) for s in secs):
            continue
        n_pred += 1
        if hit:
            hit["used"] = True
            tp += 1
            level_ok += e.get("level") == hit["level"]
        elif len(wrong) < 8:
            wrong.append(
                {"page": e.get("page"), "label": label, "text": (e.get("text") or "")[:60]}
            )
    out = prf(tp, n_pred, key_n)
    numbered = [
        s for s in secs if s["number"] and not s["optional"] and on_checked(s["page"], pages)
    ]
    out["recall_numbered"] = (
        (sum(s["used"] for s in numbered) / len(numbered)) if numbered else None
    )
    out["level_agrees"] = level_ok
    out["ids_losing_letters"] = lost[:10]
    out["n_ids_losing_letters"] = len(lost)
    out["missed"] = [
        f"{s['number']} {s['title'][:30]} p{s['page']}".strip()
        for s in secs
        if not s["used"] and not s["optional"] and on_checked(s["page"], pages)
    ][:12]
    out["false_examples"] = wrong
    return out


def score_xrefs(doc: dict, struct: dict) -> dict:
    by_id = {e["elem_id"]: e for e in struct.get("elements", [])}
    resolved = []
    for edge in struct.get("edges", []):
        t = by_id.get(edge.get("target") or "")
        if t:
            resolved.append((edge.get("page"), t["kind"], t.get("label"), t.get("page")))
    kinds = {"section": {"section", "appendix"}, "appendix": {"section", "appendix"}}
    internal = [x for x in doc["xrefs"] if x["target_page"] is not None]
    external = [x for x in doc["xrefs"] if x["target_page"] is None]
    hits = 0
    missed = []
    for x in internal:
        ok = any(
            p == x["page"]
            and k in kinds.get(x["kind"], {x["kind"]})
            and lab == x["label"]
            and tp == x["target_page"]
            for p, k, lab, tp in resolved
        )
        hits += ok
        if not ok:
            missed.append(f"p{x['page']} {x['text'][:40]}")
    wrong_ext = 0
    for x in external:
        number = x["label"].split("-")[0]
        legit = any(
            y["page"] == x["page"] and y["kind"] == x["kind"] and y["label"] == number
            for y in internal
        )
        if not legit and any(
            p == x["page"] and k == x["kind"] and lab == number for p, k, lab, _ in resolved
        ):
            wrong_ext += 1
    return {
        "recall": hits / len(internal) if internal else None,
        "hits": hits,
        "key": len(internal),
        "external_wrongly_resolved": wrong_ext,
        "external": len(external),
        "missed": missed[:10],
    }


TYPES = {
    "footnote_links": score_footnote_links,
    "footnotes": score_footnotes,
    "captions": score_captions,
    "sections": score_sections,
}


def score_all(key: dict, preds: dict[str, dict]) -> dict:
    result: dict = {"documents": {}, "total": {}}
    totals = {t: Counter() for t in TYPES}
    for doc in key["documents"]:
        struct = preds.get(doc["name"])
        if struct is None:
            continue
        row = {t: fn(doc, struct) for t, fn in TYPES.items()}
        row["xrefs"] = score_xrefs(doc, struct)
        result["documents"][doc["name"]] = row
        for t in TYPES:
            for k in ("tp", "pred", "key"):
                totals[t][k] += row[t][k]
    result["total"] = {t: prf(c["tp"], c["pred"], c["key"]) for t, c in totals.items()}
    return result


def fmt(x) -> str:
    return "  –  " if x is None else f"{x:.3f}"


def _row(name: str, kind: str, r: dict) -> str:
    counts = f"{r['tp']}/{r['pred']}/{r['key']}"
    return f"| {name} | {kind} | {fmt(r['precision'])} | {fmt(r['recall'])} | {counts} |"


def table(result: dict) -> str:
    lines = ["| document | type | P | R | tp/pred/key |", "|---|---|---:|---:|---|"]
    for name, row in result["documents"].items():
        lines += [_row(name, t, row[t]) for t in TYPES]
        x = row["xrefs"]
        external = f"{x['external_wrongly_resolved']}/{x['external']}"
        lines.append(
            f"| {name} | xrefs (sample, recall) | | {fmt(x['recall'])} | "
            f"{x['hits']}/{x['key']}; external wrongly resolved {external} |"
        )
    lines += [_row("**all**", t, r) for t, r in result["total"].items()]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--key", type=Path, default=HERE / "structure_key.json")
    parser.add_argument("--pred", type=Path, required=True)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args()
    key = json.loads(args.key.read_text(encoding="utf-8"))
    preds = json.loads(args.pred.read_text(encoding="utf-8"))
    result = score_all(key, preds)
    print(table(result))
    if args.details:
        for name, row in result["documents"].items():
            print(f"\n## {name}")
            for t, r in row.items():
                extra = {
                    k: v
                    for k, v in r.items()
                    if k
                    in (
                        "missed",
                        "false_examples",
                        "ids_losing_letters",
                        "level_agrees",
                        "text_start_agrees",
                        "recall_numbered",
                    )
                    and v
                }
                if extra:
                    print(f"  {t}: {json.dumps(extra, ensure_ascii=False)}")
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
