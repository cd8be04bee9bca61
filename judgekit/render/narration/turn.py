"""Italian texts of the records and errors of the rules core's turn area (steps, cleanup)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text
from judgekit.render.terms import STEP_NAMES_IT


def step_name(step: str) -> str:
    """The Italian name of a step (``declare_blockers`` -> "sottofase di dichiarazione dei bloccanti")."""
    return next((name for s, name in STEP_NAMES_IT.items() if s.value == step), step)


def _step_begins(p: dict[str, Any], names: Names) -> str:
    return f"Inizia la {step_name(p['step'])}."


TEXTS: dict[str, Text] = {
    "turn.step_begins": _step_begins,
}
