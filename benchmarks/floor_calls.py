"""Floor calls: how much a judge types to put a real rules question to the rules core.

The files are in ``tests/data/floor_calls/``: ten questions asked by players (forums, judge Q&A columns), chosen
among those the rules core can replay, each written in the compact form (SCENARIO-FORMAT.md 2.1, 2.2) as a judge
would type it at the table. ``tests/test_floor_calls.py`` replays them. Counted as in ``benchmarks/compact.py``:
the lines that are not comments or blank, trailing spaces stripped. The ``expect:`` block is counted apart: it
makes the file a test, while at the table the judge reads the answer instead of writing it. Also shown: how many
assumptions (``assumptions`` in the ``--json`` result, SCENARIO-FORMAT.md 2.10) each replay reported.

    python benchmarks/floor_calls.py
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR_CALLS = ROOT / "tests" / "data" / "floor_calls"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _typed(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def split_characters(text: str) -> tuple[int, int]:
    """(characters outside the top-level ``expect:`` block, characters of that block), typed lines only."""
    call = expect = 0
    in_expect = False
    for raw in text.splitlines():
        line = raw.rstrip()
        if line and not line[0].isspace() and not line.startswith("#"):
            in_expect = line.startswith("expect:")
        if not _typed(line):
            continue
        if in_expect:
            expect += len(line) + 1
        else:
            call += len(line) + 1
    return call, expect


def main() -> int:
    from judgekit.errors import InvalidFileError
    from judgekit.ruling.run import run_file

    files = sorted(FLOOR_CALLS.glob("*.yaml"))
    if not files:
        print(f"nessuna chiamata in {FLOOR_CALLS.relative_to(ROOT)}", file=sys.stderr)
        return 1
    rows = []
    for path in files:
        call, expect = split_characters(path.read_text(encoding="utf-8"))
        try:
            ruling = run_file(path)
        except InvalidFileError as exc:
            print(f"{path.name}: il file non si carica: {exc}", file=sys.stderr)
            return 1
        passed = bool(ruling.expect and ruling.expect["passed"])
        rows.append((path.stem, call, expect, len(ruling.assumptions), passed))
    width = max(len(r[0]) for r in rows)
    print(f"{'chiamata'.ljust(width)}  caratteri  expect  ipotesi  risposta")
    for name, call, expect, assumptions, passed in rows:
        print(f"{name.ljust(width)}  {call:9d}  {expect:6d}  {assumptions:7d}  {'giusta' if passed else 'SBAGLIATA'}")
    print(f"\n{len(rows)} chiamate; mediana {statistics.median(r[1] for r in rows):.0f} caratteri senza expect "
          f"(massimo {max(r[1] for r in rows)}), mediana del blocco expect {statistics.median(r[2] for r in rows):.0f}")
    print(f"ipotesi del replay: {sum(r[3] for r in rows)} in tutto, in {sum(1 for r in rows if r[3])} chiamate su "
          f"{len(rows)}; risposte giuste: {sum(1 for r in rows if r[4])} su {len(rows)}")
    return 0 if all(r[4] for r in rows) else 4


if __name__ == "__main__":
    sys.exit(main())
