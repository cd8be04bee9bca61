"""The bank of example situations measured across writers: each family of story files is left out in turn.

``policy_bank.py`` leaves out one story at a time, which is generous: stories written together resemble each
other, and leaving one out leaves its sisters. Here every family of files (``storie-2.1-2.4.yaml`` and its
siblings; ``storie-atti-*``; ``storie-casi-*``; ``storie-racconti-*``: the name without its range of
infractions) is taken out of a copy of ``rules_it``, the policy is compiled without it, and its stories are
asked of that policy. A family is told in a way the others are not, as a real description would be.

Printed: top-1, top-3 and top-1 with the penalty the answer shows (Competitive REL), per family and overall.

Usage: python benchmarks/policy_families.py
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def families(policy_dir: Path) -> dict[str, list[Path]]:
    """Story files grouped by their name without the range of infractions."""
    out: dict[str, list[Path]] = defaultdict(list)
    for path in sorted(policy_dir.glob("storie-*.yaml")):
        out[re.sub(r"-\d.*$", "", path.stem)].append(path)
    return dict(out)


def measure() -> dict[str, tuple[int, float, float, float]]:
    import yaml
    from policy_quality import load_policy

    from judgekit.policy.match import rank
    from judgekit.policy.render import answer

    figures: dict[str, tuple[int, float, float, float]] = {}
    totals = [0, 0, 0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for family, paths in families(ROOT / "rules_it" / "policy").items():
            rules = Path(tmp) / family
            shutil.copytree(ROOT / "rules_it", rules)
            held: list[dict[str, Any]] = []
            for path in paths:
                with open(path, encoding="utf-8") as handle:
                    held += yaml.safe_load(handle)["stories"]
                (rules / "policy" / path.name).unlink()
            policy = load_policy(rules)
            top1 = top3 = penalty = 0
            for story in held:
                matches = rank(policy, story["text"], limit=3)
                got = [m.iid for m in matches]
                if got[:1] == [story["ipg"]]:
                    top1 += 1
                    shown = answer(policy, story["text"], matches[:1], "competitive", 0)["matches"][0]["penalty"]
                    penalty += shown == story["penalty"]
                top3 += story["ipg"] in got
            n = max(1, len(held))
            figures[family] = (len(held), top1 / n, top3 / n, penalty / n)
            for k, v in enumerate((len(held), top1, top3, penalty)):
                totals[k] += v
    n = max(1, totals[0])
    figures["tutte"] = (totals[0], totals[1] / n, totals[2] / n, totals[3] / n)
    return figures


def main() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    print("banco, una famiglia di file lasciata fuori alla volta")
    for family, (count, top1, top3, penalty) in measure().items():
        print(f"  {family:18} {count:5}  top-1 {top1:.3f}  top-3 {top3:.3f}  top-1 con la penalità {penalty:.3f}")


if __name__ == "__main__":
    main()
