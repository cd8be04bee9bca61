"""Fuzz the scenario loader and the replay for a while and print what was found.

    python tests/fuzz_long.py --minutes 10 [--seed N] [--show 5]

Each case is a mutated shipped scenario (tests/fuzzing.py) run in-process with a time limit. The report
counts cases, replays, refusals, internal errors, hangs (over ``--limit`` seconds) and English messages, and
shows a few examples of each problem. It exits 1 when it found a problem.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzzing import make_case, run_case  # noqa: E402


def _timeout(signum: int, frame: object) -> None:
    raise TimeoutError


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--limit", type=int, default=5, help="secondi oltre i quali un caso è un blocco")
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args()

    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    signal.signal(signal.SIGALRM, _timeout)
    counts = {"ok": 0, "refused": 0, "internal": 0, "hang": 0, "english": 0}
    examples: dict[str, list[str]] = {k: [] for k in counts}
    end = time.monotonic() + args.minutes * 60
    while time.monotonic() < end:
        case = make_case(rng)
        signal.alarm(args.limit)
        try:
            outcome, message = run_case(case)
        except TimeoutError:
            outcome, message = "hang", case.text[:300]
        finally:
            signal.alarm(0)
        counts[outcome] += 1
        if len(examples[outcome]) < args.show:
            examples[outcome].append(f"{case.name}: {message[:300]}")
    total = sum(counts.values())
    print(f"seme {seed}: {total} casi in {args.minutes:g} minuti")
    print(f"  riprodotti {counts['ok']}, rifiutati con un messaggio {counts['refused']}")
    print(f"  errori interni {counts['internal']}, blocchi oltre {args.limit} s {counts['hang']}, "
          f"messaggi in inglese {counts['english']}")
    for kind in ("internal", "hang", "english"):
        for example in examples[kind]:
            print(f"  [{kind}] {example}")
    return 1 if counts["internal"] or counts["hang"] or counts["english"] else 0


if __name__ == "__main__":
    sys.exit(main())
