"""Benchmark of the Oracle text compiler (``judgekit/oracle``): does it make of each library card's Oracle text the
abilities written by hand in the card file?

For every card of ``scenarios/cards`` that has ``oracle``, the text is compiled and both cards are put in the same
canonical form (``judgekit.oracle.compare``: key order, defaults, equivalent spellings). A card agrees when its
rules-text fields (keywords, abilities, effect, target, modes, choose, as_enters) are the same. Lines the compiler
leaves unmodelled add nothing, so a card whose hand-written file also leaves that text out still agrees.

The library is split in two halves fixed before any template was written: a card is in the development half when
the last hex digit of sha256 of its English name is even, in the test half otherwise. Templates were tuned looking
only at development failures; both halves are printed. The target of issue 14 is 80% of the library.

Run: ``python benchmarks/oracle_compiler.py`` from the repository; ``--failures`` lists the development half's
disagreements (``--split test`` or ``--split all`` for the others), ``--json`` prints one JSON document.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgekit import paths  # noqa: E402
from judgekit.oracle.compare import RULES_FIELDS, canonical, differences, validated  # noqa: E402
from judgekit.oracle.compiler import compile_card_data  # noqa: E402
from judgekit.scenario.cards import load_card  # noqa: E402

TARGET = 0.80


def half(name: str) -> str:
    """``dev`` or ``test``: the last hex digit of sha256(name), even or odd."""
    return "dev" if int(hashlib.sha256(name.encode("utf-8")).hexdigest()[-1], 16) % 2 == 0 else "test"


def kind(card: dict[str, Any]) -> str:
    types = set(card.get("types") or [])
    for label, wanted in (("istantaneo/stregoneria", {"Instant", "Sorcery"}), ("creatura", {"Creature"}),
                          ("terra", {"Land"}), ("planeswalker", {"Planeswalker"}), ("battaglia", {"Battle"}),
                          ("artefatto", {"Artifact"}), ("incantesimo", {"Enchantment"})):
        if types & wanted:
            return label
    return "altro"


def measure() -> list[dict[str, Any]]:
    rows = []
    for path in sorted(paths.cards_dir().glob("*.yaml")):
        card = load_card(path)
        if "oracle" not in card:
            continue
        compiled = compile_card_data(card)
        base = {k: v for k, v in card.items() if k not in RULES_FIELDS and k not in ("oracle", "text_it", "name_it")}
        made = validated({**base, **compiled.fields})
        diff = differences(card, made)
        rows.append({"name": card["name"], "half": half(card["name"]), "kind": kind(card), "agrees": not diff,
                     "differs": diff, "hand": canonical(card), "compiled": canonical(made),
                     "lines": len(compiled.lines), "modelled_lines": sum(1 for ln in compiled.lines if ln.modelled),
                     "unmodelled": [ln.as_dict() for ln in compiled.lines if not ln.modelled]})
    return rows


def _share(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "   -"
    agree = sum(1 for r in rows if r["agrees"])
    return f"{agree:3d}/{len(rows):3d} = {agree / len(rows):6.1%}"


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"target": TARGET, "cards": len(rows)}
    for name, subset in (("all", rows), ("dev", [r for r in rows if r["half"] == "dev"]),
                         ("test", [r for r in rows if r["half"] == "test"])):
        agree = sum(1 for r in subset if r["agrees"])
        out[name] = {"cards": len(subset), "agree": agree, "share": agree / len(subset) if subset else None,
                     "lines": sum(r["lines"] for r in subset),
                     "modelled_lines": sum(r["modelled_lines"] for r in subset)}
    texted = [r for r in rows if r["lines"]]
    out["with_text"] = {h: {"cards": len(s), "agree": sum(1 for r in s if r["agrees"])}
                        for h, s in (("all", texted), ("dev", [r for r in texted if r["half"] == "dev"]),
                                     ("test", [r for r in texted if r["half"] == "test"]))}
    out["by_kind"] = {}
    for k in sorted({r["kind"] for r in rows}):
        subset = [r for r in rows if r["kind"] == k]
        out["by_kind"][k] = {h: {"cards": len(s), "agree": sum(1 for r in s if r["agrees"])}
                             for h, s in (("all", subset), ("dev", [r for r in subset if r["half"] == "dev"]),
                                          ("test", [r for r in subset if r["half"] == "test"]))}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--failures", action="store_true", help="list the disagreements of one half")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev", help="which half --failures lists")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()
    rows = measure()
    summary = report(rows)
    if args.json:
        doc = {**summary, "failures": [r for r in rows if not r["agrees"] and args.split in ("all", r["half"])]
               if args.failures else []}
        print(json.dumps(doc, ensure_ascii=False, indent=1))
        return 0
    print(f"Compilatore del testo Oracle: {len(rows)} carte della libreria con «oracle»")
    print(f"  stesse abilità, tutte    {_share(rows)}   (obiettivo {TARGET:.0%})")
    for name in ("dev", "test"):
        subset = [r for r in rows if r["half"] == name]
        print(f"  stesse abilità, {name:<9}{_share(subset)}")
    texted = [r for r in rows if r["lines"]]
    print(f"  solo carte con testo     {_share(texted)}   (dev {_share([r for r in texted if r['half'] == 'dev'])}"
          f", test {_share([r for r in texted if r['half'] == 'test'])})")
    lines = summary["all"]["lines"]
    print(f"  righe modellate          {summary['all']['modelled_lines']:3d}/{lines:3d}")
    print("\nPer tipo (tutte · dev · test):")
    for k in summary["by_kind"]:
        subset = [r for r in rows if r["kind"] == k]
        print(f"  {k:<24}{_share(subset)} · {_share([r for r in subset if r['half'] == 'dev'])}"
              f" · {_share([r for r in subset if r['half'] == 'test'])}")
    if args.failures:
        chosen = [r for r in rows if not r["agrees"] and args.split in ("all", r["half"])]
        print(f"\nDisaccordi ({args.split}): {len(chosen)}")
        for r in chosen:
            print(f"\n== {r['name']} ({r['half']}, {r['kind']}): differiscono {', '.join(r['differs'])}")
            for key in r["differs"]:
                print(f"   a mano:     {key}: {json.dumps(r['hand'].get(key), ensure_ascii=False)}")
                print(f"   compilato:  {key}: {json.dumps(r['compiled'].get(key), ensure_ascii=False)}")
            for line in r["unmodelled"]:
                print(f"   non modellata: {line['oracle']!r} ({line['reason']})")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the output piped into a command that stopped reading (| head)
        sys.exit(0)
