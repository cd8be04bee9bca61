"""Start-up budget of a ruling: ``judgekit ruling regrower-all-to-hunter`` against ``python -c "import typer"``.

Two figures, both as a ratio to starting Python with typer:

- *warm*: the cache already holds the compiled corpus and the scenario; the ruling and the baseline run as
  subprocesses, alternately, in the same run (after a warm-up). The target is a ratio of at most 4.0.
- *cold*: the first ruling with an empty cache (a new ``JUDGEKIT_CACHE_DIR`` for every run), alternated with
  the baseline, median over a few rounds. It shows what a first ruling costs to compile.

The script prints figures only.

    python benchmarks/ruling.py [--rounds 15] [--cold-rounds 5] [--scenario regrower-all-to-hunter]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile

# The same subprocess helpers as the lookup benchmark (run as scripts, this folder is on sys.path).
from lookup import alternate, bench_env, judgekit_command, report, timed  # noqa: E402

TARGET = 4.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--cold-rounds", type=int, default=5)
    parser.add_argument("--scenario", default="regrower-all-to-hunter")
    args = parser.parse_args()

    env = bench_env()
    ruling = [*judgekit_command(), "ruling", args.scenario]
    baseline = [sys.executable, "-c", "import typer"]
    ruling_ms, base_ms = alternate(ruling, baseline, env, args.rounds)

    colds: list[float] = []
    cold_baselines: list[float] = []
    for _ in range(args.cold_rounds):
        with tempfile.TemporaryDirectory(prefix="judgekit-bench-cold-") as empty:
            colds.append(timed(ruling, {**env, "JUDGEKIT_CACHE_DIR": empty}))
        cold_baselines.append(timed(baseline, env))

    cold_ms = statistics.median(colds) * 1000
    cold_base_ms = statistics.median(cold_baselines) * 1000
    print(f"comando:              {' '.join(ruling)}")
    ratio = report("ruling (cache pronta)", ruling_ms, base_ms, args.rounds, TARGET)
    report("ruling (cache vuota)", cold_ms, cold_base_ms, args.cold_rounds, None)
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
