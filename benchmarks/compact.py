"""Size of the converted scenarios: the characters of each shipped scenario converted to the compact form
(SCENARIO-FORMAT.md 2.1), before and after.

The version 1 originals are kept in ``tests/data/compact/`` (same folder and file name as the shipped
scenario); ``tests/test_compact_conversions.py`` checks that each pair replays to the same result. Counted:
the characters a user types, that is every line but comment lines and blank lines, trailing spaces left out.
The target is a median under 300 characters. A second figure leaves out the ``title`` and ``source`` lines too:
shipped scenarios must carry them, but in a file written at the table both are optional (2.1).

    python benchmarks/compact.py
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORIGINALS = ROOT / "tests" / "data" / "compact"
SCENARIOS = ROOT / "scenarios"
TARGET = 300


def typed_characters(text: str) -> int:
    """Characters of the lines a user types: comment-only and blank lines left out, trailing spaces stripped."""
    lines = [line.rstrip() for line in text.splitlines()]
    return sum(len(line) + 1 for line in lines if line.strip() and not line.lstrip().startswith("#"))


def body_characters(text: str) -> int:
    """``typed_characters`` without the top-level ``title:`` and ``source:`` lines."""
    kept = [line for line in text.splitlines() if not line.startswith(("title:", "source:"))]
    return typed_characters("\n".join(kept))


def pairs() -> list[tuple[Path, Path]]:
    """(original, converted) for every original kept."""
    out = []
    for original in sorted(ORIGINALS.rglob("*.yaml")):
        converted = SCENARIOS / original.relative_to(ORIGINALS)
        out.append((original, converted))
    return out


def main() -> int:
    rows = []
    for original, converted in pairs():
        if not converted.is_file():
            print(f"manca lo scenario convertito: {converted.relative_to(ROOT)}", file=sys.stderr)
            return 1
        before = typed_characters(original.read_text(encoding="utf-8"))
        after = typed_characters(converted.read_text(encoding="utf-8"))
        rows.append((str(converted.relative_to(SCENARIOS)), before, after,
                     body_characters(converted.read_text(encoding="utf-8"))))
    if not rows:
        print("nessuno scenario convertito", file=sys.stderr)
        return 1
    width = max(len(r[0]) for r in rows)
    print(f"{'scenario'.ljust(width)}  prima  dopo  rapporto  dopo, senza title/source")
    for name, before, after, body in rows:
        print(f"{name.ljust(width)}  {before:5d}  {after:4d}  {after / before:8.2f}  {body:4d}")
    med_before = statistics.median(r[1] for r in rows)
    med_after = statistics.median(r[2] for r in rows)
    print(f"\n{len(rows)} scenari convertiti; mediana prima {med_before:.0f}, dopo {med_after:.0f} caratteri "
          f"(obiettivo: dopo < {TARGET}); totale {sum(r[1] for r in rows)} -> {sum(r[2] for r in rows)}")
    print(f"senza le righe title e source: mediana {statistics.median(r[3] for r in rows):.0f} caratteri")
    return 0


if __name__ == "__main__":
    sys.exit(main())
