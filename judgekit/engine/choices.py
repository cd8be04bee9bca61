"""Decisions: every choice the rules ask a player for is a typed request answered by a :class:`Chooser`.

The rules core never reads a scenario's ``choices`` mapping. A rule that needs a decision (which target a
triggered ability takes, whether a "may" ability is used, the order of one player's simultaneous triggers,
which legendary permanent to keep, which cards to discard) builds a request listing what can be chosen and
its default, and asks ``game.chooser``. The answer says whether it was given or is the default, so the ruling
can report every default it took as an assumption.

- :class:`DefaultChooser` answers every request with its documented default (SCENARIO-FORMAT.md "Choices").
- :class:`ScriptedChooser` answers from a :class:`Script` built from the scenario's ``choices`` by the layer
  above; a request the script does not answer takes the default. Each scripted answer serves one decision
  only, so an entry used by one decision cannot also answer another of a different kind.

To add a decision: a request dataclass here (with its ``default()``), its reading of the script in
:meth:`ScriptedChooser.choose`, and the rule that asks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

# A target or candidate: a player name (str) or an object uid (int).
Ref = str | int


@dataclass(frozen=True)
class TriggerTarget:
    """The target of a triggered ability as it is put on the stack (CR 603.3d).

    ``source`` is the id of the ability's source; ``candidates`` the legal targets in default order (objects in
    timestamp order, then players in seating order). A scripted answer is the id or player name written in the
    scenario: the rule that asked resolves it and checks that it is legal."""

    source: str
    controller: str
    candidates: tuple[Ref, ...]

    def default(self) -> Ref | None:
        return self.candidates[0] if self.candidates else None


@dataclass(frozen=True)
class UseOptional:
    """Whether an optional ("may") ability is used (CR 603.5). Default: it is used."""

    source: str
    controller: str

    def default(self) -> bool:
        return True


@dataclass(frozen=True)
class TriggerOrder:
    """The order in which one player puts their simultaneous triggered abilities on the stack (CR 603.3b):
    ``sources`` are the ids of their sources in default order (timestamp order); the answer is a reordering
    (the last one put on the stack resolves first)."""

    player: str
    sources: tuple[str, ...]

    def default(self) -> tuple[str, ...]:
        return self.sources


@dataclass(frozen=True)
class LegendRule:
    """Which of one player's legendary permanents with the same name stays (CR 704.5j): ``candidates`` are
    their ids in timestamp order; the default keeps the oldest."""

    player: str
    name: str
    candidates: tuple[str, ...]

    def default(self) -> str:
        return self.candidates[0]


@dataclass(frozen=True)
class Discard:
    """Which cards a player discards (CR 701.9a, 514.1): ``candidates`` are the ids of the cards in hand in
    default order; the answer is the first ``count`` of some ordering."""

    player: str
    count: int
    candidates: tuple[str, ...]

    def default(self) -> tuple[str, ...]:
        return self.candidates[: self.count]


@dataclass(frozen=True)
class DamageDivision:
    """How an attacking or blocking creature divides its combat damage among several recipients (CR 510.1c-d;
    no damage assignment order since Foundations): ``recipients`` in declaration order, ``proposal`` the
    default division (lethal damage to each in order, the rest to the last one or, with trample, to what it
    attacks: SCENARIO-FORMAT "Damage assignment"). The answer is a sequence of (recipient, amount) pairs."""

    source: str
    controller: str
    power: int
    recipients: tuple[Ref, ...]
    proposal: tuple[tuple[Ref, int], ...]

    def default(self) -> tuple[tuple[Ref, int], ...]:
        return self.proposal


Request = TriggerTarget | UseOptional | TriggerOrder | LegendRule | Discard | DamageDivision


@dataclass(frozen=True)
class Decision:
    """A chooser's answer: ``value`` and ``given`` (False when it is the request's default)."""

    value: Any
    given: bool


class Chooser(Protocol):
    """Answers the decisions of a game. ``unused()`` lists scripted answers no decision needed."""

    def choose(self, request: Request) -> Decision: ...

    def unused(self) -> list[str]: ...


class DefaultChooser:
    """Every decision takes its default."""

    def choose(self, request: Request) -> Decision:
        return Decision(request.default(), False)

    def unused(self) -> list[str]:
        return []


@dataclass
class Script:
    """Scripted answers, as the layer above reads them from a scenario's ``choices``.

    ``targets`` maps a source id to its successive answers (each an id or player name), used one per
    decision; ``apnap_order`` maps a player to the ids of their sources in the order wanted; ``legend``
    maps a permanent's id to the id it wants kept when the legend rule applies to it (the project's
    version 1 extension: an object's entry naming one of its legendary namesakes)."""

    targets: dict[str, list[str]] = field(default_factory=dict)
    apnap_order: dict[str, list[str]] = field(default_factory=dict)
    legend: dict[str, str] = field(default_factory=dict)
    # Every key of the scenario's choices, in written order (for reporting the unused ones).
    keys: list[str] = field(default_factory=list)

    @classmethod
    def from_choices(cls, choices: Mapping[str, Any]) -> Script:
        """The script of a validated version 1 ``choices`` mapping: ``apnap_order``, and per object id one
        answer or a list of answers (ids or player names)."""
        script = cls(keys=list(choices))
        for key, raw in choices.items():
            if key == "apnap_order":
                script.apnap_order = {str(p): [str(i) for i in ids] for p, ids in dict(raw or {}).items()}
                continue
            answers = [raw] if isinstance(raw, str) else list(raw or [])
            script.targets[key] = [str(a) for a in answers]
            if answers and isinstance(answers[0], str):
                script.legend[key] = answers[0]
        return script


class ScriptedChooser:
    """Answers from a :class:`Script`, else the default; remembers which entries were used."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self._targets = {k: list(v) for k, v in script.targets.items()}
        self._used: set[str] = set()
        self._answered_targets: set[str] = set()

    def choose(self, request: Request) -> Decision:
        if isinstance(request, TriggerTarget):
            return self._target(request)
        if isinstance(request, TriggerOrder):
            wanted = self.script.apnap_order.get(request.player)
            if wanted and len(request.sources) > 1:
                self._used.add("apnap_order")
                ids = list(wanted)
                order = sorted(request.sources, key=lambda s: ids.index(s) if s in ids else len(ids))
                return Decision(tuple(order), True)
        elif isinstance(request, LegendRule):
            for oid in request.candidates:
                keep = self.script.legend.get(oid)
                if keep is not None and keep in request.candidates and oid not in self._answered_targets:
                    self._used.add(oid)
                    # The entry served this decision: it answers no other.
                    self._targets.pop(oid, None)
                    return Decision(keep, True)
        return Decision(request.default(), False)

    def _target(self, request: TriggerTarget) -> Decision:
        queue = self._targets.get(request.source)
        if not queue:
            return Decision(request.default(), False)
        self._used.add(request.source)
        self._answered_targets.add(request.source)
        return Decision(queue.pop(0), True)

    def unused(self) -> list[str]:
        return [k for k in self.script.keys if k not in self._used]
