"""Choices announced as a spell is cast, an ability activated or a triggered ability put on the stack: the
modes (CR 700.2, 601.2b, 603.3c), the value of X (107.3a, 601.2b) and how an amount is divided among the
targets (601.2d, 603.3d).

Casting and activating (:func:`announce_action`): the ``cast`` or ``activate`` action gives ``modes``, ``x`` and
``divide`` (SCENARIO-FORMAT.md 2.2). One it leaves out is asked of the chooser with the action's key path
(:data:`judgekit.engine.choices.Announced`), so the chooser answers with the default and reports it; it is never
read from ``choices``. A triggered ability (:func:`announce_trigger`) takes its modes, targets and division from
its source's ANSWER in the decision group of its stack object.

The rules:
- modes: between the minimum and the maximum, no mode twice (700.2d); a mode whose targets can't be chosen
  can't be chosen (700.2a-b); only the chosen modes have targets, listed mode by mode in ascending index, one
  target for each mode that has ``target`` (700.2c). A triggered ability with no mode chosen is removed from
  the stack (700.2b, 603.3c). Default: the first minimum modes, in written order, among those that can be
  chosen;
- X: chosen only when ``{X}`` is in the mana cost or the activation cost; default 0. While the spell is on the
  stack its mana value counts it (202.3e); the permanent it becomes keeps it for its enters triggers (107.3m);
- division: every target gets at least 1 and the parts add up to the amount (601.2d). Default: each target
  ⌊N/k⌋ and the first N mod k one more. A target illegal on resolution is dealt nothing and its part is dealt
  to nobody (608.2b, :func:`judgekit.engine.effects.verb_damage`).

What was announced is reported by :meth:`Announcement.report` after the step that puts the object on the stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgekit.engine.choices import Announced, ChooseModes, ChooseX, DivideAmount, TriggerTarget
from judgekit.engine.effects import EffectContext, value_context
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.specs import EffectEntry, Modal, Selector
from judgekit.engine.state import ChosenMode, Game, Ref
from judgekit.engine.values import amount as value_amount

# Why a target is illegal, as ``(code, rule, params)``, or None (``stack.target_problem_data`` for one spec).
Problem = Callable[[Any, Ref], tuple[str, str, dict[str, Any]] | None]
# The legal targets for a selector, in default order (objects in timestamp order, then players).
Candidates = Callable[[Any], list[Ref]]
# The check of targets announced for a selector (``stack._check_targets``): raises when one is illegal.
CheckTargets = Callable[[Any, list[Ref]], None]


def x_in_cost(mana: str | None) -> bool:
    """Whether a mana cost has {X} (CR 107.3a)."""
    return "{X}" in (mana or "")


def divided_entry(effect: Iterable[EffectEntry]) -> EffectEntry | None:
    """The entry whose amount is divided among the targets (``divided: true``), if any."""
    return next((e for e in effect if e.divided), None)


def _ref_data(game: Game, ref: Ref) -> dict[str, Any]:
    return {"name": game.display(ref), "player": isinstance(ref, str)}


@dataclass
class Announcement:
    """What was announced for one spell or ability, for its stack object and for the ruling.

    ``modes`` (None unless modal), ``targets`` (every target, mode by mode), ``x``, ``division`` (target ->
    part, None when nothing is divided); the ``*_given`` flags say whether the file (the action or the ANSWER)
    gave the choice or the default was taken; ``action`` is the action's key path (empty for a trigger)."""

    card: str
    kind: str
    player: str
    source_id: str
    action: Announced = ()
    modal: Modal | None = None
    modes: list[ChosenMode] | None = None
    modes_given: bool = True
    targets: list[Ref] = field(default_factory=list)
    targets_given: bool = False
    has_x: bool = False
    x: int = 0
    x_given: bool = True
    division: dict[Ref, int] | None = None
    division_given: bool = True
    amount: int = 0

    def _key(self, name: str) -> list[str | int]:
        return [*self.action, name] if self.action else []

    def report(self, game: Game, mana_value: int | None = None) -> None:
        """The steps that say what was announced (after the step that put it on the stack)."""
        trig = self.kind == "triggered"
        common = {"card": self.card, "what": self.kind, "player": self.player}
        if self.modal is not None and self.modes is not None:
            chosen = {m.index for m in self.modes}
            rules = ["603.3c", "700.2b"] if trig else ["601.2b", "700.2a"]
            if self.kind == "activated":
                rules.insert(0, "602.2b")
            if any(m.target is not None for i, m in enumerate(self.modal.modes) if i not in chosen):
                rules.append("700.2c")
            game.record("choice", "modes.modes_chosen", *rules, objects=[self.source_id], **common,
                        modes=[{"index": m.index, "targets": [_ref_data(game, t) for t in m.targets]}
                               for m in self.modes],
                        count=len(self.modal.modes), minimum=self.modal.minimum, maximum=self.modal.maximum,
                        given=self.modes_given, key=self._key("modes"))
        if self.has_x:
            rules = ["601.2b", "107.3a"] + (["202.3e"] if mana_value is not None else [])
            if self.kind == "activated":
                rules.insert(0, "602.2b")
            game.record("choice", "modes.x_chosen", *rules, objects=[self.source_id], **common, x=self.x,
                        given=self.x_given, mana_value=mana_value, key=self._key("x"))
        elif trig and self.x:
            game.record("choice", "modes.x_from_spell", "107.3m", objects=[self.source_id], **common, x=self.x)
        if self.division is not None and len(self.division) > 1:
            rules = ["603.3d", "601.2d"] if trig else ["601.2d"]
            if self.kind == "activated":
                rules.insert(0, "602.2b")
            game.record("choice", "modes.division", *rules, objects=[self.source_id], **common, amount=self.amount,
                        parts=[{"target": _ref_data(game, t), "amount": n} for t, n in self.division.items()],
                        given=self.division_given, key=self._key("divide"))


