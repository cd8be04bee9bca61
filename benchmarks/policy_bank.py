"""The example situations measured on themselves: each one is matched with itself left out of the bank.

The bank's stories (``rules_it/policy/storie-*.yaml``) are written apart from the measured sets; leaving
each one out in turn says how well the matcher reads a situation it has not seen, told the way the bank
tells them. Only the stories are measured (the study situations and typical questions that also join the
bank stay in it). Prints top-1, top-3 and top-1 with the penalty of the example, overall and by kind, and the same
without the bank (the words alone) for comparison.

Usage: python benchmarks/policy_bank.py [--failures]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def evaluate(policy: dict[str, Any], *, use_bank: bool = True) -> dict[str, Any]:
    from judgekit.policy.match import rank
    from judgekit.policy.render import answer

    bank = policy["index"]["bank"]
    saved = None
    if not use_bank:
        saved, policy["index"]["bank"] = bank, {}
    rows: dict[str, list[int]] = {}
    failures = []
    try:
        for n, text in enumerate(bank["text"]):
            if bank["source"][n] != "storie":
                continue
            matches = rank(policy, text, limit=3, leave_out=n)
            got = [m.iid for m in matches]
            expected = bank["ipg"][n]
            base = answer(policy, text, matches[:1], "competitive", 0)["matches"][0]["penalty"] if got else None
            hit1, hit3 = got[:1] == [expected], expected in got
            right = hit1 and base == bank["penalty"][n]
            for key in ("tutte", f"kind:{bank['kind'][n]}" if "kind" in bank else "tutte"):
                row = rows.setdefault(key, [0, 0, 0, 0])
                row[0] += 1
                row[1] += hit1
                row[2] += hit3
                row[3] += right
                if key == "tutte" and "kind" not in bank:
                    break
            if not hit1:
                failures.append((expected, got, text))
    finally:
        if saved is not None:
            policy["index"]["bank"] = saved
    return {"rows": rows, "failures": failures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="print the examples answered wrongly")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from policy_quality import load_policy

    policy = load_policy()
    if not policy["index"].get("bank", {}).get("text"):
        print("nessuna situazione di esempio")
        return 1
    for label, use in (("con il banco (lasciando fuori l'esempio)", True), ("solo le parole", False)):
        result = evaluate(policy, use_bank=use)
        print(label)
        for key, (count, hit1, hit3, right) in sorted(result["rows"].items()):
            print(f"  {key:16} {count:4}  top-1 {hit1 / count:.3f}  top-3 {hit3 / count:.3f}  "
                  f"top-1 con la penalità {right / count:.3f}")
        if args.failures and use:
            for expected, got, text in result["failures"]:
                print(f"    atteso {expected}  ottenuto {', '.join(got) or '-'}    {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
