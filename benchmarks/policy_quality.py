"""Policy matching quality: top-1 and top-3 accuracy of ``judgekit infraction`` on tests/data/situations.yaml.

Each situation is a judge's Italian description of what happened, with the IPG infraction expected. The
situations are a hold-out set: the data's keywords and phrases are written independently of them. The
policy part is compiled from ``rules_it`` in this process (no cache involved).

Usage: python benchmarks/policy_quality.py [--failures]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITUATIONS = ROOT / "tests" / "data" / "situations.yaml"
TARGET_TOP1 = 0.85


def load_policy(rules_dir: Path | None = None) -> dict[str, Any]:
    from judgekit.cache import CompileContext
    from judgekit.policy.compile import compile_policy

    rules = rules_dir or ROOT / "rules_it"
    return compile_policy(CompileContext(rules, rules / ".no-user-data"))


def load_situations(path: Path = SITUATIONS) -> list[dict[str, Any]]:
    from judgekit.yamlio import load_yaml

    data = load_yaml(path).data
    return list(data["situations"])


def evaluate(policy: dict[str, Any], situations: list[dict[str, Any]]) -> dict[str, Any]:
    """Top-1 and top-3 accuracy, and the situations whose first answer is wrong."""
    from judgekit.policy.match import rank

    top1 = top3 = 0
    failures: list[dict[str, Any]] = []
    for item in situations:
        got = [m.iid for m in rank(policy, item["text"], limit=3)]
        expected = str(item["expect"])
        if got[:1] == [expected]:
            top1 += 1
        else:
            failures.append({"text": item["text"], "expect": expected, "got": got})
        if expected in got:
            top3 += 1
    total = max(1, len(situations))
    return {"total": len(situations), "top1": top1 / total, "top3": top3 / total, "failures": failures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="print the situations answered wrongly")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    result = evaluate(load_policy(), load_situations())
    print(f"situations: {result['total']}")
    print(f"top-1: {result['top1']:.3f}  (target >= {TARGET_TOP1})")
    print(f"top-3: {result['top3']:.3f}")
    if args.failures:
        for fail in result["failures"]:
            print(f"  expected {fail['expect']:<4} got {', '.join(fail['got']) or '-':<16} {fail['text']}")
    return 0 if result["top1"] >= TARGET_TOP1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