# ------------------------------------------------------------------------------------------------------
# Shared checks


def _check_modes(chosen: Sequence[int], modal: Modal, *, card: str, what: str,
                 key: tuple[str | int, ...]) -> list[int]:
    """The written mode indexes, checked: each one exists (else a problem of the file at ``key``), none twice
    (CR 700.2d), as many as the card says (700.2). Returned in ascending order (700.2c, 608.2c)."""
    for j, index in enumerate(chosen):
        if not 0 <= index < len(modal.modes):
            raise ScenarioProblem("modes.no_such_mode", (*key, j), card=card, what=what, index=index,
                                  count=len(modal.modes))
    seen: set[int] = set()
    for index in chosen:
        if index in seen:
            raise IllegalAction("modes.mode_twice", rule="700.2d", card=card, what=what, index=index)
        seen.add(index)
    if not modal.minimum <= len(chosen) <= modal.maximum:
        raise IllegalAction("modes.wrong_number", rule="700.2", card=card, what=what, chosen=len(chosen),
                            minimum=modal.minimum, maximum=modal.maximum)
    return sorted(chosen)


def _check_division(parts: dict[Ref, int], amount: int, game: Game, *, card: str, what: str) -> None:
    """CR 601.2d: every target gets at least 1 and the parts add up to the amount."""
    if any(n < 1 for n in parts.values()) or sum(parts.values()) != amount:
        raise IllegalAction("modes.division_illegal", rule="601.2d", card=card, what=what, amount=amount,
                            parts=[{"target": _ref_data(game, t), "amount": n} for t, n in parts.items()])


def _amount(game: Game, entry: EffectEntry, controller: str, source_uid: int | None, targets: list[Ref],
            x: int) -> int:
    """The amount to divide, as it is announced (its VALUE read now, with the X just chosen)."""
    ctx = EffectContext(controller=controller, source_uid=source_uid, targets=list(targets), x=x)
    return value_amount(entry.param, value_context(game, ctx))


def _pairs(game: Game, value: Any) -> dict[Ref, int]:
    """A division answer, (target, amount) pairs with written ids or refs, as target -> amount."""
    out: dict[Ref, int] = {}
    for t, n in value:
        ref = t if isinstance(t, int) else game.ref(str(t))
        out[ref] = int(n)
    return out


# ------------------------------------------------------------------------------------------------------
# Casting a spell, activating an ability


