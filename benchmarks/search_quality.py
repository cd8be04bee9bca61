"""Search quality: recall@1, recall@5 and MRR of ``judgekit search`` on tests/data/search_queries.yaml.

The same queries are run, in the same process, through a naive baseline: rapidfuzz ``WRatio`` of the query
against the raw text of every entry (citation, title and text), best first. A query is *answerable* when
at least one of its expected citations exists in the index; the figures are given for the answerable
queries (the ones the data can answer) and for all of them.

Usage: python benchmarks/search_quality.py [--failures] [--kind KIND]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "search_queries.yaml"


def load_queries(path: Path = QUERIES) -> list[dict[str, Any]]:
    import yaml

    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    return list(data["queries"])


def _fold(text: str) -> str:
    from judgekit.italian import fold

    return fold(text)


def matches(expect: Any, doc: str, entry_id: str, title: str) -> bool:
    """Whether a hit (doc, id, title) satisfies one expectation ("doc:id" or {doc, title})."""
    if isinstance(expect, str):
        want_doc, _, want_id = expect.partition(":")
        return doc == want_doc and _fold(entry_id) == _fold(want_id)
    return doc == expect["doc"] and _fold(expect["title"]) in _fold(title)


def answerable(index: dict[str, Any], item: dict[str, Any]) -> bool:
    """Whether the index holds at least one entry that satisfies the query's expectations."""
    for expect in item["expect"]:
        if isinstance(expect, str):
            if expect in index["lookup"]:
                return True
            doc, _, entry_id = expect.partition(":")
            if any(d == doc and _fold(i) == _fold(entry_id) for d, i in zip(index["docs"], index["ids"], strict=True)):
                return True
        else:
            for doc, title in zip(index["docs"], index["titles_display"], strict=True):
                if matches(expect, doc, "", title):
                    return True
    return False


def first_rank(item: dict[str, Any], ranked: list[tuple[str, str, str]]) -> int | None:
    for position, (doc, entry_id, title) in enumerate(ranked, 1):
        if any(matches(expect, doc, entry_id, title) for expect in item["expect"]):
            return position
    return None


def judgekit_ranking(index: dict[str, Any], text: str, limit: int = 10) -> list[tuple[str, str, str]]:
    from judgekit.search.rank import search

    _query, hits, _total = search(index, text, limit=limit)
    return [(h.doc, h.id, h.title) for h in hits]


class Baseline:
    """rapidfuzz WRatio of the query against each raw entry text."""

    def __init__(self, index: dict[str, Any]) -> None:
        self.index = index
        self.choices = [f"{c} {t} {x}" for c, t, x in
                        zip(index["citations"], index["titles_display"], index["texts"], strict=True)]

    def ranking(self, text: str, limit: int = 10) -> list[tuple[str, str, str]]:
        from rapidfuzz import fuzz, process, utils

        found = process.extract(text, self.choices, scorer=fuzz.WRatio, processor=utils.default_process,
                                limit=limit)
        found.sort(key=lambda f: (-f[1], f[2]))
        return [(self.index["docs"][i], self.index["ids"][i], self.index["titles_display"][i]) for _c, _s, i in found]


def metrics(ranks: list[int | None]) -> dict[str, float]:
    n = max(1, len(ranks))
    return {
        "recall@1": sum(1 for r in ranks if r == 1) / n,
        "recall@5": sum(1 for r in ranks if r is not None and r <= 5) / n,
        "mrr": sum(1.0 / r for r in ranks if r is not None) / n,
    }


def evaluate(index: dict[str, Any], queries: list[dict[str, Any]]) -> dict[str, Any]:
    """Ranks of the first right answer for judgekit and the baseline, and their metrics."""
    baseline = Baseline(index)
    rows = []
    for item in queries:
        ok = answerable(index, item)
        ours = first_rank(item, judgekit_ranking(index, item["q"]))
        theirs = first_rank(item, baseline.ranking(item["q"]))
        rows.append({"q": item["q"], "kind": item.get("kind", ""), "answerable": ok, "judgekit": ours,
                     "baseline": theirs, "expect": item["expect"]})
    subset = [r for r in rows if r["answerable"]]
    return {
        "rows": rows,
        "answerable": len(subset),
        "total": len(rows),
        "judgekit": metrics([r["judgekit"] for r in subset]),
        "baseline": metrics([r["baseline"] for r in subset]),
        "judgekit_all": metrics([r["judgekit"] for r in rows]),
        "baseline_all": metrics([r["baseline"] for r in rows]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="list the queries not answered at rank 1")
    parser.add_argument("--kind", help="only queries of this kind")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from judgekit import cache

    index = cache.corpus().part("search")
    queries = load_queries()
    if args.kind:
        queries = [q for q in queries if q.get("kind") == args.kind]
    result = evaluate(index, queries)
    print(f"query: {result['total']}  con risposta nei dati: {result['answerable']}  voci nell'indice: "
          f"{len(index['docs'])}")
    print(f"{'':24}{'recall@1':>10}{'recall@5':>10}{'MRR':>8}")
    for label, key in (("judgekit", "judgekit"), ("baseline WRatio", "baseline"),
                       ("judgekit (tutte)", "judgekit_all"), ("baseline (tutte)", "baseline_all")):
        m = result[key]
        print(f"{label:24}{m['recall@1']:>10.3f}{m['recall@5']:>10.3f}{m['mrr']:>8.3f}")
    kinds = sorted({r["kind"] for r in result["rows"]})
    print("\nper tipo (query con risposta):")
    for kind in kinds:
        rows = [r for r in result["rows"] if r["kind"] == kind and r["answerable"]]
        if rows:
            m = metrics([r["judgekit"] for r in rows])
            b = metrics([r["baseline"] for r in rows])
            print(f"  {kind:10} n={len(rows):3}  judgekit r@1 {m['recall@1']:.2f} r@5 {m['recall@5']:.2f}"
                  f"  | baseline r@1 {b['recall@1']:.2f} r@5 {b['recall@5']:.2f}")
    if args.failures:
        print("\nnon al primo posto:")
        for row in result["rows"]:
            if row["judgekit"] != 1:
                flag = "" if row["answerable"] else "  (nessuna risposta nei dati)"
                print(f"  {row['q']!r}: rango {row['judgekit']}, atteso {row['expect']}{flag}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
