"""The structured result of a replay: a :class:`Ruling` (steps, final state, error, expectations).

The renderer (:mod:`judgekit.render.ruling`) and ``--json`` (SCENARIO-FORMAT.md "Result") read it; the
engine never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class RulingStep:
    """One step of the explanation: kind, Italian text, the CR rules it applies."""

    kind: str
    text: str
    rules: list[str] = field(default_factory=list)
    objects: list[str] = field(default_factory=list)
    table: list[dict[str, Any]] | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rules": list(self.rules), "text": self.text}
        if self.objects:
            out["objects"] = list(self.objects)
        if self.table is not None:
            out["table"] = self.table
        return out


Step = RulingStep


@dataclass
class ObjectLayers:
    """The layer table of one object: rows (layer, effect, source, timestamp, result, reason, rules)."""

    id: str
    name: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    summary: str = ""


@dataclass
class Ruling:
    """What ``judgekit ruling`` explains: ordered steps citing the CR, the final state, error, expectations."""

    scenario: str
    title: str
    source: str
    steps: list[RulingStep] = field(default_factory=list)
    final: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    expect: dict[str, Any] | None = None
    layers: list[ObjectLayers] = field(default_factory=list)
    notes: list[RulingStep] = field(default_factory=list)
    # SCENARIO-FORMAT.md 2.10: one to three Italian sentences answering the scenario's question.
    verdict: str | None = None
    # Defaults the replay took where the scenario gave no choice (SCENARIO-FORMAT.md 2.10): objects with
    # ``as_dict()`` (judgekit.ruling.assumptions.Assumption).
    assumptions: list[Any] = field(default_factory=list)
    # For the text output only (not in --json): the state before the first action, in the shape of ``final``,
    # and the verdict's decisive rule (the board marks what changed; --breve keeps the steps citing the rule).
    start: dict[str, Any] | None = None
    decisive: str | None = None
    # How card names are shown (judgekit.render.narration.common.Names), for the board; None: as reported.
    names: Any = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def passed(self) -> bool:
        return self.expect is None or bool(self.expect.get("passed"))

    def to_json(self) -> dict[str, Any]:
        """The result document of SCENARIO-FORMAT.md ("Result of judgekit ruling FILE --json")."""
        return {
            "scenario": self.scenario,
            "ok": self.ok,
            "error": self.error,
            "verdict": self.verdict,
            "steps": [s.as_dict() for s in self.steps],
            "final": self.final,
            "expect": self.expect,
            "assumptions": [a.as_dict() for a in self.assumptions],
        }

    def rules(self) -> list[str]:
        """Every CR number cited, in order of first citation."""
        seen: list[str] = []
        for s in self.steps:
            for r in s.rules:
                if r not in seen:
                    seen.append(r)
        return seen


def failed_document(scenario: str, issue: Any, issues: list[Any] | None = None) -> dict[str, Any]:
    """The result document for a file that cannot be loaded (``ok`` false, ``final`` null).

    ``error`` describes the first problem as the format says; ``error.issues`` (an extension) lists them all.
    """
    return {
        "scenario": scenario,
        "ok": False,
        "error": {"message": issue.message if issue else "file non valido", "rule": None,
                  "file": issue.file if issue else None, "line": issue.line if issue else None,
                  "key": (issue.key or None) if issue else None,
                  "issues": [i.as_dict() for i in (issues or ([issue] if issue else []))]},
        "verdict": None,
        "steps": [],
        "final": None,
        "expect": None,
        "assumptions": [],
    }