def announce_action(game: Game, action: dict[str, Any], *, card: str, kind: str, source_id: str, controller: str,
                    group: int, source_uid: int | None, modal: Modal | None, target_spec: Selector | None,
                    effect: Sequence[EffectEntry], has_x: bool, targets: list[Ref], check: CheckTargets,
                    candidates: Candidates, verb: str) -> Announcement:
    """The modes, X, targets and division of a spell being cast or an ability being activated (CR 601.2b-d,
    602.2b), from the action; ``targets`` are the targets it lists (or the keys of its ``divide``), checked
    here with ``check``; ``candidates`` gives the legal targets of a mode's selector. The keys of problems of
    the file are relative to the action; ``verb`` is ``cast`` or ``activate``."""
    announced: Announced = (*game.action_key, verb)
    ann = Announcement(card, kind, controller, source_id, announced, modal, has_x=has_x)
    # 601.2b: modes and X first.
    if action.get("modes") is not None and modal is None:
        raise ScenarioProblem("modes.not_modal", ("modes",), card=card, what=kind)
    if action.get("x") is not None:
        if not has_x:
            raise ScenarioProblem("modes.x_not_in_cost", ("x",), card=card, what=kind)
        ann.x = int(action["x"])
    elif has_x:
        decision = game.chooser.choose(ChooseX(source_id, controller, group=group, action=announced))
        ann.x, ann.x_given = int(decision.value), False
    if modal is not None:
        _action_modes(game, action, ann, modal, targets, check, candidates, group)
        if action.get("divide") is not None:
            raise ScenarioProblem("modes.nothing_divided", ("divide",), card=card, what=kind)
        return ann
    # 601.2c: the targets (checked by the caller's rules), then 601.2d: the division.
    check(target_spec, targets)
    ann.targets = list(targets)
    entry = divided_entry(effect)
    if entry is None:
        if action.get("divide") is not None:
            raise ScenarioProblem("modes.nothing_divided", ("divide",), card=card, what=kind)
        return ann
    ann.amount = _amount(game, entry, controller, source_uid, targets, ann.x)
    if action.get("divide") is not None:
        parts = {game.ref(str(t)): int(n) for t, n in action["divide"].items()}
        if set(parts) != set(targets):
            raise ScenarioProblem("modes.divide_targets", ("divide",), card=card, what=kind)
        ann.division = {t: parts[t] for t in targets}
    elif len(targets) > 1:
        decision = game.chooser.choose(DivideAmount(source_id, controller, ann.amount, tuple(targets), group=group,
                                                    action=announced))
        ann.division, ann.division_given = _pairs(game, decision.value), False
    else:
        ann.division = {t: ann.amount for t in targets}
    _check_division(ann.division, ann.amount, game, card=card, what=kind)
    return ann


def _action_modes(game: Game, action: dict[str, Any], ann: Announcement, modal: Modal, targets: list[Ref],
                  check: CheckTargets, candidates: Candidates, group: int) -> None:
    """CR 601.2b, 700.2a, 700.2c: the chosen modes and, for each one with a target, its target (the action's
    targets in order, one per such mode in ascending mode index)."""
    card, kind = ann.card, ann.kind
    written = action.get("modes")
    if written is not None:
        chosen = _check_modes([int(i) for i in written], modal, card=card, what=kind, key=("modes",))
    else:
        # 700.2a: a mode whose target can't be chosen can't be chosen; the default takes the first ones.
        available = tuple(i for i, m in enumerate(modal.modes) if m.target is None or candidates(m.target))
        if len(available) < modal.minimum:
            raise IllegalAction("modes.not_enough_modes", rule="700.2a", card=card, what=kind,
                                minimum=modal.minimum, available=len(available))
        decision = game.chooser.choose(ChooseModes(ann.source_id, ann.player, modal.minimum, modal.maximum,
                                                   available, group=group, action=ann.action))
        chosen = sorted(int(i) for i in decision.value)
        ann.modes_given = False
    targeted = [i for i in chosen if modal.modes[i].target is not None]
    if len(targets) != len(targeted):
        raise ScenarioProblem("modes.targets_count", ("targets",), card=card, what=kind, expected=len(targeted),
                              given=len(targets), modes=chosen)
    pending = iter(targets)
    ann.modes = []
    for i in chosen:
        mode = modal.modes[i]
        mine = [next(pending)] if mode.target is not None else []
        if mine:
            check(mode.target, mine)
        ann.modes.append(ChosenMode(i, mode.effect, mode.target, mine))
    ann.targets = [t for m in ann.modes for t in m.targets]


# ------------------------------------------------------------------------------------------------------
# Putting a triggered ability on the stack


@dataclass
class TriggerContext:
    """What the rules need to announce a triggered ability's choices: its source's id and name, its controller,
    its decision group (the stack object's uid), the value of X it has (107.3m), and the rules' helpers:
    ``candidates`` (legal targets of a selector), ``problem`` (why a target is illegal) and ``illegal`` (raise
    the error for an illegal written target, CR 603.3d); ``describe`` is the ability as data for the ruling."""

    game: Game
    source_id: str
    card: str
    controller: str
    group: int
    source_uid: int
    x: int
    candidates: Candidates
    problem: Problem
    illegal: Callable[..., None]  # (ref, problem, key): stops the replay (an IllegalAction)
    describe: dict[str, Any] = field(default_factory=dict)


def announce_trigger(tc: TriggerContext, modal: Modal | None, target_spec: Selector | None,
                     effect: Sequence[EffectEntry]) -> Announcement | None:
    """The modes and targets (CR 603.3c-d, 700.2b) or the targets and division (603.3d, 601.2d) of a triggered
    ability as it is put on the stack, from its source's ANSWER or the defaults. None when it is removed from
    the stack: no mode can be chosen, or no legal target (the step is recorded here)."""
    ann = Announcement(tc.card, "triggered", tc.controller, tc.source_id, x=tc.x)
    if modal is not None:
        return _trigger_modes(tc, ann, modal)
    entry = divided_entry(effect)
    assert entry is not None
    return _trigger_division(tc, ann, target_spec, entry)


