"""Search measured one family of typical-question files at a time: a family is asked of an index built without it.

The typical questions (``rules_it/domande``) come in families of files written together, each telling its
questions its own way: ``cr-*`` (the first questions of each rule), ``forum-cr-*``, ``forum2-*``, ``forum3-*``
(questions as on forums and at the table), ``forum-torneo.yaml`` and the policy files (``ipg``, ``jar``,
``mtr``). For each family the search index is built from every rule and the other families' questions, and
every ``--step``-th question of the family is asked of it. A question is answered when the entry it is
attached to comes first (recall@1) or in the first five (recall@5).

Unlike ``question_folds.py``, no question of the same batch stays in the index to resemble the one asked: a
rule keeps only the questions written another way, as happens with a real question. It is the search
counterpart of ``policy_families.py``; it never looks at either half of ``real_quality.py``.

Usage: python benchmarks/question_families.py [--step 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FAMILIES = {
    "cr": "cr-*.yaml",
    "forum": "forum-cr-*.yaml",
    "forum2": "forum2-*.yaml",
    "forum3": "forum3-*.yaml",
    "torneo": "forum-torneo.yaml",
    "policy": "[ijm]*.yaml",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=4, help="ask every STEP-th question of a family (1: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from question_folds import held_out, index_without

    from judgekit import cache, paths
    from judgekit.search.cards import read_cards
    from judgekit.search.rank import search

    corpus = cache.corpus()
    parts = {name: corpus[name] for name in ("rules", "glossary", "manual", "policy", "questions")}
    cards = read_cards([paths.cards_dir(), paths.user_cards_dir()])
    start = time.perf_counter()
    asked = first = five = 0
    for family, pattern in FAMILIES.items():
        questions = held_out(pattern)
        index = index_without(parts, cards, questions)
        n = one = top5 = 0
        for ref, question in questions[::max(1, args.step)]:
            _query, hits, _total = search(index, question, limit=5)
            found = [f"{h.doc}:{h.id}" for h in hits]
            n += 1
            one += found[:1] == [ref]
            top5 += ref in found
        print(f"  {family:8} {len(questions):5} domande, chieste {n:4}  recall@1 {one / max(1, n):.3f}  "
              f"recall@5 {top5 / max(1, n):.3f}")
        asked, first, five = asked + n, first + one, five + top5
    print(f"tutte le famiglie: chieste {asked}  recall@1 {first / max(1, asked):.3f}  "
          f"recall@5 {five / max(1, asked):.3f}  ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
