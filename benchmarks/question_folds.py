"""Search measured on the typical questions themselves: each fold of them is asked of an index built without it.

The typical questions written as on forums and at the table (``rules_it/domande/forum*.yaml``) are split at
random (fixed seed) into folds; for each fold the search index is built from every rule and every other typical
question, and the fold's questions are asked of it. A question is answered when the entry it is attached to
comes first (recall@1) or in the first five (recall@5). It is a larger tuning set than the development half of
``real_quality.py``, and it never looks at the test half; it is generous in one way (questions from one writer
resemble each other) and strict in another (only the one entry the question is attached to counts).

Usage: python benchmarks/question_folds.py [--folds 4] [--per-fold 250]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def held_out(pattern: str = "forum*.yaml") -> list[tuple[str, str]]:
    """(ref, question) of every typical question of the files matching ``pattern``."""
    import yaml

    out: list[tuple[str, str]] = []
    for path in sorted((ROOT / "rules_it" / "domande").glob(pattern)):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8"))["entries"]:
            out += [(entry["ref"], " ".join(q.split())) for q in entry["questions"]]
    return out


def index_without(parts: dict[str, Any], cards: list[dict[str, Any]], fold: list[tuple[str, str]]) -> dict[str, Any]:
    from judgekit.search.index import build_index, entries_from_parts

    dropped: dict[str, set[str]] = {}
    for ref, question in fold:
        dropped.setdefault(ref, set()).add(question)
    trimmed = dict(parts)
    trimmed["questions"] = {ref: [q for q in questions if q not in dropped.get(ref, set())]
                            for ref, questions in parts["questions"].items()}
    return build_index(entries_from_parts(trimmed), cards, trimmed.get("glossary") or [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--per-fold", type=int, default=250, help="questions asked per fold (0: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from judgekit import cache, paths
    from judgekit.search.cards import read_cards
    from judgekit.search.rank import search

    corpus = cache.corpus()
    parts = {name: corpus[name] for name in ("rules", "glossary", "manual", "policy", "questions")}
    cards = read_cards([paths.cards_dir(), paths.user_cards_dir()])
    questions = held_out()
    random.Random(11).shuffle(questions)
    folds = [questions[i::args.folds] for i in range(args.folds)]
    start = time.perf_counter()
    asked = first = five = 0
    for fold in folds:
        index = index_without(parts, cards, fold)
        for ref, question in fold[:args.per_fold or None]:
            _query, hits, _total = search(index, question, limit=5)
            found = [f"{h.doc}:{h.id}" for h in hits]
            asked += 1
            first += found[:1] == [ref]
            five += ref in found
    print(f"domande tipiche da forum: {len(questions)}, {args.folds} gruppi, chieste {asked}")
    print(f"recall@1 {first / max(1, asked):.3f}  recall@5 {five / max(1, asked):.3f}  "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