def _target(tc: TriggerContext, spec: Selector | None, candidates: list[Ref], index: int) -> tuple[Ref | None, bool]:
    """The ``index``-th target of the ability: the written one (checked) or the default."""
    game = tc.game
    decision = game.chooser.choose(TriggerTarget(tc.source_id, tc.controller, tuple(candidates), group=tc.group,
                                                 index=index))
    if not decision.given:
        return decision.value, False
    ref = decision.value if isinstance(decision.value, int) else game.ref(str(decision.value))
    found = tc.problem(spec, ref)
    if found is not None:
        tc.illegal(ref, found, decision.key)
    return ref, True


def _trigger_modes(tc: TriggerContext, ann: Announcement, modal: Modal) -> Announcement | None:
    game = tc.game
    ann.modal = modal
    candidates = [tc.candidates(m.target) if m.target is not None else [] for m in modal.modes]
    available = tuple(i for i, m in enumerate(modal.modes) if m.target is None or candidates[i])
    decision = game.chooser.choose(ChooseModes(tc.source_id, tc.controller, modal.minimum, modal.maximum, available,
                                               group=tc.group))
    if decision.given:
        key = (*decision.key, "modes")
        chosen = _check_modes([int(i) for i in decision.value], modal, card=tc.card, what="triggered", key=key)
        for i in chosen:
            if i not in available:
                raise IllegalAction("modes.mode_unavailable", rule="700.2b", card=tc.card, what="triggered", index=i)
    else:
        chosen = sorted(int(i) for i in decision.value)
        ann.modes_given = False
    if len(chosen) < max(modal.minimum, 1):
        game.record("trigger", "modes.trigger_no_modes", "603.3c", "700.2b", objects=[tc.source_id], card=tc.card,
                    minimum=modal.minimum, available=len(available))
        return None
    ann.modes = []
    index = 0
    for i in chosen:
        mode = modal.modes[i]
        mine: list[Ref] = []
        if mode.target is not None:
            ref, given = _target(tc, mode.target, candidates[i], index)
            index += 1
            if ref is not None:
                mine.append(ref)
            ann.targets_given = ann.targets_given or given
        ann.modes.append(ChosenMode(i, mode.effect, mode.target, mine))
    ann.targets = [t for m in ann.modes for t in m.targets]
    return ann


def _trigger_division(tc: TriggerContext, ann: Announcement, spec: Selector | None,
                      entry: EffectEntry) -> Announcement | None:
    """A divided amount among one or more targets (Inferno Titan): the first target as always, further ones
    while the ANSWER lists them, then the division (601.2d)."""
    game = tc.game
    candidates = tc.candidates(spec)
    first, given = _target(tc, spec, candidates, 0)
    if first is None:
        game.record("trigger", "triggers.no_legal_targets", "603.3d", objects=[tc.source_id], trigger=tc.describe)
        return None
    targets = [first]
    ann.targets_given = given
    ann.amount = _amount(game, entry, tc.controller, tc.source_uid, targets, tc.x)
    while given and len(targets) < ann.amount:
        decision = game.chooser.choose(TriggerTarget(tc.source_id, tc.controller, (), group=tc.group,
                                                     index=len(targets), additional=True))
        if not decision.given or decision.value is None:
            break
        ref = decision.value if isinstance(decision.value, int) else game.ref(str(decision.value))
        found = tc.problem(spec, ref)
        if found is not None:
            tc.illegal(ref, found, decision.key)
        if ref in targets:
            raise IllegalAction("stack.target_chosen_twice", rule="601.2c", target=_ref_data(game, ref), card=tc.card,
                                ability=True)
        targets.append(ref)
    ann.targets = targets
    if len(targets) > 1:
        decision = game.chooser.choose(DivideAmount(tc.source_id, tc.controller, ann.amount, tuple(targets),
                                                    group=tc.group))
        parts = _pairs(game, decision.value)
        ann.division_given = decision.given
        if decision.given and set(parts) != set(targets):
            raise ScenarioProblem("modes.divide_targets", (*decision.key, "divide"), card=tc.card, what="triggered")
        ann.division = {t: parts[t] for t in targets}
    else:
        ann.division, ann.division_given = {first: ann.amount}, given
    if ann.amount < 1 and not given:
        # 603.3d: the amount can't be divided (every target needs at least 1): the ability is removed.
        game.record("trigger", "modes.trigger_cannot_divide", "603.3d", "601.2d", objects=[tc.source_id],
                    card=tc.card, amount=ann.amount)
        return None
    _check_division(ann.division, ann.amount, game, card=tc.card, what="triggered")
    return ann
