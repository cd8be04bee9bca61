"""Search and infraction quality on questions as people really ask them (tests/data/real_queries.yaml,
tests/data/real_situations.yaml).

Both sets were collected from players' forums, judges' blogs, Q&A sites and tournament stories, told in the
Italian people type, and split once, before any tuning, into a development half (``half: dev``: look at it while
working) and a test half (``half: test``: run only to report). Each figure is given for both halves:

- search: recall@1, recall@5 and MRR of ``judgekit search`` (the first hit that is one of the expected
  citations), for all the questions and by topic (``regole``, ``torneo``) and kind;
- infraction: top-1 and top-3 of ``judgekit infraction`` at Competitive REL, and top-1 with the right penalty
  (the penalty the answer shows for the first infraction at Competitive is the expected one: the infraction's
  base, or the upgrade or downgrade its closest example situations had, raised by the earlier penalties the
  description tells).

Usage: python benchmarks/real_quality.py [--half dev|test|both] [--failures]
(``--failures`` lists the questions of the development half only.)
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "real_queries.yaml"
SITUATIONS = ROOT / "tests" / "data" / "real_situations.yaml"


def _load(path: Path, key: str) -> list[dict[str, Any]]:
    import yaml

    with open(path, encoding="utf-8") as handle:
        return list(yaml.safe_load(handle)[key])


def search_figures(queries: list[dict[str, Any]]) -> dict[str, Any]:
    """recall@1, recall@5 and MRR, overall and by topic and kind."""
    from search_quality import first_rank, judgekit_ranking, metrics

    from judgekit import cache

    index = cache.corpus().part("search")
    ranks: list[int | None] = []
    groups: dict[str, list[int | None]] = defaultdict(list)
    failures = []
    for item in queries:
        rank = first_rank(item, judgekit_ranking(index, item["q"]))
        ranks.append(rank)
        groups[f"topic:{item.get('topic', '?')}"].append(rank)
        groups[f"kind:{item.get('kind', '?')}"].append(rank)
        if rank != 1:
            failures.append((rank, item["q"], item["expect"]))
    return {"all": metrics(ranks), "groups": {k: (len(v), metrics(v)) for k, v in sorted(groups.items())},
            "count": len(ranks), "failures": failures}


def infraction_figures(situations: list[dict[str, Any]]) -> dict[str, Any]:
    """top-1, top-3 and top-1 with the right penalty at Competitive REL."""
    from policy_quality import load_policy

    from judgekit.policy.match import rank
    from judgekit.policy.render import answer

    policy = load_policy()
    top1 = top3 = penalty = 0
    failures = []
    for item in situations:
        matches = rank(policy, item["text"], limit=3)
        got = [m.iid for m in matches]
        expected = str(item["expect"])
        if got[:1] == [expected]:
            top1 += 1
            # The penalty the answer shows (judgekit.policy.render): the infraction's base, or the upgrade or
            # downgrade its closest examples had, raised by the earlier penalties the description tells.
            shown = answer(policy, item["text"], matches[:1], "competitive", 0)["matches"][0]["penalty"]
            if item.get("penalty") is None or shown == item.get("penalty"):
                penalty += 1
        else:
            failures.append((got, expected, item["text"]))
        if expected in got:
            top3 += 1
    total = max(1, len(situations))
    return {"count": len(situations), "top1": top1 / total, "top3": top3 / total, "penalty": penalty / total,
            "failures": failures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("dev", "test", "both"), default="both")
    parser.add_argument("--failures", action="store_true", help="list what the development half gets wrong")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    halves = ("dev", "test") if args.half == "both" else (args.half,)
    queries = _load(QUERIES, "queries") if QUERIES.exists() else []
    situations = _load(SITUATIONS, "situations") if SITUATIONS.exists() else []
    for half in halves:
        part = [q for q in queries if q.get("half") == half]
        if part:
            s = search_figures(part)
            a = s["all"]
            print(f"ricerca, metà {half}: {s['count']} domande  recall@1 {a['recall@1']:.3f}  "
                  f"recall@5 {a['recall@5']:.3f}  MRR {a['mrr']:.3f}")
            for name, (n, m) in s["groups"].items():
                print(f"  {name:<18} {n:>4}  recall@1 {m['recall@1']:.3f}  recall@5 {m['recall@5']:.3f}  "
                      f"MRR {m['mrr']:.3f}")
            if args.failures and half == "dev":
                for rank, q, expect in s["failures"]:
                    print(f"    [{rank or '-'}] {q}  → {', '.join(map(str, expect))}")
        sits = [x for x in situations if x.get("half") == half]
        if sits:
            p = infraction_figures(sits)
            print(f"infrazioni, metà {half}: {p['count']} situazioni  top-1 {p['top1']:.3f}  top-3 {p['top3']:.3f}  "
                  f"top-1 con la penalità giusta {p['penalty']:.3f}")
            if args.failures and half == "dev":
                for got, expected, text in p["failures"]:
                    print(f"    atteso {expected:<4} ottenuto {', '.join(got) or '-':<16} {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
