"""Comparing a scenario's ``expect`` with the result of its replay (SCENARIO-FORMAT.md "Expect")."""

from __future__ import annotations

import re
from typing import Any

from judgekit.ruling.model import Ruling

_RULE_EXT = re.compile(r"^[a-z]*$")


def rule_matches(expected: str, actual: str | None) -> bool:
    """``510.1`` matches ``510.1`` and ``510.1c`` (subrule letters), not ``510.10``."""
    if actual is None:
        return False
    return actual.startswith(expected) and bool(_RULE_EXT.match(actual[len(expected):]))


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return sorted({str(v) for v in value})
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v}
    return value


def check_expect(exp: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
    """Compare ``expect`` with the final state and the error (SCENARIO-FORMAT.md "Expect")."""
    failures: list[str] = []
    final = ruling.final or {"objects": {}, "players": {}}
    for oid, fields in (exp.get("objects") or {}).items():
        got = final["objects"].get(oid)
        if got is None:
            failures.append(f"{oid}: l'oggetto non è nello stato finale")
            continue
        for key, want in fields.items():
            have = got.get(key)
            if _norm(want) != _norm(have):
                failures.append(f"{oid}.{key}: atteso {_show(want)}, ottenuto {_show(have)}")
    for name, fields in (exp.get("players") or {}).items():
        got = final["players"].get(name, {})
        for key, want in fields.items():
            have = got.get(key)
            if want != have:
                failures.append(f"{name}.{key}: atteso {_show(want)}, ottenuto {_show(have)}")
    want_err = exp.get("error")
    actual_rule = ruling.error.get("rule") if ruling.error else None
    if want_err:
        rules = want_err.get("rule") or []
        if ruling.error is None:
            failures.append(f"errore atteso (regola {', '.join(rules)}), ma la riproduzione non si è fermata")
        elif not any(rule_matches(r, actual_rule) for r in rules):
            failures.append(f"errore atteso con regola {', '.join(rules)}, ottenuto regola {actual_rule}")
    elif ruling.error is not None:
        failures.append(f"la riproduzione si è fermata con un errore non previsto: {ruling.error['message']}")
    return {"passed": not failures, "failures": failures}


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)
