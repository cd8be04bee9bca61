"""Search speed: start-up of ``judgekit search`` against ``import typer``, and query time as the corpus grows.

1. Median wall time of ``judgekit search "danno da combattimento attacco improvviso"`` (the console script
   next to ``sys.executable``, or ``python -m judgekit``) and of ``python -c "import typer"``, run
   alternately in the same loop so that both see the same machine load; the ratio is the figure to watch
   (target <= 2.0). The cache is warmed first.
2. In-process cost as the corpus grows up to tenfold: the real corpus, then the real corpus plus a
   synthetic set shaped like an imported English CR and synthetic Italian entries drawn from the real
   vocabulary. For each size: entries, index build time, pickle size, unpickle time, median query time.

Usage: python benchmarks/search_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
QUERY = "danno da combattimento attacco improvviso"
QUERIES = [
    QUERY, "creatura bloccata da due creature", "travogere", "510.1c", "summoning sickness", "grv",
    "quante terre posso giocare in un turno", "effetti che durano fino alla fine del turno", "first strike",
    "planeswalker con fedeltà zero",
]

_EN_TEXT = (
    "creature damage player ability target spell permanent combat attacking blocking step phase battlefield "
    "counter library graveyard exile hand stack priority controller owner mana cost effect trigger triggered "
    "activated static copy token card type subtype supertype legendary artifact enchantment land instant "
    "sorcery planeswalker battle loyalty defense toughness power lethal assign assigned deals dealt prevent "
    "replacement continuous layer timestamp dependency rule game turn untap upkeep draw main end cleanup "
    "declare attackers blockers first strike double trample deathtouch lifelink flying reach vigilance haste"
)
EN_WORDS = _EN_TEXT.split()


def _command() -> list[str]:
    script = Path(sys.executable).parent / "judgekit"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "judgekit"]


def _wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def startup(runs: int) -> dict[str, float]:
    env = dict(os.environ)
    cache = env.get("JUDGEKIT_CACHE_DIR") or tempfile.mkdtemp(prefix="judgekit-speed-")
    env["JUDGEKIT_CACHE_DIR"] = cache
    search_cmd = [*_command(), "search", QUERY]
    typer_cmd = [sys.executable, "-c", "import typer"]
    subprocess.run(search_cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(_wall(search_cmd, env))
        theirs.append(_wall(typer_cmd, env))
    if "JUDGEKIT_CACHE_DIR" not in os.environ:
        shutil.rmtree(cache, ignore_errors=True)
    a, b = statistics.median(ours), statistics.median(theirs)
    return {"search": a, "typer": b, "ratio": a / b}


def _real_parts() -> dict[str, Any]:
    from judgekit import cache

    corpus = cache.corpus()
    return {name: corpus[name] for name in ("rules", "glossary", "manual", "policy")}


def _english_rules(count: int, rng: random.Random) -> dict[str, Any]:
    rules = {}
    for n in range(count):
        rid = f"{100 + n // 40}.{n % 40 + 1}"
        words = [rng.choice(EN_WORDS) for _ in range(rng.randint(15, 60))]
        rules[rid] = {"id": rid, "title": None, "text": " ".join(words).capitalize() + ".", "examples": [],
                      "kind": "cr", "status": "current", "language": "en", "history": [], "text_en": None}
    return rules


def _grown_entries(parts: dict[str, Any], factor: int, seed: int = 7) -> list[dict[str, Any]]:
    """The real entries plus synthetic ones, ``factor`` times as many in all."""
    from judgekit.search.index import entries_from_parts

    real = entries_from_parts(parts)
    if factor <= 1:
        return real
    rng = random.Random(seed)
    extra = len(real) * (factor - 1)
    english = entries_from_parts({"rules": {"rules": _english_rules(extra // 2, rng), "order": [],
                                            "sections": {}}})
    vocabulary = sorted({w for e in real for w in e.get("text", "").split() if w.isalpha() and len(w) > 3})
    italian = []
    for n in range(extra - len(english)):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(15, 80))]
        italian.append({"doc": "manuale", "id": f"sintetico-{n}", "title": " ".join(words[:3]),
                        "citation": f"Manuale sintetico {n}", "fields": {"title": " ".join(words[:3]),
                                                                        "text": " ".join(words)},
                        "text": " ".join(words), "flags": 0})
    cr = [e for e in real if e["doc"] == "cr"] + english
    rest = [e for e in real if e["doc"] != "cr"]
    manual = [e for e in rest if e["doc"] == "manuale"] + italian
    return cr + [e for e in rest if e["doc"] in ("ipg", "jar", "mtr")] + manual + \
        [e for e in rest if e["doc"] == "glossario"]


def growth(factors: list[int], repeats: int = 5) -> list[dict[str, float]]:
    from judgekit.search.index import build_index
    from judgekit.search.rank import search

    parts = _real_parts()
    rows = []
    for factor in factors:
        entries = _grown_entries(parts, factor)
        start = time.perf_counter()
        index = build_index(entries)
        built = time.perf_counter() - start
        blob = pickle.dumps(index, protocol=pickle.HIGHEST_PROTOCOL)
        loads = []
        for _ in range(repeats):
            start = time.perf_counter()
            pickle.loads(blob)
            loads.append(time.perf_counter() - start)
        search(index, "travogere")  # imports rapidfuzz once, outside the timings
        times = []
        for _ in range(repeats):
            for text in QUERIES:
                start = time.perf_counter()
                search(index, text, limit=10)
                times.append(time.perf_counter() - start)
        start = time.perf_counter()
        search(index, QUERY, limit=10)
        rows.append({"factor": factor, "entries": len(entries), "terms": len(index["terms"]["starts"]) - 1,
                     "postings": len(index["post_entry"]), "build_s": built, "pickle_kb": len(blob) / 1024,
                     "load_ms": statistics.median(loads) * 1000, "query_ms": statistics.median(times) * 1000,
                     "query_max_ms": max(times) * 1000})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--no-startup", action="store_true", help="only the in-process growth table")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if not args.no_startup:
        result = startup(args.runs)
        print(f"avvio, mediana di {args.runs} esecuzioni alternate:")
        print(f"  judgekit search {QUERY!r}: {result['search'] * 1000:.0f} ms")
        print(f"  python -c 'import typer': {result['typer'] * 1000:.0f} ms")
        print(f"  rapporto: {result['ratio']:.2f} (obiettivo <= 2.0)")
    print("\ncosto in-process al crescere del corpus:")
    print(f"{'x':>3}{'voci':>8}{'termini':>9}{'posting':>9}{'build s':>9}{'pickle KB':>11}{'load ms':>9}"
          f"{'query ms':>10}{'max ms':>8}")
    for row in growth([1, 2, 5, 10]):
        print(f"{row['factor']:>3}{row['entries']:>8}{row['terms']:>9}{row['postings']:>9}{row['build_s']:>9.2f}"
              f"{row['pickle_kb']:>11.0f}{row['load_ms']:>9.1f}{row['query_ms']:>10.2f}{row['query_max_ms']:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
