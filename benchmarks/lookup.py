"""Start-up budget of the lookups: ``judgekit rule 510.1c`` and ``judgekit card NAME`` against
``python -c "import typer"``; also ``judgekit infraction`` on a free description, without a target (it reads
the bank of example situations).

Each command runs as a subprocess, alternately with the baseline, in the same run (after a warm-up that
builds the corpus cache); the script prints the median wall time of each and their ratio. The target is a
ratio of at most 1.5: a lookup must cost little more than starting Python with typer. The card is looked up
as the user's data folder has it (``JUDGEKIT_DATA_DIR``: with or without imported cards); ``--card ""``
skips it.

    python benchmarks/lookup.py [--rounds 15] [--card "Doubling Season"] [--infraction "DESCRIZIONE"]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 1.5


def judgekit_command() -> list[str]:
    """The installed console script next to this interpreter, else ``python -m judgekit``."""
    folder = Path(sys.executable).parent
    for name in ("judgekit", "judgekit.exe"):
        script = folder / name
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    found = shutil.which("judgekit")
    if found and Path(found).parent == folder:
        return [found]
    return [sys.executable, "-m", "judgekit"]


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def bench_env() -> dict[str, str]:
    """The environment of a run: bytecode written as an installed package would have it, a cache of its own."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("JUDGEKIT_CACHE_DIR", tempfile.mkdtemp(prefix="judgekit-bench-"))
    return env


def alternate(cmd: list[str], baseline: list[str], env: dict[str, str], rounds: int) -> tuple[float, float]:
    """Medians (ms) of ``cmd`` and ``baseline`` run one after the other ``rounds`` times, after a warm-up that
    builds the cache and fills the OS file cache."""
    for _ in range(2):
        timed(cmd, env)
        timed(baseline, env)
    runs: list[float] = []
    bases: list[float] = []
    for _ in range(rounds):
        runs.append(timed(cmd, env))
        bases.append(timed(baseline, env))
    return statistics.median(runs) * 1000, statistics.median(bases) * 1000


def report(label: str, ms: float, base_ms: float, rounds: int, target: float | None) -> float:
    """Print the two medians and their ratio (with the target, if any); return the ratio."""
    ratio = ms / base_ms
    print(f"{label}: mediana {ms:.1f} ms su {rounds} esecuzioni")
    print(f'python -c "import typer": mediana {base_ms:.1f} ms su {rounds} esecuzioni')
    print(f"rapporto: {ratio:.2f}" + (f" (obiettivo <= {target})" if target is not None else ""))
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--rule", default="510.1c")
    parser.add_argument("--card", default="Doubling Season")
    parser.add_argument("--infraction", default="il mio avversario ha pescato due carte invece di una con Brainstorm",
                        help='a description for "judgekit infraction" (measured without a target; "" skips it)')
    args = parser.parse_args()

    env = bench_env()
    lookup = [*judgekit_command(), "rule", args.rule]
    baseline = [sys.executable, "-c", "import typer"]
    lookup_ms, base_ms = alternate(lookup, baseline, env, args.rounds)
    print(f"comando:              {' '.join(lookup)}")
    ratio = report(f"judgekit rule {args.rule}", lookup_ms, base_ms, args.rounds, TARGET)
    worst = ratio
    if args.card:
        card = [*judgekit_command(), "card", args.card]
        card_ms, base_ms = alternate(card, baseline, env, args.rounds)
        print(f"\ncomando:              {' '.join(card)}")
        worst = max(worst, report(f"judgekit card {args.card}", card_ms, base_ms, args.rounds, TARGET))
    if args.infraction:
        infraction = [*judgekit_command(), "infraction", args.infraction, "--rel", "competitive"]
        infraction_ms, base_ms = alternate(infraction, baseline, env, args.rounds)
        print(f"\ncomando:              {' '.join(infraction)}")
        report("judgekit infraction (descrizione libera, REL Competitivo)", infraction_ms, base_ms, args.rounds, None)
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
